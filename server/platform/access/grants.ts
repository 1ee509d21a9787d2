import type { Queryable } from '../store';

/** Grants named by the platform (spec 5.6), written once in the contract. */
export { MANAGE_SECURITY_GRANT, WORKFLOW_API_GRANT } from '../../../src/api/contract/access';

/**
 * The grants users hold: through their role (role_grants) and given to them directly
 * (user_grants), each name once, sorted. The one place that answers "does this user hold X".
 */
export async function grantsOfUsers(db: Queryable, userIds: number[]) {
  const rows = await db.query<{ user_id: number; grant_name: string }>(
    `SELECT DISTINCT u.id AS user_id, g.grant_name FROM users u
       JOIN (SELECT role AS owner_role, NULL::int AS owner_user, grant_name FROM role_grants
             UNION ALL SELECT NULL, user_id, grant_name FROM user_grants) g
         ON g.owner_role = u.role OR g.owner_user = u.id
     WHERE u.id = ANY($1::int[])
     ORDER BY g.grant_name`,
    [userIds],
  );
  return (id: number) => rows.filter((r) => r.user_id === id).map((r) => r.grant_name);
}

/**
 * Whether the user holds `grant` (as grantsOfUsers answers it), in one statement that looks
 * that grant up by key: every /v1 request asks it, and the join of every grant costs ~3× more.
 */
export async function hasGrant(db: Queryable, userId: number, grant: string) {
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
