import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { peopleKeys } from './keys';

/** `GET /api/content/v3/users/{id}`. */
export const getUser = (id: number, signal?: AbortSignal) =>
  request({
    path: `/api/content/v3/users/${id}`,
    schema: () => import('../contract/first-page').then((m) => m.platformUserAnswer),
    signal,
  });

/** People rarely change: one request per user per ten minutes, shared by every screen. */
export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: peopleKeys.user(id),
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useUser = (id: number | null | undefined) =>
  useQuery({ ...userQueryOptions(id ?? 0), enabled: typeof id === 'number' && id > 0 });
