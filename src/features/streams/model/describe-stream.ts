import {
  advancedSchedule,
  type Connector,
  type Stream,
  type StreamExecution,
} from '../../../api/contract';
import type { StatusTone } from '../../../components';
import { formatDuration } from '../../../lib/format';

/** `advancedScheduleJson` in words; the raw text when it is not a schedule the console knows. */
export function scheduleInWords(json: string | null): string {
  if (json === null) return 'Manual: runs only when started';
  let decoded: unknown;
  try {
    decoded = JSON.parse(json);
  } catch {
    return json;
  }
  const parsed = advancedSchedule.safeParse(decoded);
  if (!parsed.success) return json;
  const s = parsed.data;
  if (s.type === 'INTERVAL')
    return s.intervalMinutes === 1 ? 'Every minute' : `Every ${s.intervalMinutes} minutes`;
  if (s.type === 'DAILY') return `Daily at ${s.at} (${s.timezone})`;
  return 'Manual: runs only when started';
}

export const updateMethodInWords = (method: Stream['updateMethod']) =>
  method === 'APPEND' ? 'Append: each run adds a partition' : 'Replace: each run replaces all rows';

/** The connector's label ("Data file"); its key when the platform no longer offers it. */
export const connectorLabel = (key: string, connectors: Connector[] | undefined) =>
  connectors?.find((c) => c.key === key)?.name ?? key;

export const connectorKey = (stream: Stream) =>
  stream.transport.description || stream.dataProvider.key;

export const runName = (execution: StreamExecution) => `Run ${execution.runNumber ?? execution.id}`;

export const runStateWords: Record<StreamExecution['state'], string> = {
  ACTIVE: 'Running',
  SUCCESS: 'Succeeded',
  ERROR: 'Failed',
};

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
