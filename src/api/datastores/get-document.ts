import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentV2, type DocumentV2 } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

/** gaps.md: get document, here under v2 so that it reads like the query's rows (2.2, v2 form). */
export const getDocument = (collectionId: string, documentId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/datastores/v2/collections/${collectionId}/documents/${documentId}`,
    schema: documentV2,
    signal,
  });

export const documentQueryOptions = (collectionId: string, documentId: string) =>
  queryOptions({
    queryKey: datastoreKeys.document(collectionId, documentId),
    queryFn: ({ signal }) => getDocument(collectionId, documentId, signal),
  });

/** `shown` (the row already on screen) fills the drawer while the document itself loads. */
export const useDocument = (collectionId: string, documentId: string | null, shown?: DocumentV2) =>
  useQuery({
    ...documentQueryOptions(collectionId, documentId ?? ''),
    enabled: documentId !== null,
    placeholderData: shown,
  });
