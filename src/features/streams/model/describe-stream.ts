import type { Connector, Stream, StreamExecution } from '../../../api/contract';
import type { StatusTone } from '../../../components';
import { formatDuration } from '../../../lib/format';

export {
  runStateWords,
  scheduleInWords,
  updateMethodInWords,
} from '../../../api/streams/stream-words';

/** The connector's label ("Data file"); its key when the platform no longer offers it. */
export const connectorLabel = (key: string, connectors: Connector[] | undefined) =>
  connectors?.find((c) => c.key === key)?.name ?? key;

export const connectorKey = (stream: Stream) =>
  stream.transport.description || stream.dataProvider.key;

/**
 * What the user calls a stream: where it loads into and from what ("Sales by region from Data
 * file"); a stream has no name of its own, and its number is an id (shown in a tooltip).
 */
export const streamName = (stream: Stream, connectors: Connector[] | undefined) =>
  `${stream.dataSource.name} from ${connectorLabel(connectorKey(stream), connectors)}`;

export const runName = (execution: StreamExecution) => `Run ${execution.runNumber ?? execution.id}`;

export const runStateTone: Record<StreamExecution['state'], StatusTone> = {
  ACTIVE: 'info',
  SUCCESS: 'success',
  ERROR: 'error',
};

/** How long a run took, or has taken so far; "—" when the clock went backwards. */
export function runDuration(execution: StreamExecution, now = Date.now()): string {
  const start = Date.parse(execution.startedAt);
  const end = execution.endedAt === null ? now : Date.parse(execution.endedAt);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return '—';
  return formatDuration(end - start);
}
