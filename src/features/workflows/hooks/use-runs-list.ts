import { useMemo } from 'react';
import { z } from 'zod';
import { runStatus, type RunStatus } from '../../../api/contract';
import { RUN_LIST_LIMIT, useRuns } from '../../../api/workflows';
import { runSorts, selectRuns, timeRanges, type RunSort, type TimeRange } from '../lib/runs';
import { useUrlUpdate } from './use-url-update';

export const RUNS_PAGE_SIZE = 20;

const urlState = {
  status: z
    .string()
    .transform((s) => s.split(',').filter((x): x is RunStatus => runStatus.safeParse(x).success))
    .catch([]),
  range: z.enum(timeRanges).catch('all'),
  /** A local time as a datetime-local field writes it: 2026-11-25T14:05. */
  time: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .transform((s) => new Date(s).getTime())
    .optional()
    .catch(undefined),
  sort: z.enum(runSorts).catch('started'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).catch(1),
};

/**
 * A workflow's runs: status (several), time range, sort and page live in the URL. The newest
 * {@link RUN_LIST_LIMIT} runs are read once and filtered, sorted and paged here.
 */
export function useRunsList(workflowId: string) {
  const [params, update] = useUrlUpdate();
  const query = {
    statuses: urlState.status.parse(params.get('status') ?? ''),
    range: urlState.range.parse(params.get('range') ?? undefined),
    from: urlState.time.parse(params.get('from') ?? undefined),
    to: urlState.time.parse(params.get('to') ?? undefined),
    sort: urlState.sort.parse(params.get('sort') ?? undefined),
    direction: urlState.dir.parse(params.get('dir') ?? undefined),
  };
  const page = urlState.page.parse(params.get('page') ?? undefined) - 1;
  const runs = useRuns(workflowId);
  const key = JSON.stringify(query);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `query`
  const matching = useMemo(() => selectRuns(runs.data ?? [], query), [runs.data, key]);

  return {
    runs,
    query,
    page,
    matching,
    shown: matching.slice(page * RUNS_PAGE_SIZE, (page + 1) * RUNS_PAGE_SIZE),
    isTruncated: (runs.data?.length ?? 0) >= RUN_LIST_LIMIT,
    filtered: query.statuses.length > 0 || query.range !== 'all',
    setStatuses: (statuses: RunStatus[]) => update({ status: statuses.join(',') }),
    /** The fields' own text: what the URL holds for `from` and `to`. */
    fromText: params.get('from') ?? '',
    toText: params.get('to') ?? '',
    setRange: (range: TimeRange) =>
      update({
        range: range === 'all' ? null : range,
        ...(range === 'custom' ? {} : { from: null, to: null }),
      }),
    setBetween: (edge: 'from' | 'to', value: string) => update({ [edge]: value }),
    /** A header pressed again turns its direction around; a new one starts descending. */
    sortBy: (sort: RunSort) =>
      update({
        sort: sort === 'started' ? null : sort,
        dir: query.sort === sort && query.direction === 'desc' ? 'asc' : null,
      }),
    clear: () => update({ status: null, range: null, from: null, to: null }),
    setPage: (next: number) =>
      update({ page: next > 0 ? String(next + 1) : null }, { resetPage: false }),
  };
}

export type RunsList = ReturnType<typeof useRunsList>;
