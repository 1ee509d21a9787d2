import { runStatuses, type RunStatus, type WorkflowRun } from '../../../api/contract';
import { toDate } from '../../../lib/format';

export const runSorts = ['started', 'duration', 'status'] as const;
export type RunSort = (typeof runSorts)[number];
export type SortDirection = 'asc' | 'desc';

export const timeRanges = ['all', '1h', '24h', '7d', '30d', 'custom'] as const;
export type TimeRange = (typeof timeRanges)[number];
export const timeRangeLabels: Record<TimeRange, string> = {
  all: 'Any time',
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  custom: 'Between two times',
};
const rangeMs: Record<Exclude<TimeRange, 'all' | 'custom'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export interface RunQuery {
  statuses: RunStatus[];
  range: TimeRange;
  /** With `custom`: started at or after `from`, before `to` (epoch ms; either may be open). */
  from?: number;
  to?: number;
  sort: RunSort;
  direction: SortDirection;
}

const time = (iso: string | null) => toDate(iso)?.getTime();

/** How long a run took, or has been running for (until `now`). */
export function runDurationMs(
  run: Pick<WorkflowRun, 'startedAt' | 'finishedAt'>,
  now = Date.now(),
) {
  const start = time(run.startedAt);
  if (start === undefined) return undefined;
  return (time(run.finishedAt) ?? now) - start;
}

const statusOrder = Object.fromEntries(runStatuses.map((s, i) => [s, i])) as Record<
  RunStatus,
  number
>;

/** Filters by status and start time, then sorts; ties keep the newest first. */
export function selectRuns(runs: WorkflowRun[], query: RunQuery, now = Date.now()) {
  const since =
    query.range === 'all'
      ? undefined
      : query.range === 'custom'
        ? query.from
        : now - rangeMs[query.range];
  const until = query.range === 'custom' ? query.to : undefined;
  const shown = runs.filter((run) => {
    const started = time(run.startedAt) ?? 0;
    return (
      (query.statuses.length === 0 || query.statuses.includes(run.status)) &&
      (since === undefined || started >= since) &&
      (until === undefined || started < until)
    );
  });
  const sign = query.direction === 'asc' ? 1 : -1;
  const key = (run: WorkflowRun) =>
    query.sort === 'started'
      ? (time(run.startedAt) ?? 0)
      : query.sort === 'duration'
        ? (runDurationMs(run, now) ?? 0)
        : statusOrder[run.status];
  return shown
    .map((run, i) => ({ run, i }))
    .sort((a, b) => sign * (key(a.run) - key(b.run)) || a.i - b.i)
    .map(({ run }) => run);
}
