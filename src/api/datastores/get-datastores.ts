import { queryOptions, useQuery } from '@tanstack/react-query';
import { datastoreList } from '../contract/first-page';
import { request } from '../http';
import { datastoreKeys } from './keys';

/** gaps.md: `GET /api/datastores/v1/` lists the datastores the caller can see. */
export const getDatastores = (signal?: AbortSignal) =>
  request({ path: '/api/datastores/v1/', schema: datastoreList, signal });

export const datastoresQueryOptions = () =>
  queryOptions({
    queryKey: datastoreKeys.lists(),
    queryFn: ({ signal }) => getDatastores(signal),
  });

export const useDatastores = () => useQuery(datastoresQueryOptions());
