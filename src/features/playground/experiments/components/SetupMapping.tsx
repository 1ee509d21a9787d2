import type { Control } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormSelectField } from '../../../../components/form';
import type { SetupForm } from '../lib/setup-form';

interface SetupMappingProps {
  control: Control<SetupForm>;
  names: string[];
  columns: string[];
  columnsLoading: boolean;
}

/** Each placeholder of the templates and the column that fills it, and the expected column. */
export function SetupMapping({ control, names, columns, columnsLoading }: SetupMappingProps) {
  const choices = columns.map((c) => ({ value: c, label: c }));
  const emptyText = columnsLoading ? 'Loading the columns…' : 'Pick a dataset first';
  return (
    <Stack spacing={2}>
      {names.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The prompt has no placeholders: every case sends it as it is.
        </Typography>
      ) : (
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          {names.map((name) => (
            <FormSelectField
              key={name}
              control={control}
              name={`mapping.${name}`}
              label={`\${${name}}`}
              choices={choices}
              emptyText={emptyText}
              sx={{ minWidth: 220 }}
            />
          ))}
        </Stack>
      )}
      <FormSelectField
        control={control}
        name="expectedColumn"
        label="Expected answer (optional)"
        helperText="The column the comparing scorers check each answer against"
        choices={[{ value: '', label: 'None' }, ...choices]}
        sx={{ maxWidth: 360 }}
      />
    </Stack>
  );
}
