import type { ExportRecord, ExportStatus } from '../../../api/contract';
import { toDate } from '../../../lib/format';
import { exportDuration } from './records';

export interface DatasetRef {
  id: string;
  name: string;
}

/** One export, with the dataset it belongs to. */
export interface DatasetExport {
  dataset: DatasetRef;
  record: ExportRecord;
}

export const timeRanges = ['24h', '7d', '30d', 'all'] as const;
export type TimeRange = (typeof timeRanges)[number];
export const timeRangeLabels: Record<TimeRange, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const rangeMs: Record<TimeRange, number> = {
  '24h': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  all: Infinity,
};

const startedAt = (e: DatasetExport) => toDate(e.record.started)?.getTime() ?? 0;

/** Exports started in the range (a running one always counts: it is news whenever it began). */
export const inRange = (exports: DatasetExport[], range: TimeRange, now: number) =>
  exports.filter(
    (e) => e.record.exportStatus === 'running' || now - startedAt(e) <= rangeMs[range],
  );

export const newestFirst = (exports: DatasetExport[]) =>
  [...exports].sort((a, b) => startedAt(b) - startedAt(a));

export type StatusCounts = Record<ExportStatus, number>;

export function countByStatus(exports: DatasetExport[]): StatusCounts {
  const counts: StatusCounts = { running: 0, success: 0, failed: 0, none: 0 };
  for (const e of exports) counts[e.record.exportStatus] += 1;
  return counts;
}

/** The p-th percentile (0..1) by linear interpolation between closest ranks; undefined if empty. */
export function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** Median and p90 of finished exports' durations (running ones have no duration yet). */
export function durationFigures(exports: DatasetExport[]) {
  const durations = exports
    .filter((e) => e.record.exportStatus === 'success' || e.record.exportStatus === 'failed')
    .map((e) => exportDuration(e.record))
    .filter((d): d is number => d !== undefined);
  return {
    count: durations.length,
    median: percentile(durations, 0.5),
    p90: percentile(durations, 0.9),
  };
}

export interface TimeBuckets {
  /** The start of each bucket (epoch ms), oldest first. */
  starts: number[];
  size: 'hour' | 'day';
  counts: Record<ExportStatus, number[]>;
}

/**
 * Exports over time by status: hours for the last day, days otherwise. "All time" spans from the
 * oldest export, at most {@link MAX_DAYS} days back.
 */
export const MAX_DAYS = 90;
export function timeBuckets(exports: DatasetExport[], range: TimeRange, now: number): TimeBuckets {
  const size = range === '24h' ? 'hour' : 'day';
  const step = size === 'hour' ? HOUR : DAY;
  const floor = (t: number) => {
    const d = new Date(t);
    if (size === 'hour') d.setMinutes(0, 0, 0);
    else d.setHours(0, 0, 0, 0);
    return d.getTime();
  };
  const oldest = exports.length ? Math.min(...exports.map(startedAt)) : now;
  const span = range === 'all' ? Math.min(MAX_DAYS * DAY, now - oldest) : rangeMs[range] - step;
  const first = floor(now - span);
  const starts: number[] = [];
  for (let t = first; t <= now; t = floor(t + step + step / 2)) starts.push(t);
  const counts: Record<ExportStatus, number[]> = {
    running: starts.map(() => 0),
    success: starts.map(() => 0),
    failed: starts.map(() => 0),
    none: starts.map(() => 0),
  };
  for (const e of exports) {
    const t = startedAt(e);
    if (t < first) continue;
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > t) i -= 1;
    counts[e.record.exportStatus][i]! += 1;
  }
  return { starts, size, counts };
}
