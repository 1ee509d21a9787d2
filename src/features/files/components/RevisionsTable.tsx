import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PreviewIcon from '@mui/icons-material/Preview';
import { useState } from 'react';
import type { FileRevision } from '../../../api/contract/files';
import { DataTable, DateTime, StatusChip, UserName, type DataColumn } from '../../../components';
import { formatBytes, formatDuration } from '../../../lib/format';
import { canPreview } from '../lib/revisions';
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
  const columns: DataColumn<FileRevision>[] = [
    {
      key: 'revision',
      header: 'Revision',
      rowHeader: true,
      nowrap: true,
      cell: (revision) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{nameOf(revision)}</span>
          {revision === revisions[0] && <StatusChip label="Current" tone="neutral" />}
        </Stack>
      ),
    },
    {
      key: 'size',
      header: 'Size',
      align: 'right',
      nowrap: true,
      cell: (revision) => formatBytes(revision.sizeBytes),
    },
    {
      key: 'type',
      header: 'Content type',
      nowrap: true,
      cell: (revision) => revision.contentType,
    },
    {
      key: 'uploaded',
      header: 'Uploaded',
      nowrap: true,
      cell: (revision) => (
        <>
          <Tooltip title={`Took ${formatDuration(revision.uploadTimeMillis)} to arrive`}>
            <span>
              <DateTime value={revision.datetimeUploaded} />
            </span>
          </Tooltip>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            by <UserName id={revision.uploadUserId} />
          </Typography>
        </>
      ),
    },
    {
      key: 'scan',
      header: 'Scan',
      cell: (revision) => <ScanStateChip state={revision.scanState} />,
    },
    {
      key: 'md5',
      header: 'MD5',
      cell: (revision) => (
        <HashValue value={revision.md5Hash} label={`MD5 of ${nameOf(revision)}`} />
      ),
    },
    {
      key: 'sha256',
      header: 'SHA-256',
      cell: (revision) => (
        <HashValue value={revision.sha256HashValue} label={`SHA-256 of ${nameOf(revision)}`} />
      ),
    },
    {
      key: 'actions',
      header: 'Preview and download',
      hideHeader: true,
      align: 'right',
      nowrap: true,
      cell: (revision) => {
        const name = nameOf(revision);
        return (
          <>
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
          </>
        );
      },
    },
  ];
  return (
    <>
      <DataTable
        label="Revisions"
        columns={columns}
        rows={revisions}
        rowKey={(revision) => String(revision.dataFileRevisionId)}
      />
      {previewing && (
        <RevisionPreviewDialog
          open
          onClose={() => setPreviewing(undefined)}
          fileName={fileName}
          revision={previewing}
          revisionName={nameOf(previewing)}
        />
      )}
    </>
  );
}
