import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useAddDataFileRevision } from '../../../api/files/add-data-file-revision';
import { ErrorState } from '../../../components';
import { formatBytes } from '../../../lib/format';
import { useUploadProgress } from '../hooks/use-upload-progress';
import { FileChooser } from './FileChooser';
import { UploadProgressBar } from './UploadProgressBar';

/** Uploads a new revision; it becomes the file's current one (4.12). */
export function AddRevisionForm({ dataFileId }: { dataFileId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [uploaded, setUploaded] = useState<string>();
  const { progress, onProgress, reset } = useUploadProgress();
  const upload = useAddDataFileRevision(onProgress);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose the file to upload');
    if (file.size === 0) return setError('This file is empty');
    reset();
    setUploaded(undefined);
    upload.mutate(
      { dataFileId, file },
      {
        onSuccess: () => {
          setUploaded(`${file.name} (${formatBytes(file.size)}) is the current revision now.`);
          setFile(null);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" aria-label="New revision" noValidate onSubmit={submit} spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <FileChooser
            label="Revision file"
            file={file}
            onChange={(chosen) => {
              setFile(chosen);
              setError(undefined);
            }}
            disabled={upload.isPending}
            error={error}
          />
          <Button type="submit" variant="contained" loading={upload.isPending}>
            Upload revision
          </Button>
        </Stack>
        {upload.isPending && file && <UploadProgressBar progress={progress} size={file.size} />}
        {upload.isError && <ErrorState error={upload.error} title="The upload failed" />}
        {uploaded && !upload.isPending && (
          <Alert severity="success" onClose={() => setUploaded(undefined)}>
            {uploaded}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
