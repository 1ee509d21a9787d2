import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ExportRecord } from '../../../api/contract';
import { DataTable, DateTime, type DataColumn, type DataTablePager } from '../../../components';
import { formatCount, formatDuration } from '../../../lib/format';
import { filesOfRecord } from '../lib/export-view';
import { FileDownload } from './FileDownload';
import { exportDuration, exportRowCount } from '../lib/records';
import { exportPath } from '../../../lib/paths';
import { ExportStatusChip } from './ExportStatusChip';

export interface ExportRow {
  key: string;
  record: ExportRecord;
  /** The dataset the export belongs to: its row opens the export's page. */
  datasetId: string;
  /** A first cell, e.g. the dataset's link on the dashboard. */
  lead?: ReactNode;
}

export interface ExportHistoryTableProps {
  rows: ExportRow[];
  now: number;
  label: string;
  /** The heading of the lead cells, when rows have one. */
  leadHeading?: string;
  /** The screen pages the rows it gives (the dashboard: 25 a page). */
  pager?: DataTablePager;
}

/** `local://bucket/…/data.csv`: the bucket and the file; the export's page has the whole URL. */
const shortUrl = (url: string) => {
  const match = /^([a-z0-9]+:\/\/[^/]+)\/(.+\/)?([^/]+)$/.exec(url);
  return match ? `${match[1]}/${match[2] ? '…/' : ''}${match[3]}` : url;
};

/** Where it went: each object's URL (the platform's own with a download), or the bucket. */
function Target({ record }: { record: ExportRecord }) {
  const files = filesOfRecord(record);
  if (files.length === 0)
    return (
      <>
        {record.bucket}
        {record.compression === 'gzip' ? ' (gzip)' : ''}
      </>
    );
  return (
    <>
      {files.map((file, n) => (
        <Box key={file.url} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="code" sx={{ fontSize: 13 }} title={file.url}>
            {shortUrl(file.url)}
          </Box>
          <FileDownload record={record} file={file} n={n} />
        </Box>
      ))}
    </>
  );
}

/** The reason of a failed export, two lines at most: the export's page has it in full. */
function FailureReason({ record }: { record: ExportRecord }) {
  if (record.exportStatus !== 'failed') return null;
  return (
    <Box
      title={record.message}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {[record.errorCode, record.message].filter(Boolean).join(': ') || '—'}
    </Box>
  );
}

/**
 * Exports, newest first: status, start (the link to its page), duration, rows, target, reason;
 * in the one table shell (DataTable), with its pager when the screen pages them.
 */
export function ExportHistoryTable({
  rows,
  now,
  label,
  leadHeading,
  pager,
}: ExportHistoryTableProps) {
  const columns: DataColumn<ExportRow>[] = [
    ...(leadHeading
      ? [{ key: 'lead', header: leadHeading, cell: (row: ExportRow) => row.lead }]
      : []),
    {
      key: 'status',
      header: 'Status',
      cell: ({ record }) => <ExportStatusChip status={record.exportStatus} />,
    },
    {
      key: 'started',
      header: 'Started',
      nowrap: true,
      cell: ({ record, datasetId }) => (
        <Link component={RouterLink} to={exportPath(datasetId, record.exportId)}>
          <DateTime value={record.started} seconds />
        </Link>
      ),
    },
    {
      key: 'duration',
      header: 'Duration',
      align: 'right',
      nowrap: true,
      cell: ({ record }) => {
        const duration = exportDuration(record, now);
        return duration === undefined ? '—' : formatDuration(duration);
      },
    },
    {
      key: 'rows',
      header: 'Rows',
      align: 'right',
      cell: ({ record }) =>
        record.exportStatus === 'success' ? formatCount(exportRowCount(record)) : '—',
    },
    {
      key: 'target',
      header: 'Target',
      sx: { overflowWrap: 'anywhere', maxWidth: 420 },
      cell: ({ record }) => <Target record={record} />,
    },
    {
      key: 'error',
      header: 'Error',
      sx: { overflowWrap: 'anywhere', maxWidth: 320 },
      cell: ({ record }) => <FailureReason record={record} />,
    },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      pager={pager}
      frame="none"
    />
  );
}
