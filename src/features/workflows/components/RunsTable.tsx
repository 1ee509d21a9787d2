import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { WorkflowRun } from '../../../api/contract';
import { isRunActive } from '../../../api/workflows';
import { DateTime, UserName } from '../../../components';
import { Tooltip } from '../../../components/Tooltip';
import { formatCount, formatDuration } from '../../../lib/format';
import { RUNS_PAGE_SIZE, type RunsList } from '../hooks/use-runs-list';
import { runName } from '../lib/describe-run';
import { runDurationMs, type RunSort } from '../lib/runs';
import { runPath } from '../paths';
import { RunStatusChip } from './RunStatusChip';

function SortableHeader({ list, sort, label }: { list: RunsList; sort: RunSort; label: string }) {
  const active = list.query.sort === sort;
  return (
    <TableCell sortDirection={active ? list.query.direction : false} sx={{ whiteSpace: 'nowrap' }}>
      <TableSortLabel
        active={active}
        direction={active ? list.query.direction : 'desc'}
        onClick={() => list.sortBy(sort)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

export function RunDuration({ run }: { run: WorkflowRun }) {
  const ms = runDurationMs(run);
  if (ms === undefined) return <>—</>;
  return <>{isRunActive(run) ? `${formatDuration(ms)} so far` : formatDuration(ms)}</>;
}

export function RunsTable({ list }: { list: RunsList }) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Runs">
          <TableHead>
            <TableRow>
              <TableCell>Run</TableCell>
              <SortableHeader list={list} sort="status" label="Status" />
              <SortableHeader list={list} sort="started" label="Started" />
              <SortableHeader list={list} sort="duration" label="Duration" />
              <TableCell align="right">Version</TableCell>
              <TableCell>Started by</TableCell>
              <TableCell>Error</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.shown.map((run) => (
              <TableRow key={run.id} hover>
                <TableCell component="th" scope="row">
                  <Tooltip title={`Run id ${run.id}`} describeChild>
                    <Link component={RouterLink} to={runPath(run.id)} sx={{ whiteSpace: 'nowrap' }}>
                      {runName(run)}
                    </Link>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <RunStatusChip status={run.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime value={run.startedAt} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <RunDuration run={run} />
                </TableCell>
                <TableCell align="right">{formatCount(run.version)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {run.startedBy ? <UserName id={run.startedBy} /> : '—'}
                </TableCell>
                <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                  {run.error ?? ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.matching.length}
        page={list.page}
        rowsPerPage={RUNS_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => list.setPage(next)}
      />
    </>
  );
}
