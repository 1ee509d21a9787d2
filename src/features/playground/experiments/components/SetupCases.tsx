import { Controller, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Dataset } from '../../../../api/contract';
import { EXPERIMENT_LIMITS } from '../../../../api/contract';
import { FormSelectField, FormTextField } from '../../../../components/form';
import { formatCount, plural } from '../../../../lib/format';
import type { SetupForm } from '../lib/setup-form';

interface SetupCasesProps {
  control: Control<SetupForm>;
  casesBy: SetupForm['casesBy'];
  datasets: Dataset[] | undefined;
  datasetsLoading: boolean;
  datasetsError: boolean;
  columns: string[];
  columnsLoading: boolean;
}

/** The dataset, by name, and which of its rows are the cases: a range, or those matching. */
export function SetupCases({
  control,
  casesBy,
  datasets,
  datasetsLoading,
  datasetsError,
  columns,
  columnsLoading,
}: SetupCasesProps) {
  const columnChoices = columns.map((c) => ({ value: c, label: c }));
  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="datasetId"
        render={({ field, fieldState }) => {
          const picked = datasets?.find((d) => d.id === field.value) ?? null;
          return (
            <Autocomplete<Dataset>
              options={datasets ?? []}
              loading={datasetsLoading}
              value={picked}
              onChange={(_, next) => field.onChange(next?.id ?? '')}
              onBlur={field.onBlur}
              getOptionLabel={(d) => d.name}
              getOptionKey={(d) => d.id}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label="Dataset"
                  required
                  error={fieldState.invalid}
                  helperText={
                    fieldState.error?.message ??
                    (datasetsError
                      ? 'The datasets cannot be listed: reload the page to try again.'
                      : picked
                        ? `${plural(picked.rowCount, 'row')} · ${plural(picked.columnCount, 'column')}`
                        : 'Its rows are the cases.')
                  }
                />
              )}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="casesBy"
        render={({ field }) => (
          <RadioGroup
            row
            aria-label="Which rows"
            value={field.value}
            onChange={(_, value) => field.onChange(value)}
          >
            <FormControlLabel value="range" control={<Radio />} label="A range of rows" />
            <FormControlLabel value="filter" control={<Radio />} label="Rows matching a filter" />
          </RadioGroup>
        )}
      />
      {casesBy === 'filter' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormSelectField
            control={control}
            name="filterColumn"
            label="Column"
            choices={columnChoices}
            emptyText={columnsLoading ? 'Loading the columns…' : 'Pick a dataset first'}
            sx={{ minWidth: 200 }}
          />
          <FormSelectField
            control={control}
            name="filterOperator"
            label="Operator"
            choices={[
              { value: 'EQUALS', label: 'equals' },
              { value: 'CONTAINS', label: 'contains' },
            ]}
            sx={{ minWidth: 140 }}
          />
          <FormTextField control={control} name="filterValue" label="Value" fullWidth />
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {casesBy === 'range' && (
          <FormTextField
            control={control}
            name="offset"
            label="First row"
            helperText="0 is the first row"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
        <FormTextField
          control={control}
          name="limit"
          label={casesBy === 'range' ? 'Rows' : 'At most rows'}
          required
          helperText={`Up to ${formatCount(EXPERIMENT_LIMITS.cases)}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
    </Stack>
  );
}
