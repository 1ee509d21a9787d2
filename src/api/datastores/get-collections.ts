import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { collection } from '../contract/datastores';
import { request } from '../http';
import { datastoreKeys } from './keys';

/** gaps.md: `GET /api/datastores/v1/collections?datastoreId=` lists a datastore's collections. */
export const getCollections = (datastoreId: string, signal?: AbortSignal) =>
  request({
    path: '/api/datastores/v1/collections',
    query: { datastoreId },
    schema: z.array(collection),
    signal,
  });

export const collectionsQueryOptions = (datastoreId: string) =>
  queryOptions({
    queryKey: datastoreKeys.collections(datastoreId),
    queryFn: ({ signal }) => getCollections(datastoreId, signal),
  });

export const useCollections = (datastoreId: string) =>
  useQuery(collectionsQueryOptions(datastoreId));
