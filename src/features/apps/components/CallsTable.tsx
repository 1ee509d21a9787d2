import type { AppCall } from '../../../api/contract/apps';
import { DataTable, DateTime, StatusChip, type DataColumn } from '../../../components';
import { formatDuration } from '../../../lib/format';

const tone = (status: number) => (status < 400 ? 'success' : status < 500 ? 'warning' : 'error');

const columns: DataColumn<AppCall>[] = [
  { key: 'at', header: 'When', nowrap: true, cell: (call) => <DateTime value={call.at} /> },
  { key: 'method', header: 'Method', cell: (call) => call.method },
  {
    key: 'path',
    header: 'Path',
    sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' },
    cell: (call) => call.path,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (call) => <StatusChip label={String(call.status)} tone={tone(call.status)} />,
  },
  {
    key: 'duration',
    header: 'Duration',
    align: 'right',
    nowrap: true,
    cell: (call) => formatDuration(call.durationMs),
  },
];

/** An app's newest calls, newest first, as the platform answered them. */
export function CallsTable({ calls }: { calls: AppCall[] }) {
  return (
    <DataTable
      label="Recent calls"
      columns={columns}
      rows={calls}
      rowKey={(call, index) => `${index}:${call.at}`}
      empty="No calls yet: start the app's dev server and use it; its calls appear here."
    />
  );
}
