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
import type { Connector, Stream } from '../../../api/contract';
import { DateTime } from '../../../components';
import { Tooltip } from '../../../components/Tooltip';
import {
  connectorKey,
  connectorLabel,
  runName,
  scheduleInWords,
  streamName,
} from '../model/describe-stream';
import { datasetPath, streamPath } from '../paths';
import { RunStatusChip } from './RunStatusChip';

export const STREAMS_PAGE_SIZE = 25;

function LastRun({ stream }: { stream: Stream }) {
  const last = stream.lastExecution;
  if (!last)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Never run
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RunStatusChip state={last.state} />
      <Typography variant="body2" component="span">
        {runName(last)}, <DateTime value={last.endedAt ?? last.startedAt} />
      </Typography>
    </Stack>
  );
}

export function StreamsTable({
  streams,
  connectors,
  page,
  total,
  onPage,
}: {
  streams: Stream[];
  connectors: Connector[] | undefined;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Streams">
          <TableHead>
            <TableRow>
              <TableCell>Stream</TableCell>
              <TableCell>Dataset</TableCell>
              <TableCell>Connector</TableCell>
              <TableCell>Schedule</TableCell>
              <TableCell>Last run</TableCell>
              <TableCell>Next run</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {streams.map((s) => (
              <TableRow key={s.id} hover>
                <TableCell>
                  <Tooltip title={`Stream id ${s.id}`} describeChild>
                    <Link component={RouterLink} to={streamPath(s.id)}>
                      {streamName(s, connectors)}
                    </Link>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={datasetPath(s.dataSource.id)}>
                    {s.dataSource.name}
                  </Link>
                </TableCell>
                <TableCell>{connectorLabel(connectorKey(s), connectors)}</TableCell>
                <TableCell>{scheduleInWords(s.advancedScheduleJson)}</TableCell>
                <TableCell>
                  <LastRun stream={s} />
                </TableCell>
                <TableCell>
                  <DateTime value={s.nextRunAt} fallback="Not scheduled" />
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
        rowsPerPage={STREAMS_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => onPage(next)}
      />
    </>
  );
}
