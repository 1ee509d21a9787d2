import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FILE_TREE_LIMIT, useFilesetFiles } from '../../../api/filesets';
import { EmptyState, ErrorState, LoadingState } from '../../../components';
import { formatCount } from '../../../lib/format';
import { buildFileTree } from '../lib/file-tree';
import { FileTree } from './FileTree';
import { UploadFiles } from './UploadFiles';

export interface FilesPanelProps {
  filesetId: string;
  directory: string;
  selectedFileId?: string;
  fileHref: (fileId: string) => string;
}

/** The fileset's files as a tree of folders, and uploads into it. */
export function FilesPanel({ filesetId, directory, selectedFileId, fileHref }: FilesPanelProps) {
  const files = useFilesetFiles(filesetId);
  const tree = useMemo(() => buildFileTree(files.data?.files ?? []), [files.data]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="files-heading" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="files-heading" variant="subtitle1" component="h2">
          Files
          {files.data && (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
              {formatCount(files.data.files.length)}
            </Typography>
          )}
        </Typography>
        <UploadFiles key={filesetId} filesetId={filesetId} directory={directory} />
        <Divider />
        {files.isPending && <LoadingState rows={6} label="Loading the files" />}
        {files.isError && (
          <ErrorState
            error={files.error}
            onRetry={() => void files.refetch()}
            title="Could not list the files"
          />
        )}
        {files.data?.truncated && (
          <Alert severity="info">
            Showing the first {formatCount(FILE_TREE_LIMIT)} files by path; search finds them all.
          </Alert>
        )}
        {files.data && files.data.files.length === 0 && (
          <EmptyState title="No files yet" description="Upload files to search them." />
        )}
        {files.data && files.data.files.length > 0 && (
          <Box sx={{ maxHeight: '60vh', overflowY: 'auto', mx: -1 }}>
            <FileTree root={tree} fileHref={fileHref} selectedFileId={selectedFileId} />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
