import { Controller, useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Dataset } from '../../../api/contract';
import { useDatasetPermission } from '../../../api/access';
import { ErrorState, Guard } from '../../../components';
import { FormCheckbox, FormTextField } from '../../../components/form';
import type { ExportFormState } from '../hooks/use-export-form';
import { objectKeyPreview } from '../lib/records';

export interface ExportFormProps {
  dataset: Dataset;
  state: ExportFormState;
  /** The dataset's column names, in order; undefined while the schema loads. */
  columns: string[] | undefined;
  /** True while an export of the dataset runs: the platform would return it, not start one. */
  running: boolean;
}

const fieldSx = { flex: '1 1 220px', minWidth: 0 };

/** The bucket's credentials: password fields, never kept (the form clears them once sent). */
const credentials = [
  {
    name: 'awsAccessKey',
    label: 'Access key',
    autoComplete: 'off',
    help: 'Needed by an S3 bucket; sent with this request only, never kept',
  },
  {
    name: 'awsAccessSecret',
    label: 'Secret',
    autoComplete: 'new-password',
    help: 'Cleared as soon as the export is sent',
  },
] as const;

export const RUNNING_REASON =
  'An export of this dataset is running: the platform runs one at a time. Start another when it ends.';

export function ExportForm({ dataset, state, columns, running }: ExportFormProps) {
  const { form, submit, pending, error } = state;
  const permission = useDatasetPermission(dataset.id, 'read');
  const { errors } = form.formState;
  const [bucket, path, compression] = useWatch({
    control: form.control,
    name: ['bucket', 'path', 'compression'],
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="New export">
      <Stack spacing={2.5}>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          <TextField
            {...form.register('bucket')}
            label="Bucket"
            required
            error={!!errors.bucket}
            helperText={errors.bucket?.message ?? 'For example: analytics-exports'}
            sx={fieldSx}
          />
          <TextField
            {...form.register('path')}
            label="Path"
            error={!!errors.path}
            helperText={errors.path?.message ?? `Empty: the dataset id (${dataset.id})`}
            sx={fieldSx}
          />
          <TextField
            {...form.register('region')}
            label="Region"
            error={!!errors.region}
            helperText={errors.region?.message ?? 'For example: eu-west-1'}
            sx={fieldSx}
          />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Writes to{' '}
          <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
            {objectKeyPreview(bucket, path || dataset.id, compression)}
          </Box>
        </Typography>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          {credentials.map((field) => (
            <TextField
              key={field.name}
              {...form.register(field.name)}
              label={field.label}
              type="password"
              autoComplete={field.autoComplete}
              helperText={field.help}
              sx={fieldSx}
            />
          ))}
        </Stack>
        <Controller
          control={form.control}
          name="columns"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={columns ?? []}
              loading={columns === undefined}
              value={field.value}
              onChange={(_e, value) => field.onChange(value)}
              onBlur={field.onBlur}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Columns"
                  placeholder={field.value.length ? '' : 'Every column, in the dataset’s order'}
                  helperText="Pick columns to export only those, in the order picked"
                />
              )}
            />
          )}
        />
        <Stack
          direction="row"
          useFlexGap
          spacing={3}
          sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <FormTextField
            control={form.control}
            name="compression"
            select
            label="Compression"
            sx={{ width: 200 }}
          >
            <MenuItem value="none">None (.csv)</MenuItem>
            <MenuItem value="gzip">gzip (.csv.gz)</MenuItem>
          </FormTextField>
          <FormCheckbox
            control={form.control}
            name="includeBOM"
            label="Byte order mark"
            help="Helps Excel read UTF-8"
          />
          <FormCheckbox
            control={form.control}
            name="useCache"
            label="Reuse an unchanged export"
            help="When the data has not changed, the last export is returned instead"
          />
        </Stack>
        {error ? <ErrorState error={error} title="The export was not started" /> : null}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Guard
            allowed={permission.allowed && !running}
            reason={running ? RUNNING_REASON : permission.reason}
          >
            <Button
              type="submit"
              variant="contained"
              loading={pending}
              aria-describedby={running ? `${dataset.id}-running` : undefined}
            >
              Start export
            </Button>
          </Guard>
          {running && (
            <Typography
              id={`${dataset.id}-running`}
              variant="body2"
              sx={{ color: 'text.secondary' }}
            >
              {RUNNING_REASON}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
