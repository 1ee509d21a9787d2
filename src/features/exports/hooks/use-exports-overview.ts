import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EXPORTS_ACROSS_POLL_MS,
  exportsAcrossQueryOptions,
  useExportsAcrossLive,
} from '../../../api/exports';
import type { DatasetExport } from '../lib/overview';
import { usePerDatasetOverview, type DatasetFailure } from './use-per-dataset-overview';
import { usePlatformMode } from './use-platform-mode';

const noFailures: DatasetFailure[] = [];

/**
 * Every export the user may see. The embedded platform answers them in one request across
 * datasets (`GET /api/query/v1/exports`); a real instance only per dataset, so there each
 * dataset is read on its own (use-per-dataset-overview.ts). `live`: the figures follow every
 * change as it happens (the embedded platform's live read), so their age is not told.
 */
export function useExportsOverview() {
  const mode = usePlatformMode();
  // The embedded platform tells each change of the list as it happens; polled otherwise.
  const follow = useExportsAcrossLive(mode === 'embedded');
  const across = useQuery({
    ...exportsAcrossQueryOptions(),
    enabled: mode === 'embedded' && follow.ready,
    // In place of the paused stream, which told every change, running or not.
    ...(follow.paused && { refetchInterval: EXPORTS_ACROSS_POLL_MS }),
  });
  const perDataset = usePerDatasetOverview(mode === 'remote');
  const exports = useMemo<DatasetExport[]>(
    () =>
      across.data?.exports.map(({ datasetId, datasetName, record }) => ({
        dataset: { id: datasetId, name: datasetName },
        record,
      })) ?? [],
    [across.data],
  );
  if (mode !== 'embedded') return { ...perDataset, livePaused: false };
  const datasetCount = across.data?.datasetCount ?? 0;
  return {
    exports,
    failures: noFailures,
    read: across.data ? datasetCount : 0,
    fetching: across.isFetching,
    oldestRead: across.data ? across.dataUpdatedAt : undefined,
    newestRead: across.data ? across.dataUpdatedAt : undefined,
    datasetCount,
    truncated: across.data?.truncated ? ('exports' as const) : undefined,
    datasetsError: across.error,
    datasetsPending: across.isPending,
    refresh: () => across.refetch(),
    live: follow.live,
    livePaused: follow.paused,
  };
}

export type ExportsOverview = ReturnType<typeof useExportsOverview>;
