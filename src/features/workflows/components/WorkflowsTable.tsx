import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Workflow } from '../../../api/contract';
import { DateTime, UserName } from '../../../components';
import { formatCount } from '../../../lib/format';
import { WORKFLOWS_PAGE_SIZE } from '../hooks/use-workflows-list';
import { runPath, workflowPath } from '../paths';
import { RunStatusChip } from './RunStatusChip';

function LastRun({ run }: { run: Workflow['lastRun'] }) {
  if (!run)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Never run
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RunStatusChip status={run.status} />
      <Link component={RouterLink} to={runPath(run.id)} variant="body2">
        <DateTime value={run.finishedAt ?? run.startedAt} />
      </Link>
    </Stack>
  );
}

export function WorkflowsTable({
  workflows,
  page,
  total,
  onPage,
}: {
  workflows: Workflow[];
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Workflows">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Version</TableCell>
              <TableCell>Owner</TableCell>
              <TableCell>Last run</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {workflows.map((w) => (
              <TableRow key={w.id} hover>
                <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                  <Link component={RouterLink} to={workflowPath(w.id)}>
                    {w.name}
                  </Link>
                </TableCell>
                <TableCell sx={{ color: 'text.secondary', maxWidth: 460 }}>
                  {w.description || '—'}
                </TableCell>
                <TableCell align="right">{formatCount(w.version)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <UserName id={w.owner} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <LastRun run={w.lastRun} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={WORKFLOWS_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => onPage(next)}
      />
    </>
  );
}
