import { permissionsOnCollection, type CollectionPermission } from '../access/collections';
import type { Principal } from '../access/principal';
import type { Queryable } from '../store';
import type { CollectionRow } from './mappers';
import { findCollection } from './repository';

/**
 * The principal's permissions on a collection, read from the store, for the callers that do not
 * open collections through DatastoreService yet (access/stream-sources.ts,
 * workflows/steps/access.ts). Decided by the same policy (access/collections.ts).
 */
export async function collectionPermissions(
  db: Queryable,
  principal: Principal,
  collection: CollectionRow,
): Promise<Set<CollectionPermission>> {
  const found = await findCollection(db, collection.id, principal);
  return permissionsOnCollection(
    principal,
    collection,
    found?.datastoreOwner ?? null,
    found?.grants ?? [],
  );
}
