import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useResourceOptions, type ResourceOption } from '../hooks/use-resource-options';
import type { ResourceKind, StepField } from '../lib/step-fields';

const sameId = (id: string | number, value: unknown) =>
  (typeof value === 'string' || typeof value === 'number') && String(id) === String(value);

interface ResourceFieldProps {
  field: StepField;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  idPrefix: string;
  kind: ResourceKind;
}

/**
 * A dataset, collection or stream, searched and picked by its name; the step keeps its id. Free
 * text stays possible, for a reference (`${input.datasetId}`) or an id the list does not hold.
 */
export function ResourceField({
  field,
  value,
  onChange,
  error,
  idPrefix,
  kind,
}: ResourceFieldProps) {
  const { options, loading, error: listError } = useResourceOptions(kind);
  const picked = options.find((o) => sameId(o.id, value));
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const write = (next: string) => {
    const named = options.find((o) => o.label === next);
    if (named) onChange(named.id);
    else if (next === '' && !field.required) onChange(undefined);
    else if (field.acceptsNumber && /^[1-9]\d{0,9}$/.test(next)) onChange(Number(next));
    else onChange(next);
  };
  return (
    <Autocomplete<ResourceOption, false, false, true>
      id={`${idPrefix}-${field.key}`}
      freeSolo
      size="small"
      fullWidth
      options={options}
      loading={loading}
      value={picked ?? (text || null)}
      inputValue={picked?.label ?? text}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      getOptionKey={(o) => (typeof o === 'string' ? o : String(o.id))}
      isOptionEqualToValue={(o, v) => typeof v !== 'string' && sameId(o.id, v.id)}
      onChange={(_, next) => {
        if (next === null) write('');
        else if (typeof next === 'string') write(next);
        else onChange(next.id);
      }}
      onInputChange={(_, next, reason) => {
        if (reason === 'input' || reason === 'clear') write(next);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={field.label}
          required={field.required}
          error={Boolean(error)}
          helperText={
            error ??
            (listError
              ? `The ${kind}s could not be read: type the id or a reference.`
              : picked
                ? `id ${String(picked.id)}`
                : field.help)
          }
        />
      )}
    />
  );
}
