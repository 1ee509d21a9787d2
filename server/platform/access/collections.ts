import { permissionNames } from '../../../src/api/contract';
import {
  allow,
  decisions,
  hide,
  isAdmin,
  refuse,
  type Decision,
  type Principal,
} from './principal';

/**
 * The document store's permissions. A user's permissions on a collection: all of them as Admin,
 * as the collection's owner or the datastore's owner; otherwise the collection's
 * `defaultPermissions` (every user's) with what was granted to them and to their groups. ADMIN
 * implies every other; each permission implies READ (seeing that the collection exists). No
 * permission at all: the collection is not found (spec 7.4).
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
const collectionOperations = Object.keys(permissionNeeded) as CollectionOperation[];

/** How a refusal names an operation: "You need the X permission to <words> collection <name>". */
export const collectionOperationWords: Record<CollectionOperation, string> = {
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

const isPermission = (p: string): p is CollectionPermission =>
  (permissionNames as readonly string[]).includes(p);

/** The permissions of a comma-separated list (`read,read_content`), any case; others are left out. */
export const parsePermissionList = (list: string | null | undefined): CollectionPermission[] =>
  (list ?? '')
    .split(',')
    .map((p) => p.trim().toUpperCase())
    .filter(isPermission);

function expand(permissions: Iterable<string>): Set<CollectionPermission> {
  const out = new Set<CollectionPermission>();
  for (const p of permissions) {
    if (p === 'ADMIN') return new Set(permissionNames);
    if (isPermission(p)) {
      out.add(p);
      out.add('READ');
    }
  }
  return out;
}

/** Permissions given on a collection to a user or a group (ids as text, as principals name them). */
export interface CollectionGrant {
  principalType: 'USER' | 'GROUP';
  principalId: string;
  permissions: readonly string[];
}

/**
 * The principal's permissions on the collection, from its owner and default permissions, its
 * datastore's owner, and the grants given to them or to one of their groups (`grants` may hold
 * others' too: only theirs count).
 */
export function permissionsOnCollection(
  principal: Principal,
  collection: { owner: number; default_permissions: string | null },
  datastoreOwner: number | null,
  grants: readonly CollectionGrant[],
): Set<CollectionPermission> {
  if (isAdmin(principal) || collection.owner === principal.id || datastoreOwner === principal.id)
    return new Set(permissionNames);
  const theirs = grants.filter(
    (g) =>
      (g.principalType === 'USER' && g.principalId === String(principal.id)) ||
      (g.principalType === 'GROUP' && principal.groups.includes(g.principalId)),
  );
  return expand([
    ...parsePermissionList(collection.default_permissions),
    ...theirs.flatMap((g) => g.permissions),
  ]);
}

export function decideCollection(
  permissions: ReadonlySet<CollectionPermission>,
  operation: CollectionOperation,
): Decision {
  if (!permissions.has('READ')) return hide;
  const needed = permissionNeeded[operation];
  return permissions.has(needed) ? allow : refuse(needed);
}

/** Every collection operation's decision, for the console to disable what is refused. */
export const collectionDecisions = (permissions: ReadonlySet<CollectionPermission>) =>
  decisions(collectionOperations, (op) => decideCollection(permissions, op));

/**
 * What a change of a collection's settings needs: WRITE for any; SHARE as well to hand it to
 * another owner or change who may use it; ADMIN (the collection's owner, the datastore's owner,
 * an Admin or a holder of the ADMIN permission) to change the filters that limit what each user
 * reads, the default permissions or the required authorities.
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

/**
 * Datastores: seen by their owner, by Admins, and by whoever may see one of their collections;
 * managed (a collection added, a sync started) by their owner and Admins.
 */
export type DatastoreOperation = 'read' | 'manage';

export const DATASTORE_MANAGER = 'the owner of the datastore or an Admin';

/** How a refusal to manage a datastore reads: `words` says what was asked ("sync it now"). */
export const datastoreRefusal = (datastoreName: string, words: string) =>
  `Only the owner of datastore ${datastoreName} or an Admin may ${words}`;

export function decideDatastore(
  principal: Principal,
  datastore: { owner: number },
  seesACollection: boolean,
  operation: DatastoreOperation,
): Decision {
  const manages = isAdmin(principal) || datastore.owner === principal.id;
  if (!manages && !seesACollection) return hide;
  if (operation === 'read' || manages) return allow;
  return refuse(DATASTORE_MANAGER);
}

/** A principal a collection's permissions are given to. */
export interface GrantPrincipal {
  type: 'USER' | 'GROUP';
  id: number;
}
