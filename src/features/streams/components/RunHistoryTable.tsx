import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StreamExecution } from '../../../api/contract';
import { DateTime } from '../../../components';
import { formatCount } from '../../../lib/format';
import { runDuration, runName } from '../model/describe-stream';
import { RunStatusChip } from './RunStatusChip';

export function RunHistoryTable({ runs }: { runs: StreamExecution[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Run history">
        <TableHead>
          <TableRow>
            <TableCell>Run</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Duration</TableCell>
            <TableCell align="right">Rows</TableCell>
            <TableCell>Error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.id}>
              <TableCell component="th" scope="row">
                {runName(run)}
                {run.runType === 'SCHEDULED' ? (
                  <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                    scheduled
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <RunStatusChip state={run.state} />
              </TableCell>
              <TableCell>
                <DateTime value={run.startedAt} />
              </TableCell>
              <TableCell>{run.state === 'ACTIVE' ? 'running…' : runDuration(run)}</TableCell>
              <TableCell align="right">{formatCount(run.rowsInserted)}</TableCell>
              <TableCell sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
                {run.errorMessage ?? ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
