import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { uploadDataFileInput, useUploadDataFile } from '../../../api/files/upload-data-file';
import { ErrorState } from '../../../components';
import { useUploadProgress } from '../hooks/use-upload-progress';
import { dataFilePath } from '../../../lib/paths';
import { FileChooser } from './FileChooser';
import { UploadProgressBar } from './UploadProgressBar';

export interface UploadDataFileDialogProps {
  open: boolean;
  onClose: () => void;
}

type Errors = Partial<Record<'file' | 'name', string>>;

/** A new data file: its first revision, a name (the file's by default) and a description. */
export function UploadDataFileDialog({ open, onClose }: UploadDataFileDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { progress, onProgress, reset } = useUploadProgress();
  const upload = useUploadDataFile(onProgress);
  const navigate = useNavigate();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen && !name.trim()) setName(chosen.name);
    setErrors((e) => ({ ...e, file: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = uploadDataFileInput.safeParse({
      file: file ?? undefined,
      name,
      description: description.trim() || undefined,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'file') next.file = 'Choose the file to upload';
        if (issue.path[0] === 'name') next.name = issue.message;
      }
      setErrors(next);
      return;
    }
    if (parsed.data.file.size === 0) {
      setErrors({ file: 'This file is empty' });
      return;
    }
    reset();
    upload.mutate(parsed.data, {
      onSuccess: ({ dataFileId }) => void navigate(dataFilePath(dataFileId)),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={upload.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="upload-data-file-title"
    >
      <form onSubmit={submit} aria-labelledby="upload-data-file-title" noValidate>
        <DialogTitle id="upload-data-file-title">Upload a data file</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FileChooser
              label="Data file"
              file={file}
              onChange={choose}
              disabled={upload.isPending}
              error={errors.file}
            />
            <TextField
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              disabled={upload.isPending}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={2}
              disabled={upload.isPending}
            />
            {upload.isPending && file && <UploadProgressBar progress={progress} size={file.size} />}
            {upload.isError && <ErrorState error={upload.error} title="The upload failed" />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={upload.isPending}>
            Upload
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
