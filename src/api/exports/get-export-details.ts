import { queryOptions, useQuery } from '@tanstack/react-query';
import { exportDetails, exportPreview } from '../contract/exports';
import { path, request } from '../http';
import { EXPORT_POLL_MS } from './get-export-history';
import { exportKeys } from './keys';

/** Embedded platform (docs/platform-gaps.md): `GET /api/query/v1/exports/{exportId}`. */
export const getExportDetails = (exportId: string, signal?: AbortSignal) =>
  request({ path: path`/api/query/v1/exports/${exportId}`, schema: exportDetails, signal });

/** Polls while the export runs. */
export const exportDetailsQueryOptions = (exportId: string) =>
  queryOptions({
    queryKey: exportKeys.detail(exportId),
    queryFn: ({ signal }) => getExportDetails(exportId, signal),
    refetchInterval: (query) =>
      query.state.data?.record.exportStatus === 'running' ? EXPORT_POLL_MS : false,
  });

export const useExportDetails = (exportId: string, enabled: boolean) =>
  useQuery({ ...exportDetailsQueryOptions(exportId), enabled });

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
