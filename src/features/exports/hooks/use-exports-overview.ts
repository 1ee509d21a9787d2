import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { exportsAcrossQueryOptions } from '../../../api/exports';
import type { DatasetExport } from '../lib/overview';
import { usePerDatasetOverview, type DatasetFailure } from './use-per-dataset-overview';
import { usePlatformMode } from './use-platform-mode';

const noFailures: DatasetFailure[] = [];

/**
 * Every export the user may see. The embedded platform answers them in one request across
 * datasets (`GET /api/query/v1/exports`); a real instance only per dataset, so there each
 * dataset is read on its own (use-per-dataset-overview.ts).
 */
export function useExportsOverview() {
  const mode = usePlatformMode();
  const across = useQuery({ ...exportsAcrossQueryOptions(), enabled: mode === 'embedded' });
  const perDataset = usePerDatasetOverview(mode === 'remote');
  const exports = useMemo<DatasetExport[]>(
    () =>
      across.data?.exports.map(({ datasetId, datasetName, record }) => ({
        dataset: { id: datasetId, name: datasetName },
        record,
      })) ?? [],
    [across.data],
  );
  if (mode !== 'embedded') return perDataset;
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
  };
}

export type ExportsOverview = ReturnType<typeof useExportsOverview>;
