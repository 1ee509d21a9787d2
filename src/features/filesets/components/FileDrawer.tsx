import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  FILE_PREVIEW_BYTES,
  fileDownloadPath,
  isTextContent,
  useFilePreview,
} from '../../../api/filesets';
import {
  DateTime,
  DefinitionList,
  DrawerHeader,
  ErrorState,
  LoadingState,
  SideDrawer,
  UserName,
} from '../../../components';
import { formatBytes } from '../../../lib/format';
import { DeleteFileButton } from './DeleteFileButton';

/** What the drawer knows of the file: from the file listing, or from a match (no author). */
export interface OpenFile {
  id: string;
  name: string;
  path: string;
  contentType: string;
  size: number;
  created: string | number;
  createdBy?: number;
}

export interface FileDrawerProps {
  filesetId: string;
  file: OpenFile | undefined;
  open: boolean;
  onClose: () => void;
}

/** A file read in place: text as preformatted text (its first 200 KB), anything else to download. */
export function FileDrawer({ filesetId, file, open, onClose }: FileDrawerProps) {
  return (
    <SideDrawer
      open={open}
      onClose={onClose}
      labelledBy="file-drawer-title"
      paperSx={{ width: { xs: '100%', md: 720 }, p: 3 }}
    >
      <DrawerHeader closeLabel="Close the file" onClose={onClose}>
        <Typography
          id="file-drawer-title"
          variant="h6"
          component="h2"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {file?.name ?? 'File'}
        </Typography>
      </DrawerHeader>
      {file ? (
        <FileBody filesetId={filesetId} file={file} onDeleted={onClose} />
      ) : (
        <Alert severity="info">
          This file is not in the fileset’s listing; it may have been deleted.
        </Alert>
      )}
    </SideDrawer>
  );
}

function FileBody({
  filesetId,
  file,
  onDeleted,
}: {
  filesetId: string;
  file: OpenFile;
  onDeleted: () => void;
}) {
  const text = isTextContent(file.contentType);
  const preview = useFilePreview(filesetId, file.id, text);
  const download = (
    <Button
      component="a"
      href={fileDownloadPath(filesetId, file.id)}
      download={file.name}
      variant={text ? 'text' : 'contained'}
      startIcon={<DownloadIcon />}
    >
      Download
    </Button>
  );
  return (
    <Stack spacing={2} sx={{ minHeight: 0 }}>
      <DefinitionList
        items={[
          {
            label: 'Path',
            value: <Box sx={{ fontFamily: 'monospace' }}>{file.path}</Box>,
          },
          { label: 'Type', value: file.contentType },
          { label: 'Size', value: formatBytes(file.size) },
          { label: 'Created', value: <DateTime value={file.created} /> },
          ...(file.createdBy === undefined
            ? []
            : [{ label: 'Created by', value: <UserName id={file.createdBy} /> }]),
        ]}
      />
      <Stack direction="row" spacing={1}>
        {download}
        <DeleteFileButton filesetId={filesetId} file={file} onDeleted={onDeleted} />
      </Stack>
      {!text && (
        <Alert severity="info">
          A {file.contentType} file is not shown here; download it to open it.
        </Alert>
      )}
      {text && preview.isPending && <LoadingState variant="details" label="Reading the file" />}
      {text && preview.isError && (
        <ErrorState
          error={preview.error}
          onRetry={() => void preview.refetch()}
          title="Could not read the file"
        />
      )}
      {text && preview.data && (
        <>
          {preview.data.truncated && (
            <Alert severity="info">
              Showing the first {formatBytes(FILE_PREVIEW_BYTES)} of {formatBytes(file.size)};
              download the file for the rest.
            </Alert>
          )}
          <Box
            component="pre"
            tabIndex={0}
            aria-label={`Content of ${file.name}`}
            sx={{
              m: 0,
              p: 2,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              overflow: 'auto',
            }}
          >
            {preview.data.text || '(empty file)'}
          </Box>
        </>
      )}
    </Stack>
  );
}
