import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fileQueryResult } from '../contract/filesets';
import { path, request } from '../http';
import { filesetKeys, type FileQuery } from './keys';

/** Spec 4.7: `POST /api/files/v1/filesets/{id}/query` → 2.6 matches, best first. */
export const queryFiles = (filesetId: string, search: FileQuery, signal?: AbortSignal) =>
  request({
    method: 'POST',
    path: path`/api/files/v1/filesets/${filesetId}/query`,
    body: search,
    schema: fileQueryResult,
    signal,
  });

export const queryFilesQueryOptions = (filesetId: string, search: FileQuery) =>
  queryOptions({
    queryKey: filesetKeys.query(filesetId, search),
    queryFn: ({ signal }) => queryFiles(filesetId, search, signal),
  });

/** Runs only with a fileset and a query; the previous results stay while the next load. */
export const useQueryFiles = (filesetId: string | undefined, search: FileQuery) =>
  useQuery({
    ...queryFilesQueryOptions(filesetId ?? '', search),
    enabled: Boolean(filesetId) && search.query.trim() !== '',
    placeholderData: keepPreviousData,
  });
