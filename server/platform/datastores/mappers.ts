import type {
  Collection,
  CollectionSyncStatus,
  Datastore,
  DocumentV1,
  DocumentV2,
  JsonObject,
} from '../../../src/api/contract';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

export interface DatastoreRow {
  id: string;
  name: string;
  owner: number;
  created_on: Date;
  updated_on: Date;
}
export const toDatastore = (r: DatastoreRow): Datastore => ({
  id: r.id,
  name: r.name,
  owner: r.owner,
  createdOn: iso(r.created_on),
  updatedOn: iso(r.updated_on),
});

export interface CollectionRow {
  id: string;
  datastore_id: string;
  name: string;
  owner: number;
  default_permissions: string | null;
  required_authorities: Record<string, string[]> | null;
  exportable: boolean;
  datasource_id: string | null;
  schema: Collection['schema'];
  filters: Collection['filters'];
  sync_enabled: boolean;
  sync_required: boolean;
  full_replace_required: boolean;
  last_sync: Date | null;
  created_on: Date;
  updated_on: Date;
  updated_by: number;
}
export const toCollection = (r: CollectionRow): Collection => ({
  id: r.id,
  datastoreId: r.datastore_id,
  defaultPermissions: r.default_permissions,
  requiredAuthorities: r.required_authorities,
  owner: r.owner,
  name: r.name,
  datasourceId: r.datasource_id,
  schema: r.schema,
  filters: r.filters,
  syncEnabled: r.sync_enabled,
  syncRequired: r.sync_required,
  fullReplaceRequired: r.full_replace_required,
  lastSync: isoOrNull(r.last_sync),
  createdOn: iso(r.created_on),
  updatedOn: iso(r.updated_on),
  updatedBy: r.updated_by,
  exportable: r.exportable,
});

export interface DocumentRow {
  id: string;
  collection_id: string;
  datastore_id: string;
  owner: number;
  created_by: number;
  updated_by: number;
  created_on: Date;
  updated_on: Date;
  sync_required: boolean;
  content: JsonObject;
}
const documentBase = (r: DocumentRow) => ({
  id: r.id,
  datastoreId: r.datastore_id,
  collectionId: r.collection_id,
  syncRequired: r.sync_required,
  createdOn: iso(r.created_on),
  updatedOn: iso(r.updated_on),
  content: r.content,
});
/** What v1 documents carry as `customer` (docs/platform-gaps.md). */
export const EMBEDDED_CUSTOMER = 'embedded';

/** Spec 2.2, v1: integer user ids; createdBy only from Create Document. */
export const toDocumentV1 = (r: DocumentRow, { withCreatedBy = false } = {}): DocumentV1 => ({
  ...documentBase(r),
  customer: EMBEDDED_CUSTOMER,
  owner: r.owner,
  updatedBy: r.updated_by,
  ...(withCreatedBy ? { createdBy: r.created_by } : {}),
});
/** Spec 2.2, v2: user ids as strings, createdBy always. */
export const toDocumentV2 = (r: DocumentRow): DocumentV2 => ({
  ...documentBase(r),
  owner: String(r.owner),
  updatedBy: String(r.updated_by),
  createdBy: String(r.created_by),
});

export interface SyncStatusRow {
  id: string;
  sync_running: boolean;
  last_sync: Date | null;
  sync_required: boolean;
  last_sync_error: string | null;
  last_sync_error_at: Date | null;
  datasource_id: string | null;
  row_count: number | null;
}
export const toSyncStatus = (r: SyncStatusRow): CollectionSyncStatus => ({
  collectionId: r.id,
  running: r.sync_running,
  lastSync: isoOrNull(r.last_sync),
  syncRequired: r.sync_required,
  lastError:
    r.last_sync_error === null
      ? null
      : { message: r.last_sync_error, at: iso(r.last_sync_error_at ?? new Date()) },
  datasourceId: r.datasource_id,
  rowCount: r.row_count,
});
