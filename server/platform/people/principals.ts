import { nobody, type Actor, type Principal } from '../access/principal';
import type { Queryable } from '../store';
import { grantsOfUsers } from './grants';
import { roleAndGroups } from './repository';

/**
 * The acting user as the policies see them, read at each decision: their role and groups in one
 * statement, their grants from this process's memory (grant-cache.ts) when it is kept. An
 * unknown user holds nothing.
 */
export async function loadPrincipal(db: Queryable, userId: number): Promise<Principal> {
  const row = await roleAndGroups(db, userId);
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
