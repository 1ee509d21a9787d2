import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowRun, type WorkflowRun } from '../contract/workflows';
import { path, request } from '../http';
import { isFollowed } from '../live/followed';
import { workflowKeys } from './keys';

export const RUN_POLL_MS = 1_000;

export const isRunActive = (run: Pick<WorkflowRun, 'status'> | undefined) =>
  run?.status === 'QUEUED' || run?.status === 'IN_PROGRESS';

/** gaps.md: `GET /v1/workflows/runs/{runId}`. */
export const getRun = (runId: string, signal?: AbortSignal) =>
  request({ path: path`/v1/workflows/runs/${runId}`, schema: workflowRun, signal });

/** What the run's live read (run-live.ts) follows: no polling meanwhile. */
export const runLiveKey = (runId: string) => `workflow-run:${runId}`;

/**
 * Polls while the run is QUEUED or IN_PROGRESS and stops once it has ended, or while its live
 * read keeps it up to date.
 */
export const runQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: workflowKeys.run(runId),
    queryFn: ({ signal }) => getRun(runId, signal),
    refetchInterval: (query) =>
      isRunActive(query.state.data) && !isFollowed(runLiveKey(runId)) ? RUN_POLL_MS : false,
  });

export const useRun = (runId: string | undefined) =>
  useQuery({ ...runQueryOptions(runId ?? ''), enabled: runId !== undefined && runId !== '' });
