import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ExportRecord } from '../../../api/contract';
import { DateTime } from '../../../components';
import { formatCount, formatDuration } from '../../../lib/format';
import { filesOfRecord } from '../lib/export-view';
import { FileDownload } from './FileDownload';
import { exportDuration, exportRowCount } from '../lib/records';
import { exportPath } from '../paths';
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

/** Exports, newest first: status, start (the link to its page), duration, rows, target, reason. */
export function ExportHistoryTable({ rows, now, label, leadHeading }: ExportHistoryTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {leadHeading && <TableCell>{leadHeading}</TableCell>}
            <TableCell>Status</TableCell>
            <TableCell>Started</TableCell>
            <TableCell align="right">Duration</TableCell>
            <TableCell align="right">Rows</TableCell>
            <TableCell>Target</TableCell>
            <TableCell>Error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ key, record, datasetId, lead }) => {
            const duration = exportDuration(record, now);
            const done = record.exportStatus === 'success';
            return (
              <TableRow key={key}>
                {leadHeading && <TableCell>{lead}</TableCell>}
                <TableCell>
                  <ExportStatusChip status={record.exportStatus} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link
                    component={RouterLink}
                    to={exportPath(datasetId, record.exportId)}
                    underline="always"
                  >
                    <DateTime value={record.started} seconds />
                  </Link>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {duration === undefined ? '—' : formatDuration(duration)}
                </TableCell>
                <TableCell align="right">
                  {done ? formatCount(exportRowCount(record)) : '—'}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 420 }}>
                  <Target record={record} />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                  {record.exportStatus === 'failed' && (
                    // Two lines at most: the export's page has the error in full.
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
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
