import { queryOptions, useQuery } from '@tanstack/react-query';
import { app, appList } from '../contract/apps';
import { path, request } from '../http';
import { appKeys } from './keys';

/** Recent calls arrive as an app runs: the Apps screens read again this often while open. */
export const APPS_POLL_MS = 5_000;

/** `GET /api/apps/v1/apps` (docs/platform-gaps.md): the declared apps. */
export const getApps = (signal?: AbortSignal) =>
  request({ path: '/api/apps/v1/apps', schema: appList, signal });

export const appsQueryOptions = () =>
  queryOptions({
    queryKey: appKeys.list(),
    queryFn: ({ signal }) => getApps(signal),
    refetchInterval: APPS_POLL_MS,
  });

export const useApps = () => useQuery(appsQueryOptions());

/** `GET /api/apps/v1/apps/{id}`. */
export const getApp = (id: string, signal?: AbortSignal) =>
  request({ path: path`/api/apps/v1/apps/${id}`, schema: app, signal });

export const appQueryOptions = (id: string) =>
  queryOptions({
    queryKey: appKeys.one(id),
    queryFn: ({ signal }) => getApp(id, signal),
    refetchInterval: APPS_POLL_MS,
  });

export const useApp = (id: string) => useQuery(appQueryOptions(id));
