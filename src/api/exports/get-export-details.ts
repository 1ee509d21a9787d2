import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { exportDetails, exportPreview } from '../contract/exports';
import { path, request } from '../http';
import { isFollowed } from '../live/followed';
import { useLiveRead } from '../live/use-live-read';
import { EXPORT_POLL_MS } from './get-export-history';
import { exportKeys } from './keys';

/** Embedded platform (docs/platform-gaps.md): `GET /api/query/v1/exports/{exportId}`. */
export const getExportDetails = (exportId: string, signal?: AbortSignal) =>
  request({ path: path`/api/query/v1/exports/${exportId}`, schema: exportDetails, signal });

export const exportLiveKey = (exportId: string) => `export:${exportId}`;

/** Polls while the export runs, unless its live read keeps it up to date. */
export const exportDetailsQueryOptions = (exportId: string) =>
  queryOptions({
    queryKey: exportKeys.detail(exportId),
    queryFn: ({ signal }) => getExportDetails(exportId, signal),
    refetchInterval: (query) =>
      query.state.data?.record.exportStatus === 'running' && !isFollowed(exportLiveKey(exportId))
        ? EXPORT_POLL_MS
        : false,
  });

export const useExportDetails = (exportId: string, enabled: boolean) =>
  useQuery({ ...exportDetailsQueryOptions(exportId), enabled });

/**
 * Embedded platform (docs/platform-gaps.md): the export as it changes
 * (`GET /api/query/v1/exports/{exportId}/live`), into the query data `useExportDetails` reads;
 * `on` while it runs and is shown. True while it does (then it is not polled).
 */
export function useExportLive(exportId: string, on: boolean) {
  const queryClient = useQueryClient();
  return useLiveRead(
    exportLiveKey(exportId),
    on ? path`/api/query/v1/exports/${exportId}/live` : undefined,
    ['export'],
    (_, data) => queryClient.setQueryData(exportKeys.detail(exportId), exportDetails.parse(data)),
  );
}

/** The gateway path of an export's local file: a real link, downloaded by the browser itself. */
export const exportFileDownloadPath = (exportId: string, file: number) =>
  path`/api/query/v1/exports/${exportId}/files/${file}`;

/** The first rows of an export's local file (`…/files/{n}/preview`). */
export const getExportPreview = (exportId: string, file: number, signal?: AbortSignal) =>
  request({
    path: path`/api/query/v1/exports/${exportId}/files/${file}/preview`,
    schema: exportPreview,
    signal,
  });

export const useExportPreview = (exportId: string, file: number, enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.preview(exportId, file),
    queryFn: ({ signal }) => getExportPreview(exportId, file, signal),
    enabled,
    staleTime: Infinity,
  });
