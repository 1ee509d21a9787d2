import type { Queryable } from '../store';
import { cachedGrants } from './grant-cache';
import { holdsGrant, readGrants } from './grant-repository';

/** Grants named by the platform (spec 5.6), written once in the contract. */
export { MANAGE_SECURITY_GRANT, WORKFLOW_API_GRANT } from '../../../src/api/contract/access';

/**
 * The grants users hold: through their role (role_grants) and given to them directly
 * (user_grants), each name once, sorted. The one place that answers "does this user hold X":
 * kept in memory for the platform's store (grant-cache.ts), read afresh inside a transaction.
 */
export async function grantsOfUsers(db: Queryable, userIds: number[]) {
  const held =
    (await cachedGrants(db, userIds, (ids) => readGrants(db, ids))) ??
    (await readGrants(db, userIds));
  return (id: number) => [...(held.get(id) ?? [])];
}

/**
 * Whether the user holds `grant` (as grantsOfUsers answers it): from memory when the store's
 * grants are kept (grant-cache.ts), otherwise in one statement that looks that grant up by key.
 */
export async function hasGrant(db: Queryable, userId: number, grant: string) {
  const cached = await cachedGrants(db, [userId], (ids) => readGrants(db, ids));
  if (cached) return cached.get(userId)?.includes(grant) === true;
  return holdsGrant(db, userId, grant);
}

/** Which of `grants` the user holds, in their order (what a decision on those grants reads). */
export async function heldOf(db: Queryable, userId: number, grants: readonly string[]) {
  const held: string[] = [];
  for (const grant of grants) if (await hasGrant(db, userId, grant)) held.push(grant);
  return held;
}
