import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { WorkflowRun } from '../../../api/contract';
import { isRunActive } from '../../../api/workflows';
import {
  DataTable,
  DateTime,
  UserName,
  type DataColumn,
  type DataTablePager,
  type DataTableSort,
} from '../../../components';
import { Tooltip } from '../../../components/Tooltip';
import { formatCount, formatDuration } from '../../../lib/format';
import { runName } from '../lib/describe-run';
import { runDurationMs, type RunSort } from '../lib/runs';
import { runPath } from '../../../lib/paths';
import { RunStatusChip } from './RunStatusChip';

export function RunDuration({ run }: { run: WorkflowRun }) {
  const ms = runDurationMs(run);
  if (ms === undefined) return <>—</>;
  return <>{isRunActive(run) ? `${formatDuration(ms)} so far` : formatDuration(ms)}</>;
}

const columns: DataColumn<WorkflowRun, RunSort>[] = [
  {
    key: 'run',
    header: 'Run',
    rowHeader: true,
    cell: (run) => (
      <Tooltip title={`Run id ${run.id}`} describeChild>
        <Link component={RouterLink} to={runPath(run.id)} sx={{ whiteSpace: 'nowrap' }}>
          {runName(run)}
        </Link>
      </Tooltip>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    cell: (run) => <RunStatusChip status={run.status} />,
  },
  {
    key: 'started',
    header: 'Started',
    sortField: 'started',
    nowrap: true,
    cell: (run) => <DateTime value={run.startedAt} />,
  },
  {
    key: 'duration',
    header: 'Duration',
    sortField: 'duration',
    nowrap: true,
    cell: (run) => <RunDuration run={run} />,
  },
  { key: 'version', header: 'Version', align: 'right', cell: (run) => formatCount(run.version) },
  {
    key: 'startedBy',
    header: 'Started by',
    nowrap: true,
    cell: (run) => (run.startedBy ? <UserName id={run.startedBy} /> : '—'),
  },
  {
    key: 'error',
    header: 'Error',
    sx: { maxWidth: 360, overflowWrap: 'anywhere' },
    cell: (run) => run.error ?? '',
  },
];

/** A workflow's runs, a page at a time; a header sorts, newest (or longest) first. */
export function RunsTable(props: {
  runs: WorkflowRun[];
  sort: DataTableSort<RunSort>;
  pager: DataTablePager;
}) {
  return (
    <DataTable
      label="Runs"
      columns={columns}
      rows={props.runs}
      frame="none"
      sort={props.sort}
      pager={props.pager}
    />
  );
}
