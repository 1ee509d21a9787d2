import { useCallback, useEffect, useRef } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Dataset, ExportRecord } from '../../../api/contract';
import { allDatasetsQueryOptions } from '../../../api/datasets';
import {
  EXPORT_POLL_MS,
  exportHistoryQueryOptions,
  getExportHistory,
  isExportRunning,
} from '../../../api/exports';
import { createLimiter } from '../lib/limit';
import type { DatasetExport } from '../lib/overview';

/** At most this many dataset reads at once, so hundreds of datasets do not flood the platform. */
export const FAN_OUT = 6;
/** While anything runs, the datasets with nothing running are read again this often. */
export const REFRESH_WHILE_RUNNING_MS = 30_000;
const limit = createLimiter(FAN_OUT);

export interface DatasetFailure {
  dataset: Dataset;
  error: Error;
}

function combineWith(datasets: Dataset[]) {
  return (results: UseQueryResult<ExportRecord[]>[]) => {
    const exports: DatasetExport[] = [];
    const failures: DatasetFailure[] = [];
    let read = 0;
    let oldest = Infinity;
    let newest = 0;
    results.forEach((result, i) => {
      const dataset = datasets[i]!;
      if (result.data) {
        read += 1;
        oldest = Math.min(oldest, result.dataUpdatedAt);
        newest = Math.max(newest, result.dataUpdatedAt);
        for (const record of result.data)
          exports.push({ dataset: { id: dataset.id, name: dataset.name }, record });
      } else if (result.error) failures.push({ dataset, error: result.error });
    });
    return {
      exports,
      failures,
      /** Datasets whose exports have been read (at least once). */
      read,
      fetching: results.some((r) => r.isFetching),
      /** When the least and the most recently read dataset was read (epoch ms). */
      oldestRead: read ? oldest : undefined,
      newestRead: read ? newest : undefined,
      refetchAll: () => Promise.all(results.map((r) => r.refetch())),
    };
  };
}

/**
 * Every export of every dataset on a real instance, which lists exports per dataset only: each
 * dataset's history, {@link FAN_OUT} at a time, into the same cache entries the dataset's Exports
 * tab uses. A dataset with an export running is polled; while anything runs, the others are read
 * again every {@link REFRESH_WHILE_RUNNING_MS}. The dataset list is read again whenever the
 * dashboard opens, so a dataset made a minute before is watched.
 */
export function usePerDatasetOverview(enabled: boolean) {
  const datasets = useQuery({ ...allDatasetsQueryOptions(), refetchOnMount: 'always', enabled });
  const list = datasets.data?.datasets;
  const anyRunning = useRef(false);
  const combine = useCallback(
    (results: UseQueryResult<ExportRecord[]>[]) => combineWith(list ?? [])(results),
    [list],
  );
  const overview = useQueries({
    queries: (list ?? []).map((dataset) => ({
      ...exportHistoryQueryOptions(dataset.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        limit(() => getExportHistory(dataset.id, signal), signal),
      staleTime: 10_000,
      refetchInterval: (query: { state: { data?: ExportRecord[] } }) =>
        isExportRunning(query.state.data)
          ? EXPORT_POLL_MS
          : anyRunning.current
            ? REFRESH_WHILE_RUNNING_MS
            : false,
    })),
    combine,
  });
  const running = overview.exports.some((e) => e.record.exportStatus === 'running');
  useEffect(() => {
    anyRunning.current = running;
  }, [running]);

  return {
    ...overview,
    datasets: list,
    datasetCount: list?.length ?? 0,
    truncated: datasets.data?.truncated ? ('datasets' as const) : undefined,
    datasetsError: datasets.error,
    datasetsPending: datasets.isPending,
    refresh: () => Promise.all([datasets.refetch(), overview.refetchAll()]),
    /** A real instance has no live reads: the figures are polled. */
    live: false,
  };
}
