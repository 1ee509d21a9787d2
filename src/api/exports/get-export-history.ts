import { queryOptions, useQuery } from '@tanstack/react-query';
import { exportHistory, type ExportRecord } from '../contract/exports';
import { path, request } from '../http';
import { exportKeys } from './keys';

export const EXPORT_POLL_MS = 1_500;
/** How many records of one dataset the console reads: the newest first. */
export const EXPORT_HISTORY_LIMIT = 100;

/** gaps.md: `GET /api/query/v1/export/{datasetId}`, an array of 2.4 records, newest first. */
export const getExportHistory = (datasetId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/query/v1/export/${datasetId}`,
    query: { limit: EXPORT_HISTORY_LIMIT },
    schema: exportHistory,
    signal,
  });

export const isExportRunning = (history: ExportRecord[] | undefined) =>
  history?.some((record) => record.exportStatus === 'running') ?? false;

/** Polls while one of the dataset's exports runs, and stops by itself once none does. */
export const exportHistoryQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: exportKeys.history(datasetId),
    queryFn: ({ signal }) => getExportHistory(datasetId, signal),
    refetchInterval: (query) => (isExportRunning(query.state.data) ? EXPORT_POLL_MS : false),
  });

export const useExportHistory = (datasetId: string) =>
  useQuery(exportHistoryQueryOptions(datasetId));
