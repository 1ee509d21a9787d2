import type { GrantPrincipal } from '../access/collections';
import { randomUUID } from 'node:crypto';
import type {
  CollectionFilter,
  CollectionSchema,
  RequiredAuthorities,
  UpdateCollectionBody,
} from '../../../src/api/contract';
import type { CollectionGrant } from '../access/collections';
import type { ListScope } from '../access/principal';
import { conflict, notFound } from '../core/errors';
import type { Queryable } from '../store';
import type { CollectionRow, DatastoreRow, SyncStatusRow } from './mappers';

/** Spec 4.1: a missing collection and one the caller may not see read the same. */
export const collectionNotFound = (id: string) =>
  notFound(`Collection ${id} not found, or you have no permission to it`);
export const datastoreNotFound = (id: string) =>
  notFound(`Datastore ${id} not found, or you have no permission to it`);

/** The list scope as parameters: all, the user, the ids of their groups. */
const scopeParams = (scope: ListScope): [boolean, number, number[]] =>
  scope.all ? [true, 0, []] : [false, scope.userId, scope.groups.map(Number)];

/**
 * SQL over `collections c`: true for a collection the list scope shows (access/collections.ts:
 * all; else owned by the user or their datastore, open to every user by its default
 * permissions, or granted to the user or one of their groups). `at` is the first of its three
 * parameters, given by `scopeParams`.
 */
const collectionInScope = (at: number) => `($${at}::boolean OR c.owner = $${at + 1}::int
  OR EXISTS (SELECT 1 FROM datastores o WHERE o.id = c.datastore_id AND o.owner = $${at + 1}::int)
  OR coalesce(c.default_permissions, '') <> ''
  OR EXISTS (SELECT 1 FROM collection_permissions p WHERE p.collection_id = c.id AND (
    (p.principal_type = 'USER' AND p.principal_id = $${at + 1}::int)
    OR (p.principal_type = 'GROUP' AND p.principal_id = ANY($${at + 2}::int[])))))`;

/** The collections the scope shows, of one datastore or of all, by name. */
export const listCollectionsIn = (db: Queryable, scope: ListScope, datastoreId?: string) =>
  db.query<CollectionRow>(
    `SELECT c.* FROM collections c WHERE ($1::text IS NULL OR c.datastore_id = $1)
       AND ${collectionInScope(2)} ORDER BY c.name, c.id`,
    [datastoreId ?? null, ...scopeParams(scope)],
  );

/** The datastores the scope shows (its own, or one of whose collections it shows), by name. */
export const listDatastoresIn = (db: Queryable, scope: ListScope) =>
  db.query<DatastoreRow>(
    `SELECT d.* FROM datastores d WHERE $1::boolean OR d.owner = $2::int
       OR EXISTS (SELECT 1 FROM collections c WHERE c.datastore_id = d.id AND ${collectionInScope(1)})
     ORDER BY d.name, d.id`,
    scopeParams(scope),
  );

/** The datastore, and whether the scope shows one of its collections. */
export async function findDatastore(
  db: Queryable,
  id: string,
  scope: ListScope,
): Promise<{ datastore: DatastoreRow; seesACollection: boolean } | undefined> {
  const [row] = await db.query<DatastoreRow & { sees_a_collection: boolean }>(
    `SELECT d.*, EXISTS (SELECT 1 FROM collections c WHERE c.datastore_id = d.id
       AND ${collectionInScope(2)}) AS sees_a_collection
     FROM datastores d WHERE d.id = $1`,
    [id, ...scopeParams(scope)],
  );
  if (!row) return undefined;
  const { sees_a_collection: seesACollection, ...datastore } = row;
  return { datastore, seesACollection };
}

/**
 * The collection, its datastore's owner, and the permissions on it given to the principal or to
 * one of their groups: what a decision on it needs, in one statement.
 */
export async function findCollection(
  db: Queryable,
  id: string,
  principal: { id: number; groups: readonly string[] },
): Promise<
  | { collection: CollectionRow; datastoreOwner: number | null; grants: CollectionGrant[] }
  | undefined
