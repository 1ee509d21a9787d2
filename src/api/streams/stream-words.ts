import { advancedSchedule, type Stream, type StreamExecution } from '../contract';
import { formatDuration, plural } from '../../lib/format';

/**
 * A stream's settings and runs in the console's words, the same on the streams screens and on a
 * dataset's stream panel.
 */

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

export const runStateWords: Record<StreamExecution['state'], string> = {
  ACTIVE: 'Running',
  SUCCESS: 'Succeeded',
  ERROR: 'Failed',
};

/**
 * A running execution's progress: the rows read from its source so far (the embedded platform
 * says so once it has read them) and how long it has run, e.g. "12,000 rows read · 14 s so far".
 */
export function runProgressInWords(execution: StreamExecution, now = Date.now()): string {
  const elapsed = formatDuration(Math.max(0, now - Date.parse(execution.startedAt)));
  const read =
    execution.rowsRead === undefined
      ? 'reading the source'
      : `${plural(execution.rowsRead, 'row')} read, loading them into the dataset`;
  return `${read} · ${elapsed} so far`;
}
