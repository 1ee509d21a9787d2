import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamExecution } from '../contract/streams';
import { path, request } from '../http';
import { streamKeys } from './keys';

export const EXECUTION_POLL_MS = 1_000;

/** gaps.md: `GET /api/data/v1/streams/{id}/executions/{executionId}`. */
export const getExecution = (streamId: string, executionId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/data/v1/streams/${streamId}/executions/${executionId}`,
    schema: streamExecution,
    signal,
  });

/** Polls while the execution is ACTIVE and stops once it has ended. */
export const executionQueryOptions = (streamId: string, executionId: string) =>
  queryOptions({
    queryKey: streamKeys.execution(streamId, executionId),
    queryFn: ({ signal }) => getExecution(streamId, executionId, signal),
    refetchInterval: (query) => (query.state.data?.state === 'ACTIVE' ? EXECUTION_POLL_MS : false),
  });

export const useExecution = (streamId: string, executionId: string | undefined) =>
  useQuery({
    ...executionQueryOptions(streamId, executionId ?? ''),
    enabled: executionId !== undefined,
  });
