import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PreviewIcon from '@mui/icons-material/Preview';
import { useState } from 'react';
import type { FileRevision } from '../../../api/contract/files';
import { DateTime, StatusChip, UserName } from '../../../components';
import { formatBytes, formatDuration } from '../../../lib/format';
import { canPreview } from '../lib/revisions';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { HashValue } from './HashValue';
import { RevisionDownload } from './RevisionDownload';
import { RevisionPreviewDialog } from './RevisionPreviewDialog';
import { ScanStateChip } from './ScanStateChip';

export interface RevisionsTableProps {
  fileName: string;
  /** Newest first (4.12). */
  revisions: FileRevision[];
  numbers: Map<number, number>;
}

export function RevisionsTable({ fileName, revisions, numbers }: RevisionsTableProps) {
  const [previewing, setPreviewing] = useState<FileRevision>();
  const nameOf = (revision: FileRevision) =>
    `Revision ${numbers.get(revision.dataFileRevisionId) ?? '?'}`;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Revisions" size="small">
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>Revision</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell>Content type</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell>Scan</TableCell>
              <TableCell>MD5</TableCell>
              <TableCell>SHA-256</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Preview and download
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {revisions.map((revision, i) => {
              const name = nameOf(revision);
              return (
                <TableRow key={revision.dataFileRevisionId} hover>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{name}</span>
                      {i === 0 && <StatusChip label="Current" tone="neutral" />}
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(revision.sizeBytes)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{revision.contentType}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={`Took ${formatDuration(revision.uploadTimeMillis)} to arrive`}>
                      <span>
                        <DateTime value={revision.datetimeUploaded} />
                      </span>
                    </Tooltip>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      by <UserName id={revision.uploadUserId} />
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <ScanStateChip state={revision.scanState} />
                  </TableCell>
                  <TableCell>
                    <HashValue value={revision.md5Hash} label={`MD5 of ${name}`} />
                  </TableCell>
                  <TableCell>
                    <HashValue value={revision.sha256HashValue} label={`SHA-256 of ${name}`} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canPreview(revision.contentType, fileName) && (
                      <Tooltip title={`Preview ${name}`}>
                        <IconButton
                          aria-label={`Preview ${name}`}
                          aria-haspopup="dialog"
                          size="small"
                          onClick={() => setPreviewing(revision)}
                        >
                          <PreviewIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    <RevisionDownload fileName={fileName} revision={revision} revisionName={name} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {previewing && (
        <RevisionPreviewDialog
          open
          onClose={() => setPreviewing(undefined)}
          fileName={fileName}
          revision={previewing}
          revisionName={nameOf(previewing)}
        />
      )}
    </Paper>
  );
}
