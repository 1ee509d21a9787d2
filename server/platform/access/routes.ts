import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { body, query } from '../core/validate';
import { getUser } from '../people/repository';
import type { Queryable } from '../store';
import { grantsOfUsers, listRoles } from './grants';
import { datasetAbilities, datasetFor, principalOf } from './policy';
import { listTokens, mintToken, revokeToken, type AccessTokenRow } from './tokens';

const mintBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  ownerId: z.number().int().positive(),
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});
const tokenListParams = z.object({ ownerId: z.coerce.number().int().positive().optional() });

const toToken = (t: AccessTokenRow) => ({
  id: t.id,
  name: t.name,
  ownerId: t.user_id,
  kind: t.kind,
  created: t.created_at.toISOString(),
  expires: t.expires_at?.toISOString() ?? null,
  lastUsed: t.last_used_at?.toISOString() ?? null,
  revoked: t.revoked_at?.toISOString() ?? null,
});

async function groupsOf(db: Queryable, userIds: number[]) {
  const rows = await db.query<{ user_id: number; id: number; name: string }>(
    `SELECT m.user_id, g.id, g.name FROM group_members m JOIN user_groups g ON g.id = m.group_id
     WHERE m.user_id = ANY($1::int[]) ORDER BY g.name`,
    [userIds],
  );
  return (id: number) =>
    rows.filter((r) => r.user_id === id).map((r) => ({ id: r.id, name: r.name }));
}

/** Issue 14: whose token this is, users with roles and groups, minted developer tokens. */
export function accessRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  const requireAdmin = async (c: Context<PlatformEnv>) => {
    if ((await principalOf(db, c.get('userId'))).role !== 'Admin')
      throw forbidden('You need the Admin role to manage users and tokens');
  };

  /** Users as the access endpoints answer them: with their role, groups and grants. */
  const withRolesAndGroups = async (
    users: Array<{ id: number; display_name: string; email_address: string; role: string }>,
  ) => {
    const ids = users.map((u) => u.id);
    const groups = await groupsOf(db, ids);
    const grants = await grantsOfUsers(db, ids);
    return users.map((u) => ({
      id: u.id,
      displayName: u.display_name,
      emailAddress: u.email_address,
      role: u.role,
      groups: groups(u.id),
      grants: grants(u.id),
    }));
  };

  r.get('/api/content/v2/users/me', async (c) => {
    const user = await getUser(db, c.get('userId'));
    if (!user) throw notFound('The user of this token no longer exists');
    const [me] = await withRolesAndGroups([user]);
    return c.json(me);
  });

  r.get('/api/access/v1/users', async (c) => {
    await requireAdmin(c);
    const users = await db.query<{
      id: number;
      display_name: string;
      email_address: string;
      role: string;
    }>(
      'SELECT id, display_name, email_address, role FROM users ORDER BY lower(display_name), id LIMIT 1000',
    );
    return c.json(await withRolesAndGroups(users));
  });

  r.get('/api/access/v1/roles', async (c) => c.json(await listRoles(db)));

  r.get('/api/data/v1/accesstokens', async (c) => {
    await requireAdmin(c);
    const { ownerId } = query(c, tokenListParams);
    return c.json((await listTokens(db, ownerId)).map(toToken));
  });
  r.post('/api/data/v1/accesstokens', async (c) => {
    await requireAdmin(c);
    const input = await body(c, mintBody);
    const [owner] = await db.query('SELECT 1 FROM users WHERE id = $1', [input.ownerId]);
    if (!owner) throw notFound(`No user ${input.ownerId}`);
    const { row, value } = await mintToken(db, {
      userId: input.ownerId,
      name: input.name,
      expiresAt: input.expiresInDays
        ? new Date(Date.now() + input.expiresInDays * 86_400_000)
        : undefined,
    });
    return c.json({ ...toToken(row), token: value }, 201);
  });
  r.delete('/api/data/v1/accesstokens/:id', async (c) => {
    await requireAdmin(c);
    if (!(await revokeToken(db, c.req.param('id'))))
      throw notFound(`No token ${c.req.param('id')}`);
    return c.body(null, 204);
  });

  // What the caller may do with one dataset: the console disables what is not allowed.
  r.get('/api/access/v1/datasets/:id', async (c) => {
    const dataset = await datasetFor(c, db, c.req.param('id'), 'read');
    return c.json(await datasetAbilities(db, c.get('userId'), dataset));
  });

  return r;
}
