import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileMetadataList } from '../contract/files';
import { request } from '../http';
import { dataFileKeys } from './keys';

export interface DataFilesParams {
  /** `revisions` adds every revision; either value adds `currentRevision`. */
  expand?: 'revisions' | 'metadata' | 'revisions,metadata';
  limit?: number;
  offset?: number;
  /** gaps.md: files whose name contains this text, case-insensitive. */
  nameLike?: string;
}

/** gaps.md: `GET /api/data/v1/data-files/details` lists data files (2.7), oldest first. */
export const getDataFiles = (params: DataFilesParams = {}, signal?: AbortSignal) =>
  request({
    path: '/api/data/v1/data-files/details',
    query: { ...params },
    schema: fileMetadataList,
    signal,
  });

export const dataFilesQueryOptions = (params: DataFilesParams = {}) =>
  queryOptions({
    queryKey: dataFileKeys.list({ ...params }),
    queryFn: ({ signal }) => getDataFiles(params, signal),
    refetchInterval: (query) =>
      query.state.data?.some((f) => f.currentRevision?.scanState === 'PENDING') ? 2_000 : false,
  });

export const useDataFiles = (params: DataFilesParams = {}) =>
  useQuery(dataFilesQueryOptions(params));
