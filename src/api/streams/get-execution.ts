import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamExecution } from '../contract/streams';
import { path, request } from '../http';
import { isFollowed } from '../live/followed';
import { useLiveRead } from '../live/use-live-read';
import { useQueryClient } from '@tanstack/react-query';
import { streamKeys } from './keys';

export const EXECUTION_POLL_MS = 1_000;

/** gaps.md: `GET /api/data/v1/streams/{id}/executions/{executionId}`. */
export const getExecution = (streamId: string, executionId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/data/v1/streams/${streamId}/executions/${executionId}`,
    schema: streamExecution,
    signal,
  });

export const executionLiveKey = (streamId: string, executionId: string) =>
  `stream-execution:${streamId}:${executionId}`;

/**
 * Polls while the execution is ACTIVE and stops once it has ended, or while its live read
 * (embedded platform) keeps it up to date.
 */
export const executionQueryOptions = (streamId: string, executionId: string) =>
  queryOptions({
    queryKey: streamKeys.execution(streamId, executionId),
    queryFn: ({ signal }) => getExecution(streamId, executionId, signal),
    refetchInterval: (query) =>
      query.state.data?.state === 'ACTIVE' && !isFollowed(executionLiveKey(streamId, executionId))
        ? EXECUTION_POLL_MS
        : false,
  });

export const useExecution = (streamId: string, executionId: string | undefined) =>
  useQuery({
    ...executionQueryOptions(streamId, executionId ?? ''),
    enabled: executionId !== undefined,
  });

/**
 * Embedded platform (docs/platform-gaps.md): the execution as it changes
 * (`…/executions/{executionId}/live`), into the query data `useExecution` reads; `on` while it
 * is ACTIVE and shown. True while it does (then the execution is not polled).
 */
export function useExecutionLive(streamId: string, executionId: string | undefined, on: boolean) {
  const queryClient = useQueryClient();
  const id = executionId ?? '';
  return useLiveRead(
    executionLiveKey(streamId, id),
    on && executionId !== undefined
      ? path`/api/data/v1/streams/${streamId}/executions/${id}/live`
      : undefined,
    ['execution'],
    (_, data) =>
      queryClient.setQueryData(streamKeys.execution(streamId, id), streamExecution.parse(data)),
  );
}
