import type { Queryable } from '../store';
import { grantsOfUsers } from './grants';
import { groupsOfUsers, type UserRow } from './repository';

/** A user with what they hold: their groups and their grants (through their role and directly). */
export interface UserAccess {
  user: UserRow;
  groups: Array<{ id: number; name: string }>;
  grants: string[];
}

/** `users` with their groups and grants, read for all of them at once. */
export async function withAccess(db: Queryable, users: UserRow[]): Promise<UserAccess[]> {
  const ids = users.map((u) => u.id);
  const groups = await groupsOfUsers(db, ids);
  const grants = await grantsOfUsers(db, ids);
  return users.map((user) => ({ user, groups: groups(user.id), grants: grants(user.id) }));
}
