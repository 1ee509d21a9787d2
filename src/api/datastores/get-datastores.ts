import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { datastoreKeys } from './keys';

/** gaps.md: `GET /api/datastores/v1/` lists the datastores the caller can see. */
export const getDatastores = (signal?: AbortSignal) =>
  request({
    path: '/api/datastores/v1/',
    schema: () => import('../contract/first-page').then((m) => m.datastoreList),
    signal,
  });

export const datastoresQueryOptions = () =>
  queryOptions({
    queryKey: datastoreKeys.lists(),
    queryFn: ({ signal }) => getDatastores(signal),
  });

export const useDatastores = () => useQuery(datastoresQueryOptions());
