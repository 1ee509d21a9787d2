import type { Collection } from '../../../../api/contract';
import {
  isSyncAlreadyRunning,
  useCollectionSyncStatus,
  useSetSyncEnabled,
  useSyncDatastore,
} from '../../../../api/datastores';
import { useNotify } from '../../../../components';

/** Sync of one collection: the switch, "sync now" for its datastore, and the live status. */
export function useCollectionSync(collection: Collection) {
  const notify = useNotify();
  const syncNow = useSyncDatastore();
  const toggle = useSetSyncEnabled();
  // While "sync now" is on its way the platform may not say `running` yet: poll anyway.
  const status = useCollectionSyncStatus(collection.id, { expectRunning: syncNow.isPending });
  const running = syncNow.isPending || status.data?.running === true;

  const startSync = () =>
    syncNow.mutate(
      { datastoreId: collection.datastoreId },
      {
        onSuccess: (summary) => {
          const mine = summary?.collections.find((c) => c.collectionId === collection.id);
          if (mine?.lastError) notify.error(`The sync failed: ${mine.lastError.message}`);
          else notify.success('Sync finished');
        },
        onError: (error) => {
          if (isSyncAlreadyRunning(error)) void status.refetch();
        },
      },
    );

  const setSyncEnabled = (syncEnabled: boolean) =>
    toggle.mutate(
      { collectionId: collection.id, syncEnabled },
      { onSuccess: () => notify.success(syncEnabled ? 'Sync turned on' : 'Sync turned off') },
    );

  // A 423 stays on screen until the platform reports, after it, that no sync runs any more.
  const idleSince = (time: number) => status.data?.running === false && status.dataUpdatedAt > time;
  const alreadyRunning = isSyncAlreadyRunning(syncNow.error) && !idleSince(syncNow.submittedAt);
  const syncError = syncNow.error && !isSyncAlreadyRunning(syncNow.error) ? syncNow.error : null;

  return {
    status,
    running,
    syncEnabled: collection.syncEnabled,
    startSync,
    starting: syncNow.isPending,
    alreadyRunning,
    alreadyRunningError: alreadyRunning ? syncNow.error : null,
    syncError,
    setSyncEnabled,
    toggleError: toggle.error,
    toggling: toggle.isPending,
  };
}

export type CollectionSyncState = ReturnType<typeof useCollectionSync>;
