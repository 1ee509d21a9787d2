import { nobody, type Actor, type Principal } from '../access/principal';
import { grantsOfUsers } from '../access/grants';
import type { Queryable } from '../store';

/**
 * The acting user as the policies see them, read at each decision: their role and groups in one
 * statement, their grants from this process's memory (access/grant-cache.ts) when it is kept.
 * An unknown user holds nothing.
 */
export async function loadPrincipal(db: Queryable, userId: number): Promise<Principal> {
  const [row] = await db.query<{ id: number; role: string; groups: string[] }>(
    `SELECT u.id, u.role,
       coalesce((SELECT array_agg(m.group_id::text ORDER BY m.group_id) FROM group_members m
                 WHERE m.user_id = u.id), '{}') AS groups
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!row) return nobody(userId);
  const grants = await grantsOfUsers(db, [userId]);
  return { id: row.id, role: row.role, groups: row.groups, grants: grants(userId) };
}

/** What every service asks first: who the actor is (`of`), on the platform's store. */
export class Principals {
  constructor(private readonly db: Queryable) {}

  of(actor: Actor): Promise<Principal> {
    return loadPrincipal(this.db, actor.userId);
  }
}
