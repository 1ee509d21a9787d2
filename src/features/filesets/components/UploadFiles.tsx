import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useFilesetPermission } from '../../../api/access/get-file-access';
import { isApiError } from '../../../api/errors';
import { Guard } from '../../../components';
import { formatBytes } from '../../../lib/format';
import { useFileUploads, type UploadItem } from '../hooks/use-file-uploads';

/**
 * Choose files and a folder; each file uploads with its own progress bar. Only the fileset's owner
 * and Admins may upload: for anyone else the action is disabled, with the reason.
 */
export function UploadFiles({ filesetId, directory }: { filesetId: string; directory: string }) {
  const permission = useFilesetPermission(filesetId, 'uploadFile');
  const inputId = useId();
  const [directoryPath, setDirectoryPath] = useState(directory);
  const uploads = useFileUploads(filesetId);
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'row', md: 'column', xl: 'row' }} spacing={1}>
        <TextField
          label="Upload to folder"
          size="small"
          value={directoryPath}
          onChange={(e) => setDirectoryPath(e.target.value)}
          placeholder="The fileset's root"
          sx={{ flex: 1 }}
          fullWidth
        />
        <Guard {...permission}>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={uploads.busy}
            sx={{ height: 40, whiteSpace: 'nowrap', alignSelf: { md: 'flex-start', xl: 'auto' } }}
          >
            Upload files
          </Button>
        </Guard>
        <input
          id={inputId}
          type="file"
          multiple
          hidden
          disabled={!permission.allowed}
          aria-label="Files to upload"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) void uploads.start(files, directoryPath.trim());
          }}
        />
      </Stack>
      {uploads.items.length > 0 && (
        <Stack
          component="ul"
          aria-label="Uploads"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {uploads.items.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
          {!uploads.busy && (
            <Box>
              <Button size="small" onClick={uploads.clear}>
                Clear finished uploads
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}

const stateText = (item: UploadItem) => {
  if (item.state === 'done') return 'Uploaded';
  if (item.state === 'waiting') return 'Waiting';
  if (item.state === 'failed')
    return `Failed: ${isApiError(item.error) ? item.error.message : 'the upload did not finish'}`;
  return `${formatBytes(item.loaded)} of ${formatBytes(item.size)}`;
};

function UploadRow({ item }: { item: UploadItem }) {
  const percent = item.size > 0 ? Math.round((item.loaded / item.size) * 100) : 0;
  return (
    <Box component="li">
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {item.name}
      </Typography>
      <LinearProgress
        variant={item.state === 'waiting' ? 'indeterminate' : 'determinate'}
        value={item.state === 'done' ? 100 : percent}
        color={item.state === 'failed' ? 'error' : item.state === 'done' ? 'success' : 'primary'}
        aria-label={`Upload of ${item.name}`}
        sx={{ my: 0.5 }}
      />
      <Typography
        variant="caption"
        role="status"
        sx={{ color: item.state === 'failed' ? 'error.main' : 'text.secondary' }}
      >
        {stateText(item)}
      </Typography>
    </Box>
  );
}
