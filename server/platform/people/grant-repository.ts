import type { HeldGrants } from './grant-cache';
import type { Queryable } from '../store';

/** Each user's grants through their role and given directly, sorted; one who holds none is left out. */
export async function readGrants(db: Queryable, userIds: number[]) {
  const rows = await db.query<{ user_id: number; grant_name: string }>(
    `SELECT DISTINCT u.id AS user_id, g.grant_name FROM users u
       JOIN (SELECT role AS owner_role, NULL::int AS owner_user, grant_name FROM role_grants
             UNION ALL SELECT NULL, user_id, grant_name FROM user_grants) g
         ON g.owner_role = u.role OR g.owner_user = u.id
     WHERE u.id = ANY($1::int[])
     ORDER BY g.grant_name`,
    [userIds],
  );
  const held = new Map<number, HeldGrants>();
  for (const row of rows) held.set(row.user_id, [...(held.get(row.user_id) ?? []), row.grant_name]);
  return held;
}

/** Whether the user holds `grant`, looked up by key (cheaper than reading every grant they hold). */
export async function holdsGrant(db: Queryable, userId: number, grant: string) {
  const [row] = await db.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND (
       EXISTS (SELECT 1 FROM role_grants g WHERE g.role = u.role AND g.grant_name = $2)
       OR EXISTS (SELECT 1 FROM user_grants g WHERE g.user_id = u.id AND g.grant_name = $2))) AS held`,
    [userId, grant],
  );
  return row?.held === true;
}
