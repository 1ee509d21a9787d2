import type { Queryable } from '../store';

/** A user who may be shown as using a workflow, with their role and its place. */
export interface WorkflowUserRow {
  id: number;
  display_name: string;
  role: string;
  /** The role's place among the roles, the highest first, from 1. */
  role_id: number;
}

/** The names of every role (the policy picks those that see every workflow). */
export const roleNames = async (db: Queryable) =>
  (await db.query<{ name: string }>('SELECT name FROM roles ORDER BY rank DESC')).map(
    (r) => r.name,
  );

/** The workflow's owner, then the members of `roles` by id, each once; at most `limit`. */
export const ownerAndMembersOf = (
  db: Queryable,
  owner: number,
  roles: readonly string[],
  limit: number,
) =>
  db.query<WorkflowUserRow>(
    `SELECT u.id, u.display_name, u.role,
       (SELECT count(*) FROM roles r WHERE r.rank >= (SELECT rank FROM roles WHERE name = u.role))::int
         AS role_id
     FROM users u WHERE u.id = $1 OR u.role = ANY($2::text[])
     ORDER BY u.id = $1 DESC, u.id LIMIT $3`,
    [owner, [...roles], limit],
  );
