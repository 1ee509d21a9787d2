import { queryOptions, useQuery } from '@tanstack/react-query';
import { collection } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

/** 4.1 Get Collection; a 404 (7.1 body) also means the caller has no permission on it. */
export const getCollection = (collectionId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/datastores/v1/collections/${collectionId}`,
    schema: collection,
    signal,
  });

export const collectionQueryOptions = (collectionId: string) =>
  queryOptions({
    queryKey: datastoreKeys.collection(collectionId),
    queryFn: ({ signal }) => getCollection(collectionId, signal),
  });

export const useCollection = (collectionId: string) =>
  useQuery(collectionQueryOptions(collectionId));
