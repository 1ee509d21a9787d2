import { useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { format } from 'date-fns';
import type { FileMetadata } from '../../../api/contract/files';
import { ErrorState } from '../../../components';
import { BusyButton } from '../../../components/BusyButton';
import { useDataFileChoice } from '../hooks/use-data-file-choice';
import { formatBytes } from '../model/format';
import type { WizardValues } from '../model/wizard-values';
import { configurationName, type ConfigurationFieldProps } from './ConfigurationField';

const details = (file: FileMetadata) => {
  const revision = file.currentRevision;
  const size = revision ? `${formatBytes(revision.sizeBytes)} · ` : '';
  return `${size}uploaded ${format(revision?.datetimeUploaded ?? file.datetimeCreated, 'd MMM yyyy, HH:mm')}`;
};

/** A data file: pick one already uploaded, or upload a CSV, which is then the one picked. */
export function DataFileField({ field }: ConfigurationFieldProps) {
  const { control } = useFormContext<WizardValues>();
  const name = configurationName(field);
  const choice = useDataFileChoice(name);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameOf = (id: string) =>
    choice.files.find((f) => String(f.dataFileId) === id)?.name ?? `Data file ${id}`;

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {choice.error ? (
        <ErrorState
          title="Could not load the data files"
          error={choice.error}
          onRetry={choice.retry}
        />
      ) : null}
      <Controller
        control={control}
        name={name}
        render={({ field: input, fieldState }) => {
          const value = input.value ?? '';
          const listed = choice.files.some((f) => String(f.dataFileId) === value);
          return (
            <TextField
              select
              label={field.label}
              required={field.required}
              name={input.name}
              value={value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              inputRef={input.ref}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                (choice.loading ? 'Loading the data files…' : field.help)
              }
              disabled={choice.loading}
              fullWidth
              slotProps={{
                select: {
                  renderValue: (selected) => nameOf(String(selected)),
                  MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
                },
              }}
            >
              {choice.files.length === 0 && (
                <MenuItem disabled value="">
                  No data files yet: upload a CSV
                </MenuItem>
              )}
              {value && !listed && <MenuItem value={value}>Data file {value}</MenuItem>}
              {choice.files.map((file) => (
                <MenuItem key={file.dataFileId} value={String(file.dataFileId)}>
                  <ListItemText primary={file.name} secondary={details(file)} />
                </MenuItem>
              ))}
            </TextField>
          );
        }}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <BusyButton
          variant="outlined"
          icon={<UploadFileIcon />}
          busy={choice.uploading}
          onClick={() => fileInput.current?.click()}
        >
          Upload a CSV
        </BusyButton>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) choice.uploadCsv(file);
            event.target.value = '';
          }}
        />
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          {choice.uploading
            ? 'Uploading…'
            : choice.uploaded
              ? `Uploaded ${choice.uploaded}; it is selected above.`
              : 'A CSV with a header row; it becomes a data file.'}
        </Typography>
      </Stack>
      {choice.uploadError ? (
        <ErrorState title="The upload failed" error={choice.uploadError} />
      ) : null}
    </Stack>
  );
}
