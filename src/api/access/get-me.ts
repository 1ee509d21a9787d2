import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { accessKeys } from './keys';

/** `GET /api/content/v2/users/me`: the user whose token the console acts as. */
export const getMe = (signal?: AbortSignal) =>
  request({
    path: '/api/content/v2/users/me',
    schema: () => import('../contract/first-page').then((m) => m.accessUser),
    signal,
  });

export const meQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });

export const useMe = () => useQuery(meQueryOptions());
