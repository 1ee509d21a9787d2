import { useFormContext } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/form';
import type { WizardValues } from '../model/wizard-values';

/** Step 6: the dataset the stream creates and fills. */
export function DatasetStep() {
  const { control } = useFormContext<WizardValues>();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <FormTextField
        control={control}
        name="dataset.name"
        required
        label="Dataset name"
        helperText="How the dataset is listed"
        fullWidth
      />
      <FormTextField
        control={control}
        name="dataset.description"
        label="Description"
        helperText="Optional: what the rows are and where they come from"
        multiline
        minRows={3}
        fullWidth
      />
    </Stack>
  );
}
