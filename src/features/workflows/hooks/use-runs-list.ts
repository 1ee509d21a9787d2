import { useMemo } from 'react';
import { runStatus, type RunStatus } from '../../../api/contract';
import { RUN_LIST_LIMIT, useRuns } from '../../../api/workflows';
import { runSorts, selectRuns, timeRanges, type RunSort, type TimeRange } from '../lib/runs';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';

export const RUNS_PAGE_SIZE = 20;

/** A local time as a datetime-local field writes it: 2026-11-25T14:05. */
const localTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const spec = {
  status: param.custom<RunStatus[]>({
    read: (raw) =>
      (raw ?? '').split(',').filter((x): x is RunStatus => runStatus.safeParse(x).success),
    write: (statuses) => statuses.join(',') || null,
  }),
  range: param.oneOf(timeRanges, 'all'),
  /** The fields' own text, as the URL holds it. */
  from: param.text(),
  to: param.text(),
  sort: param.oneOf(runSorts, 'started'),
  dir: param.oneOf(['asc', 'desc'], 'desc'),
  page: param.page(),
};

const timeOf = (text: string) => (localTime.test(text) ? new Date(text).getTime() : undefined);

/**
 * A workflow's runs: status (several), time range, sort and page live in the URL. The newest
 * {@link RUN_LIST_LIMIT} runs are read once and filtered, sorted and paged here.
 */
export function useRunsList(workflowId: string) {
  const [params, set] = useListParams(spec);
  const query = {
    statuses: params.status,
    range: params.range,
    from: timeOf(params.from),
    to: timeOf(params.to),
    sort: params.sort,
    direction: params.dir,
  };
  const { page } = params;
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
    setStatuses: (statuses: RunStatus[]) => set({ status: statuses }),
    /** The fields' own text: what the URL holds for `from` and `to`. */
    fromText: params.from,
    toText: params.to,
    setRange: (range: TimeRange) =>
      set({ range, ...(range === 'custom' ? {} : { from: '', to: '' }) }),
    setBetween: (edge: 'from' | 'to', value: string) => set({ [edge]: value }),
    /** The table says the order: a header pressed again turns it around, a new one descends. */
    sortBy: (sort: RunSort, dir: 'asc' | 'desc') => set({ sort, dir }),
    clear: () => set({ status: [], range: 'all', from: '', to: '' }),
    setPage: (next: number) => set({ page: next }),
  };
}

export type RunsList = ReturnType<typeof useRunsList>;
