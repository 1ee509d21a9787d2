import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { runLogs, WORKFLOW_LIMITS, type RunLogEntry } from '../contract/workflows';
import { path, request } from '../http';
import { isFollowed } from '../live/followed';
import { RUN_POLL_MS, runLiveKey } from './get-run';
import { workflowKeys } from './keys';

export type { RunLogEntry } from '../contract/workflows';
export interface RunLog {
  entries: RunLogEntry[];
  /** The `after` of the next read. */
  next: number;
}

const EMPTY: RunLog = { entries: [], next: 0 };
const MAX_PAGES_PER_READ = 20;

/** gaps.md: `GET /v1/workflows/runs/{runId}/logs?after=seq`: the entries after `seq`, in order. */
export const getRunLogs = (runId: string, after: number, signal?: AbortSignal) =>
  request({
    path: path`/v1/workflows/runs/${runId}/logs`,
    query: { after, limit: WORKFLOW_LIMITS.logsPageSize },
    schema: runLogs,
    signal,
  });

/** `held` with the entries of `answer` that follow it; `next` never moves backwards. */
export function appendLog(held: RunLog, answer: RunLog): RunLog {
  const last = held.entries.at(-1)?.seq ?? -Infinity;
  const fresh = answer.entries.filter((e) => e.seq > last);
  if (fresh.length === 0 && answer.next <= held.next) return held;
  return { entries: [...held.entries, ...fresh], next: Math.max(answer.next, held.next) };
}

/**
 * The log read incrementally: each read asks only for what follows the entries already held,
 * and appends them. `next` never moves backwards, so a late answer cannot repeat a line.
 */
export const runLogQueryOptions = (queryClient: QueryClient, runId: string, poll: boolean) =>
  queryOptions({
    queryKey: workflowKeys.logs(runId),
    queryFn: async ({ signal }): Promise<RunLog> => {
      let held = queryClient.getQueryData<RunLog>(workflowKeys.logs(runId)) ?? EMPTY;
      // A long log comes in pages: read on while a page comes back full.
      for (let page = 0; page < MAX_PAGES_PER_READ; page += 1) {
        const answer = await getRunLogs(runId, held.next, signal);
        held = appendLog(held, answer);
        if (answer.entries.length < WORKFLOW_LIMITS.logsPageSize) break;
      }
      return held;
    },
    refetchInterval: () => (poll && !isFollowed(runLiveKey(runId)) ? RUN_POLL_MS : false),
    staleTime: Infinity,
    meta: { silentRefetchErrors: true },
  });

/** `poll`: while the run is QUEUED or IN_PROGRESS and the reader has not paused. */
export const useRunLog = (runId: string, poll: boolean) => {
  const queryClient = useQueryClient();
  return useQuery(runLogQueryOptions(queryClient, runId, poll));
};
