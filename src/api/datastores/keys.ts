import type { QueryClient } from '@tanstack/react-query';
import type { DocumentQuery, DocumentQueryParams } from '../contract/datastores';

/**
 * Query keys of the document store, from general to specific: invalidating a key also
 * invalidates every key that starts with it (a collection's key covers its documents).
 */
export const datastoreKeys = {
  all: ['datastores'] as const,
  lists: () => [...datastoreKeys.all, 'list'] as const,
  collectionLists: () => [...datastoreKeys.all, 'collections'] as const,
  collections: (datastoreId: string) => [...datastoreKeys.collectionLists(), datastoreId] as const,
  collection: (collectionId: string) => [...datastoreKeys.all, 'collection', collectionId] as const,
  documents: (collectionId: string) =>
    [...datastoreKeys.collection(collectionId), 'documents'] as const,
  documentQuery: (collectionId: string, query: DocumentQuery, params: DocumentQueryParams) =>
    [...datastoreKeys.documents(collectionId), 'query', { query, params }] as const,
  document: (collectionId: string, documentId: string) =>
    [...datastoreKeys.documents(collectionId), 'document', documentId] as const,
  syncStatus: (collectionId: string) =>
    [...datastoreKeys.collection(collectionId), 'sync'] as const,
};

/**
 * After a document write: the collection's key covers every query of its documents, and the
 * collection and the lists show its `syncRequired` flag.
 */
export const invalidateDocumentWrites = (queryClient: QueryClient, collectionId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: datastoreKeys.collection(collectionId) }),
    queryClient.invalidateQueries({ queryKey: datastoreKeys.collectionLists() }),
  ]);
