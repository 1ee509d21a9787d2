import { queryOptions, useQuery } from '@tanstack/react-query';
import { datasetAccess, type DatasetOperation } from '../contract/access';
import { path, request } from '../http';
import { accessKeys } from './keys';

/** `GET /api/access/v1/datasets/{id}`: what the caller may do with one dataset. */
export const getDatasetAccess = (datasetId: string, signal?: AbortSignal) =>
  request({ path: path`/api/access/v1/datasets/${datasetId}`, schema: datasetAccess, signal });

export const datasetAccessQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: accessKeys.dataset(datasetId),
    queryFn: ({ signal }) => getDatasetAccess(datasetId, signal),
    staleTime: 60_000,
    // Every guarded action observes this query: a failed answer is not asked again by each one
    // that mounts (the dataset page would flip back to loading, and round again).
    retryOnMount: false,
  });

export interface DatasetPermission {
  /** False while the answer loads: nothing is offered before it is known. */
  allowed: boolean;
  /** Why not, in words for a tooltip; undefined when allowed. */
  reason?: string;
}

/** Whether the caller may take one operation on a dataset, and if not, the level it needs. */
export function useDatasetPermission(
  datasetId: string | undefined,
  operation: DatasetOperation,
): DatasetPermission {
  const { data, isError } = useQuery({
    ...datasetAccessQueryOptions(datasetId ?? ''),
    enabled: Boolean(datasetId),
  });
  // A real instance has no such endpoint (ours, gaps.md): without an answer the platform decides.
  if (isError) return { allowed: true };
  if (!data) return { allowed: false, reason: 'Checking your access…' };
  const decision = data.operations[operation];
  if (decision.allowed) return { allowed: true };
  return { allowed: false, reason: neededInWords(decision.needed) };
}

/** `CAN_EDIT` → "You need CAN_EDIT access to this dataset"; a role → "You need the Editor role or higher". */
export const neededInWords = (needed: string | undefined) =>
  !needed
    ? 'You may not do this with this dataset'
    : /role/i.test(needed)
      ? `You need the ${needed}`
      : `You need ${needed} access to this dataset`;
