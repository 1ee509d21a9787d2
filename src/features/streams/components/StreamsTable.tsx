import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Connector, Stream } from '../../../api/contract';
import {
  DataTable,
  DateTime,
  LastRunCell,
  type DataColumn,
  type DataTablePager,
} from '../../../components';
import { Tooltip } from '../../../components/Tooltip';
import {
  connectorKey,
  connectorLabel,
  runName,
  scheduleInWords,
  streamName,
} from '../model/describe-stream';
import { datasetPath, streamPath } from '../../../lib/paths';
import { RunStatusChip } from './RunStatusChip';

export const STREAMS_PAGE_SIZE = 25;

function LastRun({ stream }: { stream: Stream }) {
  const last = stream.lastExecution;
  return (
    <LastRunCell status={last && <RunStatusChip state={last.state} />}>
      {last && (
        <Typography variant="body2" component="span">
          {runName(last)}, <DateTime value={last.endedAt ?? last.startedAt} />
        </Typography>
      )}
    </LastRunCell>
  );
}

const columns = (connectors: Connector[] | undefined): DataColumn<Stream>[] => [
  {
    key: 'stream',
    header: 'Stream',
    cell: (s) => (
      <Tooltip title={`Stream id ${s.id}`} describeChild>
        <Link component={RouterLink} to={streamPath(s.id)}>
          {streamName(s, connectors)}
        </Link>
      </Tooltip>
    ),
  },
  {
    key: 'dataset',
    header: 'Dataset',
    cell: (s) => (
      <Link component={RouterLink} to={datasetPath(s.dataSource.id)}>
        {s.dataSource.name}
      </Link>
    ),
  },
  {
    key: 'connector',
    header: 'Connector',
    cell: (s) => connectorLabel(connectorKey(s), connectors),
  },
  { key: 'schedule', header: 'Schedule', cell: (s) => scheduleInWords(s.advancedScheduleJson) },
  { key: 'last', header: 'Last run', cell: (s) => <LastRun stream={s} /> },
  {
    key: 'next',
    header: 'Next run',
    cell: (s) => <DateTime value={s.nextRunAt} fallback="Not scheduled" />,
  },
];

export interface StreamsTableProps {
  streams: Stream[];
  connectors: Connector[] | undefined;
  /** Pages of STREAMS_PAGE_SIZE. */
  pager: DataTablePager;
}

export function StreamsTable({ streams, connectors, pager }: StreamsTableProps) {
  return (
    <DataTable
      label="Streams"
      frame="none"
      columns={columns(connectors)}
      rows={streams}
      rowKey={(s) => String(s.id)}
      pager={pager}
    />
  );
}
