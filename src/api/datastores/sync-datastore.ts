import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { datastoreSyncResult } from '../contract/datastores';
import { isApiError } from '../errors';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

export const syncDatastoreInput = z.object({ datastoreId: z.string().min(1) });
export type SyncDatastoreInput = z.infer<typeof syncDatastoreInput>;

/**
 * "Sync now" (gaps.md): `POST /api/datastores/v1/export/{datastoreId}` syncs every sync-enabled
 * collection of the datastore and answers when done; 423 while a sync of it already runs.
 */
export const syncDatastore = async ({ datastoreId }: SyncDatastoreInput) => {
  const answer = await request({
    method: 'POST',
    path: path`/api/datastores/v1/export/${datastoreId}`,
    schema: z.unknown(),
  });
  // A real instance answers 200 with a body of its own (gaps.md says only "200"); the
  // embedded platform's per-collection summary is used when it is there.
  const summary = datastoreSyncResult.safeParse(answer);
  return summary.success ? summary.data : null;
};

export const isSyncAlreadyRunning = (error: unknown) => isApiError(error) && error.status === 423;

/** Pessimistic: a sync writes a dataset. Each synced collection (and its documents' flags) changed. */
export const useSyncDatastore = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncDatastore,
    onSuccess: (summary) => {
      if (!summary) return queryClient.invalidateQueries({ queryKey: datastoreKeys.all });
      const { collections } = summary;
      for (const status of collections)
        queryClient.setQueryData(datastoreKeys.syncStatus(status.collectionId), status);
      return Promise.all([
        ...collections.map(({ collectionId }) =>
          queryClient.invalidateQueries({ queryKey: datastoreKeys.collection(collectionId) }),
        ),
        queryClient.invalidateQueries({ queryKey: datastoreKeys.collectionLists() }),
      ]);
    },
  });
};
