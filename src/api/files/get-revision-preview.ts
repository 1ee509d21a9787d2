import { queryOptions, useQuery } from '@tanstack/react-query';
import { revisionPreview } from '../contract/files';
import { path, request } from '../http';
import { dataFileKeys } from './keys';

/**
 * gaps.md: the first lines of a CSV or text revision, read by the platform from the
 * start of the file only; 415 for any other type.
 */
export const getRevisionPreview = (dataFileId: number, revisionId: number, signal?: AbortSignal) =>
  request({
    path: path`/api/data/v1/data-files/${dataFileId}/revisions/${revisionId}/preview`,
    query: { lines: 20 },
    schema: revisionPreview,
    signal,
  });

export const revisionPreviewQueryOptions = (dataFileId: number, revisionId: number) =>
  queryOptions({
    queryKey: dataFileKeys.preview(dataFileId, revisionId),
    queryFn: ({ signal }) => getRevisionPreview(dataFileId, revisionId, signal),
    // A revision's bytes never change.
    staleTime: Infinity,
    retry: false,
  });

/** Asked for only while the preview is open. */
export const useRevisionPreview = (dataFileId: number, revisionId: number, enabled: boolean) =>
  useQuery({ ...revisionPreviewQueryOptions(dataFileId, revisionId), enabled });
