import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionSyncStatus } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

/** How often a running sync is asked about. */
export const SYNC_POLL_MS = 1000;

/** `GET /api/datastores/v1/collections/{id}/sync` (a project choice, docs/platform-gaps.md). */
export const getCollectionSyncStatus = (collectionId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/datastores/v1/collections/${collectionId}/sync`,
    schema: collectionSyncStatus,
    signal,
  });

/** Polls while a sync runs and stops when it is done. */
export const collectionSyncStatusQueryOptions = (collectionId: string) =>
  queryOptions({
    queryKey: datastoreKeys.syncStatus(collectionId),
    queryFn: ({ signal }) => getCollectionSyncStatus(collectionId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.running ? SYNC_POLL_MS : false),
  });

export interface SyncStatusOptions {
  /** Poll even before the platform says `running`, e.g. while "sync now" is on its way. */
  expectRunning?: boolean;
}

export const useCollectionSyncStatus = (
  collectionId: string,
  { expectRunning = false }: SyncStatusOptions = {},
) =>
  useQuery({
    ...collectionSyncStatusQueryOptions(collectionId),
    refetchInterval: (query) => (expectRunning || query.state.data?.running ? SYNC_POLL_MS : false),
  });
