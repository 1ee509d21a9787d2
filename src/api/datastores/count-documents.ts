import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { DocumentQuery } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

const COUNT_ALIAS = 'total';
const countRows = z.array(z.object({ [COUNT_ALIAS]: z.number().int().min(0) }));

/** The query endpoint with `count=total` answers `[{total: n}]` (gaps.md aggregation). */
export const countDocuments = async (
  collectionId: string,
  filter: DocumentQuery,
  signal?: AbortSignal,
) => {
  const rows = await request({
    method: 'POST',
    path: path`/api/datastores/v2/collections/${collectionId}/documents/query`,
    query: { count: COUNT_ALIAS },
    body: filter,
    schema: countRows,
    signal,
  });
  return rows[0]?.[COUNT_ALIAS] ?? 0;
};

export const documentCountQueryOptions = (collectionId: string, filter: DocumentQuery) =>
  queryOptions({
    queryKey: datastoreKeys.documentQuery(collectionId, filter, { count: COUNT_ALIAS }),
    queryFn: ({ signal }) => countDocuments(collectionId, filter, signal),
  });

export const useDocumentCount = (collectionId: string, filter: DocumentQuery | undefined) =>
  useQuery({
    ...documentCountQueryOptions(collectionId, filter ?? {}),
    enabled: filter !== undefined,
    placeholderData: keepPreviousData,
  });
