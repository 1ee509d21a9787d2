import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useAddDataFileRevision } from '../../../api/files/add-data-file-revision';
import { useDataFilePermission } from '../../../api/access/get-file-access';
import { ErrorState, Guard } from '../../../components';
import { formatBytes } from '../../../lib/format';
import { useUploadProgress } from '../hooks/use-upload-progress';
import { FileChooser } from './FileChooser';
import { UploadProgressBar } from './UploadProgressBar';

/**
 * Uploads a new revision; it becomes the file's current one (4.12). Only its responsible user and
 * Admins may: for anyone else the form is disabled, with the reason.
 */
export function AddRevisionForm({ dataFileId }: { dataFileId: number }) {
  const permission = useDataFilePermission(dataFileId, 'revise');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [uploaded, setUploaded] = useState<string>();
  const { progress, onProgress, reset } = useUploadProgress();
  const upload = useAddDataFileRevision(onProgress);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!permission.allowed) return;
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
            disabled={upload.isPending || !permission.allowed}
            error={error}
          />
          <Guard {...permission}>
            <Button type="submit" variant="contained" loading={upload.isPending}>
              Upload revision
            </Button>
          </Guard>
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
