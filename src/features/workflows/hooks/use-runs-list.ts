import { useMemo } from 'react';
import { RUN_LIST_LIMIT, useRuns } from '../../../api/workflows';
import type { ListState } from '../../../lib/list-params';
import { runQuery, type runsSpec } from '../lib/list-params';
import { selectRuns } from '../lib/runs';

export const RUNS_PAGE_SIZE = 20;

/**
 * A workflow's runs as the URL filters, sorts and pages them: the newest {@link RUN_LIST_LIMIT}
 * runs are read once and filtered, sorted and paged here.
 */
export function useRunsList(workflowId: string, params: ListState<typeof runsSpec>) {
  const query = runQuery(params);
  const { page } = params;
  const runs = useRuns(workflowId);
  const key = JSON.stringify(query);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `query`
  const matching = useMemo(() => selectRuns(runs.data ?? [], query), [runs.data, key]);

  return {
    runs,
    query,
    matching,
    shown: matching.slice(page * RUNS_PAGE_SIZE, (page + 1) * RUNS_PAGE_SIZE),
    isTruncated: (runs.data?.length ?? 0) >= RUN_LIST_LIMIT,
  };
}