> {
  const [row] = await db.query<
    CollectionRow & { datastore_owner: number | null; grants: CollectionGrant[] }
  >(
    `SELECT c.*, d.owner AS datastore_owner,
       coalesce((SELECT json_agg(json_build_object('principalType', p.principal_type,
           'principalId', p.principal_id::text, 'permissions', p.permissions))
         FROM collection_permissions p WHERE p.collection_id = c.id AND (
           (p.principal_type = 'USER' AND p.principal_id = $2::int)
           OR (p.principal_type = 'GROUP' AND p.principal_id = ANY($3::int[])))), '[]') AS grants
     FROM collections c LEFT JOIN datastores d ON d.id = c.datastore_id WHERE c.id = $1`,
    [id, principal.id, principal.groups.map(Number)],
  );
  if (!row) return undefined;
  const { datastore_owner: datastoreOwner, grants, ...collection } = row;
  return { collection, datastoreOwner, grants };
}

/** Whether a user or group of this id exists. */
export const principalExists = async (db: Queryable, principal: GrantPrincipal) =>
  (
    await db.query(
      principal.type === 'USER'
        ? 'SELECT 1 FROM users WHERE id = $1'
        : 'SELECT 1 FROM user_groups WHERE id = $1',
      [principal.id],
    )
  ).length > 0;

/** Who may do what with a collection: each user and group given permissions, with their name. */
export const listCollectionGrants = (db: Queryable, collectionId: string) =>
  db.query<{ type: string; id: number; name: string; permissions: string[] }>(
    `SELECT p.principal_type AS type, p.principal_id AS id,
       coalesce(u.display_name, g.name, '') AS name, p.permissions
     FROM collection_permissions p
     LEFT JOIN users u ON p.principal_type = 'USER' AND u.id = p.principal_id
     LEFT JOIN user_groups g ON p.principal_type = 'GROUP' AND g.id = p.principal_id
     WHERE p.collection_id = $1
     ORDER BY p.principal_type DESC, lower(coalesce(u.display_name, g.name)), p.principal_id`,
    [collectionId],
  );

/** The permissions given to the principal on the collection, if any. */
export async function findCollectionGrant(
  db: Queryable,
  collectionId: string,
  principal: GrantPrincipal,
): Promise<string[] | undefined> {
  const [row] = await db.query<{ permissions: string[] }>(
    `SELECT permissions FROM collection_permissions
     WHERE collection_id = $1 AND principal_type = $2 AND principal_id = $3`,
    [collectionId, principal.type, principal.id],
  );
  return row?.permissions;
}

export const putCollectionGrant = (
  db: Queryable,
  collectionId: string,
  principal: GrantPrincipal,
  permissions: string[],
) =>
  db.query(
    `INSERT INTO collection_permissions (collection_id, principal_type, principal_id, permissions)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (collection_id, principal_type, principal_id) DO UPDATE SET permissions = $4`,
    [collectionId, principal.type, principal.id, permissions],
  );

/** Removes the principal's permissions on the collection; answers them (none: undefined). */
export async function deleteCollectionGrant(
  db: Queryable,
  collectionId: string,
  principal: GrantPrincipal,
): Promise<string[] | undefined> {
  const [row] = await db.query<{ permissions: string[] }>(
    `DELETE FROM collection_permissions WHERE collection_id = $1 AND principal_type = $2
       AND principal_id = $3 RETURNING permissions`,
    [collectionId, principal.type, principal.id],
  );
  return row?.permissions;
}

/** Each collection's sync state and its linked dataset's size, by name. */
export const readSyncStatus = (db: Queryable, collectionIds: string[]) =>
  db.query<SyncStatusRow>(
    `SELECT c.id, c.sync_running, c.last_sync, c.sync_required, c.last_sync_error, c.last_sync_error_at,
       c.datasource_id, d.row_count
     FROM collections c LEFT JOIN datasets d ON d.id = c.datasource_id
     WHERE c.id = ANY($1::text[]) ORDER BY c.name, c.id`,
    [collectionIds],
  );

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
