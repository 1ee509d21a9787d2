import Typography from '@mui/material/Typography';
import type { StreamExecution } from '../../../api/contract';
import { DataTable, DateTime, type DataColumn } from '../../../components';
import { formatCount } from '../../../lib/format';
import { runDuration, runName } from '../model/describe-stream';
import { RunStatusChip } from './RunStatusChip';

const columns: DataColumn<StreamExecution>[] = [
  {
    key: 'run',
    header: 'Run',
    rowHeader: true,
    cell: (run) => (
      <>
        {runName(run)}
        {run.runType === 'SCHEDULED' ? (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            scheduled
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: 'status', header: 'Status', cell: (run) => <RunStatusChip state={run.state} /> },
  { key: 'started', header: 'Started', cell: (run) => <DateTime value={run.startedAt} /> },
  {
    key: 'duration',
    header: 'Duration',
    cell: (run) => (run.state === 'ACTIVE' ? 'running…' : runDuration(run)),
  },
  {
    key: 'rows',
    header: 'Rows',
    align: 'right',
    cell: (run) => formatCount(run.rowsInserted),
  },
  {
    key: 'error',
    header: 'Error',
    sx: { maxWidth: 420, overflowWrap: 'anywhere' },
    cell: (run) => run.errorMessage ?? '',
  },
];

export function RunHistoryTable({ runs }: { runs: StreamExecution[] }) {
  return <DataTable label="Run history" columns={columns} rows={runs} frame="none" />;
}
