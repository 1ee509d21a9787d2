import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import TableViewIcon from '@mui/icons-material/TableView';
import type { ExportFile } from '../../../api/contract';
import { exportFileDownloadPath } from '../../../api/exports';
import { CopyButton, EmptyState } from '../../../components';
import { formatCount } from '../../../lib/format';
import { ExportPreviewTable } from './ExportPreviewTable';

export interface ExportFilesProps {
  exportId: string;
  files: ExportFile[];
}

/**
 * What the export wrote, one row per object with its row count (`urlRowCountMap`). The platform's
 * own files are downloaded through the gateway and their first rows previewed here; an S3 object
 * is read from its bucket, so only its URL is shown.
 */
export function ExportFiles({ exportId, files }: ExportFilesProps) {
  const [previewed, setPreviewed] = useState<number>();
  if (files.length === 0)
    return (
      <EmptyState
        title="No file"
        description="An export lists its files once it has written them."
      />
    );
  return (
    <Stack spacing={2}>
      <TableContainer>
        <Table size="small" aria-label="Files">
          <TableHead>
            <TableRow>
              <TableCell>Object</TableCell>
              <TableCell align="right">Rows</TableCell>
              <TableCell sx={{ position: 'relative' }}>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file, n) => (
              <TableRow key={file.url}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Box component="code" sx={{ fontSize: 13 }}>
                    {file.url}
                  </Box>
                  <CopyButton value={file.url} label="Copy the object's URL" />
                </TableCell>
                <TableCell align="right">{formatCount(file.rows)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {file.downloadable ? (
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        startIcon={<DownloadIcon />}
                        href={exportFileDownloadPath(exportId, n)}
                        download
                        aria-label={`Download ${file.name}`}
                      >
                        Download
                      </Button>
                      <Button
                        size="small"
                        startIcon={<TableViewIcon />}
                        aria-pressed={previewed === n}
                        onClick={() => setPreviewed(previewed === n ? undefined : n)}
                      >
                        Preview
                      </Button>
                    </Stack>
                  ) : (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      In its bucket
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {previewed !== undefined && files[previewed] && (
        <ExportPreviewTable exportId={exportId} file={previewed} name={files[previewed].name} />
      )}
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1,
  height: 1,
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
