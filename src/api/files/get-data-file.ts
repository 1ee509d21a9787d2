import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileMetadata } from '../contract/files';
import { path, request } from '../http';
import { dataFileKeys } from './keys';

/** gaps.md: `GET /api/data/v1/data-files/{id}/details` (2.7), without revisions. */
export const getDataFile = (dataFileId: number, signal?: AbortSignal) =>
  request({
    path: path`/api/data/v1/data-files/${String(dataFileId)}/details`,
    schema: fileMetadata,
    signal,
  });

export const dataFileQueryOptions = (dataFileId: number) =>
  queryOptions({
    queryKey: dataFileKeys.detail(dataFileId),
    queryFn: ({ signal }) => getDataFile(dataFileId, signal),
    staleTime: 5 * 60_000,
  });

export const useDataFile = (dataFileId: number | undefined) =>
  useQuery({ ...dataFileQueryOptions(dataFileId ?? 0), enabled: dataFileId !== undefined });
