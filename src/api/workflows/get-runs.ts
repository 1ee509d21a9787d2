import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowRunList } from '../contract/workflows';
import { path, request } from '../http';
import { isRunActive } from './get-run';
import { workflowKeys, type RunListParams } from './keys';

const RUNS_POLL_MS = 3_000;

/** The most runs one screen reads at once; filters, sorting and pages work on these. */
export const RUN_LIST_LIMIT = 500;

/** gaps.md: `GET /v1/workflows/{id}/runs?status&limit&offset`, newest first. */
export const getRuns = (id: string, params: RunListParams, signal?: AbortSignal) =>
  request({
    path: path`/v1/workflows/${id}/runs`,
    query: { limit: params.limit, status: params.status },
    schema: workflowRunList,
    signal,
  });

/** Read again every few seconds while one of the runs is QUEUED or IN_PROGRESS. */
export const runsQueryOptions = (id: string, params: RunListParams = { limit: RUN_LIST_LIMIT }) =>
  queryOptions({
    queryKey: workflowKeys.runList(id, params),
    queryFn: ({ signal }) => getRuns(id, params, signal),
    refetchInterval: (query) => (query.state.data?.some(isRunActive) ? RUNS_POLL_MS : false),
  });

export const useRuns = (id: string, params?: RunListParams) =>
  useQuery(runsQueryOptions(id, params));

/** A workflow's newest run (the list's "last run" column). */
export const useLastRun = (id: string) =>
  useQuery({ ...runsQueryOptions(id, { limit: 1 }), select: (runs) => runs[0] ?? null });
