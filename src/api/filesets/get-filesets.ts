import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesetSearchResult } from '../contract/filesets';
import { path, request } from '../http';
import { filesetKeys } from './keys';

/** How many filesets the picker offers, by name. */
export const FILESET_PICKER_LIMIT = 100;

/** gaps.md: `POST /api/files/v1/filesets/search?limit&offset`, sorted by name. */
export const getFilesets = (signal?: AbortSignal) =>
  request({
    method: 'POST',
    path: path`/api/files/v1/filesets/search`,
    query: { limit: FILESET_PICKER_LIMIT, offset: 0 },
    body: { fieldSort: [{ field: 'name', order: 'ASC' }] },
    schema: filesetSearchResult,
    signal,
  });

export const filesetsQueryOptions = () =>
  queryOptions({
    queryKey: filesetKeys.lists(),
    queryFn: ({ signal }) => getFilesets(signal),
  });

export const useFilesets = () => useQuery(filesetsQueryOptions());
