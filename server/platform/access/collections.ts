import type { Context } from 'hono';
import { permissionNames } from '../../../src/api/contract';
import type { PlatformEnv } from '../core/context';
import { forbidden } from '../core/errors';
import { collectionNotFound, getCollection } from '../datastores/repository';
import type { CollectionRow } from '../datastores/mappers';
import type { Queryable } from '../store';
import { principalOf, type Principal } from './policy';

/**
 * Document-store permissions (issue 14), decided here and nowhere else. A caller's permissions on
 * a collection: all of them as Admin, as the collection's owner or the datastore's owner;
 * otherwise the collection's `defaultPermissions` (every user's) with what was granted to them
 * and to their groups. ADMIN implies every other; each permission implies READ (seeing that the
 * collection exists). No permission at all: the collection is "not found" (spec 7.4).
 */
export type CollectionPermission = (typeof permissionNames)[number];
export type CollectionOperation =
  | 'read'
  | 'readContent'
  | 'createContent'
  | 'updateContent'
  | 'deleteContent'
  | 'update'
  | 'delete'
  | 'share'
  | 'administer';

export const permissionNeeded: Record<CollectionOperation, CollectionPermission> = {
  read: 'READ',
  readContent: 'READ_CONTENT',
  createContent: 'CREATE_CONTENT',
  updateContent: 'UPDATE_CONTENT',
  deleteContent: 'DELETE_CONTENT',
  update: 'WRITE',
  delete: 'DELETE',
  share: 'SHARE',
  administer: 'ADMIN',
};
const operationWords: Record<CollectionOperation, string> = {
  read: 'see',
  readContent: 'read the documents of',
  createContent: 'create documents in',
  updateContent: 'change documents in',
  deleteContent: 'delete documents from',
  update: 'change',
  delete: 'delete',
  share: 'change who may use',
  administer: 'change the filters, default permissions or required authorities of',
};

export const parsePermissionList = (list: string | null | undefined): CollectionPermission[] =>
  (list ?? '')
    .split(',')
    .map((p) => p.trim().toUpperCase())
    .filter((p): p is CollectionPermission => (permissionNames as readonly string[]).includes(p));

function expand(permissions: Iterable<string>): Set<CollectionPermission> {
  const out = new Set<CollectionPermission>();
  for (const p of permissions) {
    if (p === 'ADMIN') return new Set(permissionNames);
    if ((permissionNames as readonly string[]).includes(p)) {
      out.add(p as CollectionPermission);
      out.add('READ');
    }
  }
  return out;
}

export async function collectionPermissions(
  db: Queryable,
  principal: Principal,
  collection: CollectionRow,
): Promise<Set<CollectionPermission>> {
  if (principal.role === 'Admin' || collection.owner === principal.id)
    return new Set(permissionNames);
  const rows = await db.query<{ owner: number; permissions: string[] | null }>(
    `SELECT d.owner,
       (SELECT array_agg(DISTINCT x) FROM collection_permissions p, unnest(p.permissions) x
        WHERE p.collection_id = $1 AND (
          (p.principal_type = 'USER' AND p.principal_id = $3)
          OR (p.principal_type = 'GROUP' AND p.principal_id IN (
            SELECT m.group_id FROM group_members m WHERE m.user_id = $3)))) AS permissions
     FROM datastores d WHERE d.id = $2`,
    [collection.id, collection.datastore_id, principal.id],
  );
  if (rows[0]?.owner === principal.id) return new Set(permissionNames);
  return expand([
    ...parsePermissionList(collection.default_permissions),
    ...(rows[0]?.permissions ?? []),
  ]);
}

export type CollectionDecision =
  { allowed: true } | { allowed: false; status: 403 | 404; needed?: CollectionPermission };

export function decideCollection(
  permissions: Set<CollectionPermission>,
  operation: CollectionOperation,
): CollectionDecision {
  if (!permissions.has('READ')) return { allowed: false, status: 404 };
  const needed = permissionNeeded[operation];
  if (permissions.has(needed)) return { allowed: true };
  return { allowed: false, status: 403, needed };
}

/** What the caller may do with a collection, for the console to disable the rest. */
export async function collectionAbilities(
  db: Queryable,
  userId: number,
  collection: CollectionRow,
) {
  const permissions = await collectionPermissions(db, await principalOf(db, userId), collection);
  const operations = {} as Record<CollectionOperation, CollectionDecision>;
  for (const op of Object.keys(permissionNeeded) as CollectionOperation[])
    operations[op] = decideCollection(permissions, op);
  return { permissions: [...permissions].sort(), operations };
}

/**
 * The guard every collection route and the documents service (datastores/document-service.ts,
 * whoever calls it: a route, a workflow step) go through: the collection, or 404 (7.1) when the
 * user has no permission to it, or 403 naming the permission needed.
 */
export async function collectionForUser(
  db: Queryable,
  userId: number,
  id: string,
  ...operations: CollectionOperation[]
): Promise<CollectionRow> {
  const collection = await getCollection(db, id);
  const permissions = await collectionPermissions(db, await principalOf(db, userId), collection);
  for (const operation of operations.length ? operations : (['read'] as const)) {
    const decision = decideCollection(permissions, operation);
    if (decision.allowed) continue;
    if (decision.status === 404) throw collectionNotFound(id);
    throw forbidden(
      `You need the ${decision.needed} permission to ${operationWords[operation]} collection ${collection.name}`,
    );
  }
  return collection;
}

/** collectionForUser for the user of a request. */
export const collectionFor = (
  c: Context<PlatformEnv>,
  db: Queryable,
  id: string,
  ...operations: CollectionOperation[]
): Promise<CollectionRow> => collectionForUser(db, c.get('userId'), id, ...operations);

/**
 * What a change of a collection's settings needs (issue 23): WRITE for any; SHARE as well to
 * hand it to another owner or change who may use it; ADMIN (the collection's owner, the
 * datastore's owner, an Admin or a holder of the ADMIN permission) to change the filters that
 * limit what each user reads, the default permissions or the required authorities.
 */
export function operationsToUpdate(changes: {
  owner?: unknown;
  filters?: unknown;
  defaultPermissions?: unknown;
  requiredAuthorities?: unknown;
}): CollectionOperation[] {
  const has = (key: keyof typeof changes) => changes[key] !== undefined;
  return [
    'update',
    ...(has('owner') || has('defaultPermissions') ? (['share'] as const) : []),
    ...(has('filters') || has('defaultPermissions') || has('requiredAuthorities')
      ? (['administer'] as const)
      : []),
  ];
}

/** SQL: the collections a user may see (for lists), as a condition on `collections c`. */
export const visibleCollectionSql = (userParam: string) => `(
  EXISTS (SELECT 1 FROM users u WHERE u.id = ${userParam} AND u.role = 'Admin')
  OR c.owner = ${userParam}
  OR EXISTS (SELECT 1 FROM datastores d WHERE d.id = c.datastore_id AND d.owner = ${userParam})
  OR coalesce(c.default_permissions, '') <> ''
  OR EXISTS (SELECT 1 FROM collection_permissions p WHERE p.collection_id = c.id AND (
       (p.principal_type = 'USER' AND p.principal_id = ${userParam})
       OR (p.principal_type = 'GROUP' AND p.principal_id IN (
         SELECT m.group_id FROM group_members m WHERE m.user_id = ${userParam})))))`;
