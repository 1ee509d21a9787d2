import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { datastoreKeys } from './keys';

/** gaps.md: `GET /api/datastores/v1/collections` without a filter lists every collection. */
export const getAllCollections = (signal?: AbortSignal) =>
  request({
    path: '/api/datastores/v1/collections',
    schema: () => import('../contract/first-page').then((m) => m.collectionList),
    signal,
  });

/** Under the collection lists' key, so that creating or deleting a collection refreshes it. */
export const allCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: [...datastoreKeys.collectionLists(), { all: true }] as const,
    queryFn: ({ signal }) => getAllCollections(signal),
  });

export const useAllCollections = () => useQuery(allCollectionsQueryOptions());
