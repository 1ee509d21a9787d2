import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionAccess, type CollectionOperation } from '../contract/access';
import { path, request } from '../http';
import type { DatasetPermission } from './get-dataset-access';
import { accessKeys } from './keys';

/** `GET /api/access/v1/collections/{id}`: what the caller may do with one collection. */
export const getCollectionAccess = (collectionId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/access/v1/collections/${collectionId}`,
    schema: collectionAccess,
    signal,
  });

export const collectionAccessQueryOptions = (collectionId: string) =>
  queryOptions({
    queryKey: accessKeys.collection(collectionId),
    queryFn: ({ signal }) => getCollectionAccess(collectionId, signal),
    staleTime: 60_000,
    retryOnMount: false,
  });

/** Whether the caller may take one operation on a collection, and if not, the permission needed. */
export function useCollectionPermission(
  collectionId: string | undefined,
  operation: CollectionOperation,
): DatasetPermission {
  const { data, isError } = useQuery({
    ...collectionAccessQueryOptions(collectionId ?? ''),
    enabled: Boolean(collectionId),
  });
  // A real instance has no such endpoint (ours, gaps.md): without an answer the platform decides.
  if (isError) return { allowed: true };
  if (!data) return { allowed: false, reason: 'Checking your access…' };
  const decision = data.operations[operation];
  if (decision.allowed) return { allowed: true };
  return {
    allowed: false,
    reason: decision.needed
      ? `You need the ${decision.needed} permission on this collection`
      : 'You may not do this with this collection',
  };
}
