import type { Queryable } from '../store';
import { cachedGrants } from './grant-cache';

/** Grants named by the platform (spec 5.6), written once in the contract. */
export { MANAGE_SECURITY_GRANT, WORKFLOW_API_GRANT } from '../../../src/api/contract/access';

/** Each user's grants, sorted; a user who holds none (or does not exist) is left out. */
async function readGrants(db: Queryable, userIds: number[]) {
  const rows = await db.query<{ user_id: number; grant_name: string }>(
    `SELECT DISTINCT u.id AS user_id, g.grant_name FROM users u
       JOIN (SELECT role AS owner_role, NULL::int AS owner_user, grant_name FROM role_grants
             UNION ALL SELECT NULL, user_id, grant_name FROM user_grants) g
         ON g.owner_role = u.role OR g.owner_user = u.id
     WHERE u.id = ANY($1::int[])
     ORDER BY g.grant_name`,
    [userIds],
  );
  const held = new Map<number, string[]>();
  for (const row of rows) held.set(row.user_id, [...(held.get(row.user_id) ?? []), row.grant_name]);
  return held;
}

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
 * Whether the user holds `grant` (as grantsOfUsers answers it). Every /v1 request asks it: from
 * memory when the store's grants are kept (grant-cache.ts); otherwise in one statement that looks
 * that grant up by key, as the join of every grant costs ~3× more.
 */
export async function hasGrant(db: Queryable, userId: number, grant: string) {
  const cached = await cachedGrants(db, [userId], (ids) => readGrants(db, ids));
  if (cached) return cached.get(userId)?.includes(grant) === true;
  const [row] = await db.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND (
       EXISTS (SELECT 1 FROM role_grants g WHERE g.role = u.role AND g.grant_name = $2)
       OR EXISTS (SELECT 1 FROM user_grants g WHERE g.user_id = u.id AND g.grant_name = $2))) AS held`,
    [userId, grant],
  );
  return row?.held === true;
}

/** Roles with what they may do, for the security area. */
export const listRoles = (db: Queryable) =>
  db.query<{ name: string; description: string; grants: string[]; members: number }>(
    `SELECT r.name, r.description,
       coalesce((SELECT array_agg(g.grant_name ORDER BY g.grant_name) FROM role_grants g
                 WHERE g.role = r.name), '{}') AS grants,
       (SELECT count(*)::int FROM users u WHERE u.role = r.name) AS members
     FROM roles r ORDER BY r.rank DESC`,
  );
