import { Controller, useFormContext } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { WizardValues } from '../model/wizard-values';

/** Step 6: the dataset the stream creates and fills. */
export function DatasetStep() {
  const { control } = useFormContext<WizardValues>();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Controller
        control={control}
        name="dataset.name"
        render={({ field, fieldState }) => (
          <TextField
            required
            label="Dataset name"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'How the dataset is listed'}
            fullWidth
          />
        )}
      />
      <Controller
        control={control}
        name="dataset.description"
        render={({ field, fieldState }) => (
          <TextField
            label="Description"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ?? 'Optional: what the rows are and where they come from'
            }
            multiline
            minRows={3}
            fullWidth
          />
        )}
      />
    </Stack>
  );
}
