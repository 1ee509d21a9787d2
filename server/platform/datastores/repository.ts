import { randomUUID } from 'node:crypto';
import type {
  CollectionFilter,
  CollectionSchema,
  RequiredAuthorities,
  UpdateCollectionBody,
} from '../../../src/api/contract';
import { conflict, notFound } from '../core/errors';
import type { Queryable } from '../store';
import type { CollectionRow, DatastoreRow } from './mappers';

/** Spec 4.1: a missing collection and one the caller may not see read the same. */
export const collectionNotFound = (id: string) =>
  notFound(`Collection ${id} not found, or you have no permission to it`);
export const datastoreNotFound = (id: string) =>
  notFound(`Datastore ${id} not found, or you have no permission to it`);

export const listDatastores = (db: Queryable) =>
  db.query<DatastoreRow>('SELECT * FROM datastores ORDER BY name, id');

export async function getDatastore(db: Queryable, id: string): Promise<DatastoreRow> {
  const [row] = await db.query<DatastoreRow>('SELECT * FROM datastores WHERE id = $1', [id]);
  if (!row) throw datastoreNotFound(id);
  return row;
}

export async function createDatastore(
  db: Queryable,
  name: string,
  owner: number,
): Promise<DatastoreRow> {
  const [row] = await db.query<DatastoreRow>(
    `INSERT INTO datastores (id, name, owner, created_on, updated_on) VALUES ($1, $2, $3, now(), now()) RETURNING *`,
    [randomUUID(), name, owner],
  );
  return row!;
}

export const listCollections = (db: Queryable, datastoreId?: string) =>
  datastoreId === undefined
    ? db.query<CollectionRow>('SELECT * FROM collections ORDER BY name, id')
    : db.query<CollectionRow>(
        'SELECT * FROM collections WHERE datastore_id = $1 ORDER BY name, id',
        [datastoreId],
      );

export async function getCollection(db: Queryable, id: string): Promise<CollectionRow> {
  const [row] = await db.query<CollectionRow>('SELECT * FROM collections WHERE id = $1', [id]);
  if (!row) throw collectionNotFound(id);
  return row;
}

const nameTaken = (name: string) =>
  conflict(`A collection named ${name} already exists in this datastore`);

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

export async function createCollection(
  db: Queryable,
  input: {
    datastoreId: string;
    name: string;
    schema: CollectionSchema;
    syncEnabled: boolean;
    owner: number;
    defaultPermissions?: string | null;
    requiredAuthorities?: RequiredAuthorities | null;
    filters?: CollectionFilter[] | null;
    exportable?: boolean;
  },
): Promise<CollectionRow> {
  try {
    const [row] = await db.query<CollectionRow>(
      `INSERT INTO collections (id, datastore_id, name, owner, schema, sync_enabled, sync_required,
         created_on, updated_on, updated_by, default_permissions, required_authorities, filters,
         exportable)
       VALUES ($1, $2, $3, $4, $5, $6, false, now(), now(), $4, $7, $8::jsonb, $9::jsonb, $10)
       RETURNING *`,
      [
        randomUUID(),
        input.datastoreId,
        input.name,
        input.owner,
        JSON.stringify(input.schema),
        input.syncEnabled,
        input.defaultPermissions ?? null,
        input.requiredAuthorities ? JSON.stringify(input.requiredAuthorities) : null,
        input.filters ? JSON.stringify(input.filters) : null,
        input.exportable ?? false,
      ],
    );
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/**
 * Partial update (gaps.md). A new schema or turning sync on makes a sync pending: the linked
 * dataset no longer matches.
 */
export async function updateCollection(
  db: Queryable,
  id: string,
  changes: UpdateCollectionBody,
  userId: number,
): Promise<CollectionRow> {
  const has = (key: keyof UpdateCollectionBody) => Object.hasOwn(changes, key);
  try {
    const [row] = await db.query<CollectionRow>(
      `UPDATE collections SET
         name = CASE WHEN $2 THEN $3 ELSE name END,
         schema = CASE WHEN $4 THEN $5::jsonb ELSE schema END,
         sync_enabled = CASE WHEN $6 THEN $7::boolean ELSE sync_enabled END,
         owner = CASE WHEN $8 THEN $9::integer ELSE owner END,
         filters = CASE WHEN $10 THEN $11::jsonb ELSE filters END,
         default_permissions = CASE WHEN $12 THEN $13::text ELSE default_permissions END,
         required_authorities = CASE WHEN $15 THEN $16::jsonb ELSE required_authorities END,
         exportable = CASE WHEN $17 THEN $18::boolean ELSE exportable END,
         sync_required = sync_required OR $4 OR ($6 AND $7::boolean AND NOT sync_enabled),
         updated_on = now(),
         updated_by = $14
       WHERE id = $1 RETURNING *`,
      [
        id,
        has('name'),
        changes.name ?? null,
        has('schema'),
        changes.schema ? JSON.stringify(changes.schema) : null,
        has('syncEnabled'),
        changes.syncEnabled ?? null,
        has('owner'),
        changes.owner ?? null,
        has('filters'),
        changes.filters ? JSON.stringify(changes.filters) : null,
        has('defaultPermissions'),
        changes.defaultPermissions ?? null,
        userId,
        has('requiredAuthorities'),
        changes.requiredAuthorities ? JSON.stringify(changes.requiredAuthorities) : null,
        has('exportable'),
        changes.exportable ?? null,
      ],
    );
    if (!row) throw collectionNotFound(id);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(changes.name ?? '');
    throw error;
  }
}

/** The documents go with it (ON DELETE CASCADE); a linked dataset stays, as datasets do. */
export async function deleteCollection(db: Queryable, id: string): Promise<CollectionRow> {
  const [row] = await db.query<CollectionRow>('DELETE FROM collections WHERE id = $1 RETURNING *', [
    id,
  ]);
  if (!row) throw collectionNotFound(id);
  return row;
}

export const userExists = async (db: Queryable, id: number) =>
  (await db.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0;
