import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { format } from 'date-fns';
import type { FileMetadata } from '../../../api/contract/files';
import { ErrorState } from '../../../components';
import { BusyButton } from '../../../components/BusyButton';
import { FormSelectField } from '../../../components/form';
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

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {choice.error ? (
        <ErrorState
          title="Could not load the data files"
          error={choice.error}
          onRetry={choice.retry}
        />
      ) : null}
      <FormSelectField
        control={control}
        name={name}
        label={field.label}
        required={field.required}
        helperText={choice.loading ? 'Loading the data files…' : field.help}
        disabled={choice.loading}
        fullWidth
        choices={choice.files.map((file) => ({
          value: String(file.dataFileId),
          label: file.name,
          detail: details(file),
        }))}
        unlisted={(id) => ({ value: id, label: `Data file ${id}` })}
        emptyText="No data files yet: upload a CSV"
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
