import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleSessionList, type ConsoleSessionListParams } from '../contract/access';
import { request } from '../http';
import { accessKeys } from './keys';

/**
 * gaps.md: `GET /api/access/v1/console-sessions`: the console sign-ins in force, most recently
 * used first. An Admin sees everyone's (or one person's, `userId`); anyone else their own.
 */
export const getConsoleSessions = (params: ConsoleSessionListParams, signal?: AbortSignal) =>
  request({
    path: '/api/access/v1/console-sessions',
    query: { userId: params.userId },
    schema: consoleSessionList,
    signal,
  });

export const consoleSessionsQueryOptions = (params: ConsoleSessionListParams) =>
  queryOptions({
    queryKey: accessKeys.consoleSessions(params),
    queryFn: ({ signal }) => getConsoleSessions(params, signal),
  });

export const useConsoleSessions = (params: ConsoleSessionListParams, { enabled = true } = {}) =>
  useQuery({ ...consoleSessionsQueryOptions(params), enabled });
