import type { Queryable } from '../store';

export interface RoleRow {
  name: string;
  description: string;
  grants: string[];
  members: number;
}

/** Roles with what they grant and how many users hold them, the highest first. */
export const listRoles = (db: Queryable) =>
  db.query<RoleRow>(
    `SELECT r.name, r.description,
       coalesce((SELECT array_agg(g.grant_name ORDER BY g.grant_name) FROM role_grants g
                 WHERE g.role = r.name), '{}') AS grants,
       (SELECT count(*)::int FROM users u WHERE u.role = r.name) AS members
     FROM roles r ORDER BY r.rank DESC`,
  );

export const roleExists = async (db: Queryable, name: string) =>
  (await db.query('SELECT 1 FROM roles WHERE name = $1', [name])).length > 0;

/** Whether the role exists, locking it until the transaction ends (a change of its grants). */
export const lockRole = async (db: Queryable, name: string) =>
  (await db.query('SELECT 1 FROM roles WHERE name = $1 FOR UPDATE', [name])).length > 0;

export const roleGrants = async (db: Queryable, role: string) =>
  (
    await db.query<{ grant_name: string }>(
      'SELECT grant_name FROM role_grants WHERE role = $1 ORDER BY grant_name',
      [role],
    )
  ).map((row) => row.grant_name);

export async function replaceRoleGrants(db: Queryable, role: string, grants: Iterable<string>) {
  await db.query('DELETE FROM role_grants WHERE role = $1', [role]);
  for (const grant of grants)
    await db.query('INSERT INTO role_grants (role, grant_name) VALUES ($1, $2)', [role, grant]);
}
