import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { streamExecution } from '../contract/streams';
import { path, request } from '../http';
import { streamKeys } from './keys';

const RECENT_EXECUTIONS = 10;

/** A stream's most recent executions, newest first. */
export const getExecutions = (streamId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/data/v1/streams/${streamId}/executions`,
    query: { limit: RECENT_EXECUTIONS },
    schema: z.array(streamExecution),
    signal,
  });

export const executionsQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: streamKeys.executions(streamId),
    queryFn: ({ signal }) => getExecutions(streamId, signal),
  });

export const useExecutions = (streamId: string | undefined) =>
  useQuery({ ...executionsQueryOptions(streamId ?? ''), enabled: streamId !== undefined });
