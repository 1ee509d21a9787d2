import { recordEvent } from '../audit/record';
import type { Db, Queryable } from '../store';
import { PlatformError, badRequest, forbidden, notFound } from '../core/errors';
import { forgetGrants } from './grant-cache';
import { listRoles } from './grants';
import { principalOf } from './policy';

/**
 * Changing who holds which role, and what a role grants (issue 25), decided here for every
 * caller: only an Admin may, anyone else 403. Both keep the platform administrable: the last
 * Admin cannot lose the role, and the Admin role's grants are fixed (it holds every grant).
 * Each forgets this process's grants once it commits (grant-cache.ts): the next check sees it on
 * PostgreSQL too, without waiting for the database's NOTIFY.
 */
export async function requireAdmin(db: Queryable, actingUserId: number, what: string) {
  if ((await principalOf(db, actingUserId)).role !== 'Admin')
    throw forbidden(`You need the Admin role to change ${what}`);
}

export async function setUserRole(db: Db, actingUserId: number, userIdText: string, role: string) {
  await requireAdmin(db, actingUserId, "a user's role");
  const userId = /^\d{1,9}$/.test(userIdText) ? Number(userIdText) : -1;
  const changed = await db.transaction(async (tx) => {
    const [user] = await tx.query<{ id: number; role: string; display_name: string }>(
      'SELECT id, role, display_name FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!user) throw notFound(`No user ${userIdText}`);
    const [known] = await tx.query('SELECT 1 FROM roles WHERE name = $1', [role]);
    if (!known) throw badRequest(`role: no role "${role}"`);
    if (user.role === 'Admin' && role !== 'Admin') {
      // Every Admin row is locked, so two Admins demoting each other at once cannot both pass.
      const admins = await tx.query(`SELECT id FROM users WHERE role = 'Admin' FOR UPDATE`);
      if (admins.length <= 1)
        throw new PlatformError(
          409,
          'The last Admin keeps the Admin role: make another user Admin first',
        );
    }
    await tx.query('UPDATE users SET role = $2 WHERE id = $1', [userId, role]);
    if (user.role !== role)
      await recordEvent(
        tx,
        actingUserId,
        'user.role-changed',
        { type: 'user', id: String(userId), name: user.display_name },
        { role: [user.role, role] },
      );
    return userId;
  });
  forgetGrants(db);
  return changed;
}

export async function setRoleGrants(
  db: Db,
  actingUserId: number,
  roleName: string,
  grants: readonly string[],
) {
  await requireAdmin(db, actingUserId, "a role's grants");
  const role = await db.transaction(async (tx) => {
    const [known] = await tx.query('SELECT 1 FROM roles WHERE name = $1 FOR UPDATE', [roleName]);
    if (!known) throw notFound(`No role "${roleName}"`);
    if (roleName === 'Admin')
      throw new PlatformError(409, 'The Admin role holds every grant; its grants cannot change');
    const before = (
      await tx.query<{ grant_name: string }>(
        'SELECT grant_name FROM role_grants WHERE role = $1 ORDER BY grant_name',
        [roleName],
      )
    ).map((row) => row.grant_name);
    const after = [...new Set(grants)].sort();
    if (before.join('\n') !== after.join('\n'))
      await recordEvent(
        tx,
        actingUserId,
        'role.grants-changed',
        { type: 'role', id: roleName, name: roleName },
        { grants: [before, after] },
      );
    await tx.query('DELETE FROM role_grants WHERE role = $1', [roleName]);
    for (const grant of new Set(grants))
      await tx.query('INSERT INTO role_grants (role, grant_name) VALUES ($1, $2)', [
        roleName,
        grant,
      ]);
    const roles = await listRoles(tx);
    return roles.find((r) => r.name === roleName)!;
  });
  forgetGrants(db);
  return role;
}
