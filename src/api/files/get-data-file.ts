import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileMetadata } from '../contract/files';
import { path, request } from '../http';
import { dataFileKeys } from './keys';

/** 4.12 File details, with every revision (newest first) and the current one. */
export const getDataFile = (dataFileId: number, signal?: AbortSignal) =>
  request({
    path: path`/api/data/v1/data-files/${dataFileId}/details`,
    query: { expand: 'revisions,metadata' },
    schema: fileMetadata,
    signal,
  });

export const dataFileQueryOptions = (dataFileId: number) =>
  queryOptions({
    queryKey: dataFileKeys.detail(dataFileId),
    queryFn: ({ signal }) => getDataFile(dataFileId, signal),
    // A new upload is scanned in the background: read again until no revision is PENDING.
    refetchInterval: (query) =>
      query.state.data?.revisions?.some((r) => r.scanState === 'PENDING') ||
      query.state.data?.currentRevision?.scanState === 'PENDING'
        ? 2_000
        : false,
  });

/** Disabled until an id is known (a stream's data file is read from its configuration). */
export const useDataFile = (dataFileId: number | undefined) =>
  useQuery({ ...dataFileQueryOptions(dataFileId ?? 0), enabled: dataFileId !== undefined });

/** The gateway path of a revision's bytes: a real link, downloaded by the browser itself. */
export const dataFileRevisionDownloadPath = (dataFileId: number, revisionId: number) =>
  path`/api/data/v1/data-files/${dataFileId}/revisions/${revisionId}`;
