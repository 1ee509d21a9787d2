import '../../zod-config';
import { z } from 'zod';
import { isoDateTime, jsonObject, userIdInt } from './common';
import {
  collectionFields,
  collectionFilter,
  collectionSchema,
  datastoreFields,
  requiredAuthorities,
} from './first-page';

export {
  collectionColumn,
  collectionColumnType,
  collectionFilter,
  collectionSchema,
  columnTypes,
  filterOperations,
  requiredAuthorities,
  type CollectionColumn,
  type CollectionColumnType,
  type CollectionFilter,
  type CollectionSchema,
  type RequiredAuthorities,
} from './first-page';

export const permissionNames = [
  'ADMIN',
  'WRITE',
  'READ',
  'SHARE',
  'DELETE',
  'CREATE_CONTENT',
  'UPDATE_CONTENT',
  'READ_CONTENT',
  'DELETE_CONTENT',
] as const;

/** 2.1 Collection (fields and the list the first page reads: ./first-page). */
export const collection = z.object(collectionFields);
export type Collection = z.infer<typeof collection>;

export const datastore = z.object(datastoreFields);
export type Datastore = z.infer<typeof datastore>;

export const createDatastoreBody = z.object({ name: z.string().trim().min(1).max(256) });
export const createCollectionBody = z.object({
  name: z.string().trim().min(1).max(256),
  schema: z.optional(collectionSchema),
  syncEnabled: z.boolean().optional(),
  defaultPermissions: z.string().nullable().optional(),
  requiredAuthorities: z.nullable(requiredAuthorities).optional(),
  filters: z.array(collectionFilter).nullable().optional(),
  exportable: z.boolean().optional(),
});
export type CreateCollectionBody = z.infer<typeof createCollectionBody>;
export const updateCollectionBody = z
  .object({
    name: z.string().trim().min(1).max(256),
    schema: collectionSchema,
    syncEnabled: z.boolean(),
    owner: userIdInt,
    filters: z.array(collectionFilter).nullable(),
    defaultPermissions: z.string().nullable(),
    requiredAuthorities: z.nullable(requiredAuthorities),
    exportable: z.boolean(),
  })
  .partial();
export type UpdateCollectionBody = z.infer<typeof updateCollectionBody>;

const documentBase = {
  id: z.string(),
  datastoreId: z.string(),
  collectionId: z.string(),
  syncRequired: z.boolean(),
  createdOn: isoDateTime,
  updatedOn: isoDateTime,
  content: jsonObject,
};
/** 2.2, v1 form: numeric user ids; createdBy only on Create Document. */
export const documentV1 = z.object({
  ...documentBase,
  /** The instance's customer name, as the public docs show it (`embedded` here). */
  customer: z.string().optional(),
  owner: userIdInt,
  updatedBy: userIdInt,
  createdBy: z.optional(userIdInt),
});
export type DocumentV1 = z.infer<typeof documentV1>;
/** 2.2, v2 form: user ids as strings, createdBy always present. */
export const documentV2 = z.object({
  ...documentBase,
  owner: z.string(),
  updatedBy: z.string(),
  createdBy: z.string(),
});
export type DocumentV2 = z.infer<typeof documentV2>;
export type AnyDocument = DocumentV1 | DocumentV2;

/** 4.2: `content` omitted means an empty object. */
export const createDocumentBody = z.object({ content: z.optional(jsonObject) });
export const replaceDocumentBody = z.object({ content: jsonObject });
export const bulkCreateBody = z.array(z.object({ content: jsonObject })).min(1);
export const bulkUpsertBody = z
  .array(z.object({ id: z.string().optional(), content: jsonObject }))
  .min(1);
export const bulkCreated = z.object({ Created: z.number().int() });
export const bulkUpserted = z.object({ Updated: z.number().int(), Created: z.number().int() });
export const bulkDeleted = z.object({ Deleted: z.number().int() });
export const partialUpdateBody = z.object({ query: jsonObject, operation: jsonObject });

/** A MongoDB `find()` filter; the platform's translator validates operators and fields. */
export const documentQuery = jsonObject;
export type DocumentQuery = z.infer<typeof documentQuery>;
export const documentQueryParams = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  orderby: z.string().optional(),
  groupby: z.string().optional(),
  count: z.string().optional(),
  sum: z.string().optional(),
  avg: z.string().optional(),
  min: z.string().optional(),
  max: z.string().optional(),
});
export type DocumentQueryParams = z.infer<typeof documentQueryParams>;
/** With groupby or aggregates, the answer is flat rows keyed by alias and group field names. */
export const aggregateRow = z.record(z.string(), z.unknown());

/** Partial update answers the number of documents it changed (gaps.md). */
export const partialUpdated = z.number().int();

/**
 * Sync status of a collection: `GET /api/datastores/v1/collections/{id}/sync` (a project choice,
 * docs/platform-gaps.md): 2.1 has no field for a running sync or the last failure.
 */
export const collectionSyncStatus = z.object({
  collectionId: z.string(),
  running: z.boolean(),
  lastSync: z.nullable(isoDateTime),
  syncRequired: z.boolean(),
  /** The last failed sync's reason (a document id, column and value); null after a success. */
  lastError: z.object({ message: z.string(), at: isoDateTime }).nullable(),
  datasourceId: z.string().nullable(),
  /** Rows of the linked dataset; null before the first sync. */
  rowCount: z.number().int().nullable(),
});
export type CollectionSyncStatus = z.infer<typeof collectionSyncStatus>;

/** "Sync now" (`POST /api/datastores/v1/export/{datastoreId}`) answers when done (a choice). */
export const datastoreSyncResult = z.object({
  datastoreId: z.string(),
  collections: z.array(collectionSyncStatus),
});
export type DatastoreSyncResult = z.infer<typeof datastoreSyncResult>;
