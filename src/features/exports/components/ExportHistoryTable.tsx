import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import type { ExportRecord } from '../../../api/contract';
import { DateTime } from '../../../components';
import { formatCount, formatDuration } from '../../../lib/format';
import { exportDuration, exportRowCount } from '../lib/records';
import { ExportStatusChip } from './ExportStatusChip';

export interface ExportRow {
  key: string;
  record: ExportRecord;
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

/** Exports, newest first: status, start, duration, rows, target and the failure's reason. */
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
          {rows.map(({ key, record, lead }) => {
            const duration = exportDuration(record, now);
            const done = record.exportStatus === 'success';
            return (
              <TableRow key={key}>
                {leadHeading && <TableCell>{lead}</TableCell>}
                <TableCell>
                  <ExportStatusChip status={record.exportStatus} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime value={record.started} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {duration === undefined ? '—' : formatDuration(duration)}
                </TableCell>
                <TableCell align="right">
                  {done ? formatCount(exportRowCount(record)) : '—'}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
                  {record.bucket}
                  {record.compression === 'gzip' ? ' (gzip)' : ''}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
                  {record.exportStatus === 'failed'
                    ? [record.errorCode, record.message].filter(Boolean).join(': ') || '—'
                    : ''}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
