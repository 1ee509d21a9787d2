import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  documentV2,
  type DocumentQuery,
  type DocumentQueryParams,
  type DocumentV2,
} from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

export type DocumentPageParams = Pick<DocumentQueryParams, 'limit' | 'offset' | 'orderby'>;

/** gaps.md: `POST /v2/.../documents/query`, a MongoDB filter in the body; v2 documents out. */
export const queryDocuments = (
  collectionId: string,
  filter: DocumentQuery,
  params: DocumentPageParams,
  signal?: AbortSignal,
) =>
  request({
    method: 'POST',
    path: path`/api/datastores/v2/collections/${collectionId}/documents/query`,
    query: params,
    body: filter,
    schema: z.array(documentV2),
    signal,
  });

export const documentsPageQueryOptions = (
  collectionId: string,
  filter: DocumentQuery,
  params: DocumentPageParams,
) =>
  queryOptions({
    queryKey: datastoreKeys.documentQuery(collectionId, filter, params),
    queryFn: ({ signal }) => queryDocuments(collectionId, filter, params, signal),
  });

/** One page of a query; the previous page stays on screen while the next one loads. */
export const useDocumentsPage = (
  collectionId: string,
  filter: DocumentQuery | undefined,
  params: DocumentPageParams,
) =>
  useQuery({
    ...documentsPageQueryOptions(collectionId, filter ?? {}, params),
    enabled: filter !== undefined,
    placeholderData: keepPreviousData,
  });

/** Documents per call while reading a whole result; the platform answers at most 10,000. */
const READ_ALL_PAGE = 1_000;

/**
 * Every document a filter matches, page by page through the query endpoint, in `orderby` order
 * (creation order breaks ties on the platform, so pages neither skip nor repeat).
 */
export async function queryAllDocuments(
  collectionId: string,
  filter: DocumentQuery,
  {
    orderby,
    signal,
    onProgress,
  }: { orderby?: string; signal?: AbortSignal; onProgress?: (read: number) => void } = {},
) {
  const documents: DocumentV2[] = [];
  for (;;) {
    const page = await queryDocuments(
      collectionId,
      filter,
      { limit: READ_ALL_PAGE, offset: documents.length, orderby },
      signal,
    );
    documents.push(...page);
    onProgress?.(documents.length);
    if (page.length < READ_ALL_PAGE) return documents;
  }
}
