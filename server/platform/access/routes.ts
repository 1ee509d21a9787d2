import { created, recordEvent } from '../audit/record';
import { Hono, type Context } from 'hono';
import {
  accessTokenList,
  accessTokenListParams,
  accessUser,
  accessUserList,
  createAccessTokenBody,
  createdAccessToken,
  datasetAccess,
  role as roleSchema,
  roleList,
  setRoleGrantsBody,
  setUserRoleBody,
  type AccessTokenKind,
} from '../../../src/api/contract/access';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { body, query } from '../core/validate';
import { getUser } from '../people/repository';
import type { Queryable } from '../store';
import { WORKFLOW_API_GRANT, grantsOfUsers, hasGrant, listRoles } from './grants';
import { datasetAbilities, datasetFor, principalOf } from './policy';
import { requireAdmin as requireSecurityAdmin, setRoleGrants, setUserRole } from './security-admin';
import { getToken, listTokens, mintToken, revokeToken, type AccessTokenRow } from './tokens';

const toToken = (t: AccessTokenRow) => ({
  id: t.id,
  name: t.name,
  ownerId: t.user_id,
  kind: t.kind as AccessTokenKind,
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
  /**
   * Tokens: admins manage everyone's, of both kinds; a holder of the Workflow API grant manages
   * their own access tokens (spec 5.4, 5.5); anyone else is refused.
   */
  const tokenCaller = async (c: Context<PlatformEnv>) => {
    const principal = await principalOf(db, c.get('userId'));
    const admin = principal.role === 'Admin';
    if (!admin && !(await hasGrant(db, principal.id, WORKFLOW_API_GRANT)))
      throw forbidden(
        `You need the ${WORKFLOW_API_GRANT} grant (given through a role) to manage access tokens`,
      );
    return { id: principal.id, admin };
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
    return c.json(accessUser.parse(me));
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
    return c.json(accessUserList.parse(await withRolesAndGroups(users)));
  });

  r.get('/api/access/v1/roles', async (c) => c.json(roleList.parse(await listRoles(db))));

  // gaps.md (issue 25): an Admin changes a user's role and a role's grants; anyone else 403.
  r.put('/api/access/v1/users/:id/role', async (c) => {
    // Decided before the body is judged: anyone but an Admin hears 403 whatever he sends.
    await requireSecurityAdmin(db, c.get('userId'), "a user's role");
    const input = await body(c, setUserRoleBody);
    const id = await setUserRole(db, c.get('userId'), c.req.param('id'), input.role);
    const [user] = await db.query<{
      id: number;
      display_name: string;
      email_address: string;
      role: string;
    }>('SELECT id, display_name, email_address, role FROM users WHERE id = $1', [id]);
    const [shaped] = await withRolesAndGroups([user!]);
    return c.json(accessUser.parse(shaped));
  });
  r.put('/api/access/v1/roles/:name/grants', async (c) => {
    await requireSecurityAdmin(db, c.get('userId'), "a role's grants");
    const input = await body(c, setRoleGrantsBody);
    return c.json(
      roleSchema.parse(await setRoleGrants(db, c.get('userId'), c.req.param('name'), input.grants)),
    );
  });

  r.get('/api/data/v1/accesstokens', async (c) => {
    const filter = query(c, accessTokenListParams);
    const caller = await tokenCaller(c);
    if (!caller.admin) {
      if (filter.ownerId !== undefined && filter.ownerId !== caller.id)
        throw forbidden('You need the Admin role to list the tokens of another user');
      if (filter.kind === 'developer')
        throw forbidden('You need the Admin role to list developer tokens');
    }
    const rows = await listTokens(
      db,
      caller.admin
        ? { userId: filter.ownerId, kind: filter.kind }
        : { userId: caller.id, kind: 'access' },
    );
    return c.json(accessTokenList.parse(rows.map(toToken)));
  });
  r.post('/api/data/v1/accesstokens', async (c) => {
    const input = await body(c, createAccessTokenBody);
    const caller = await tokenCaller(c);
    const ownerId = input.ownerId ?? caller.id;
    if (!caller.admin) {
      if (input.kind === 'developer')
        throw forbidden('You need the Admin role to mint developer tokens');
      if (ownerId !== caller.id)
        throw forbidden('You need the Admin role to create a token for another user');
    }
    const [owner] = await db.query('SELECT 1 FROM users WHERE id = $1', [ownerId]);
    if (!owner) throw notFound(`No user ${ownerId}`);
    const { row, value } = await db.transaction(async (tx) => {
      const minted = await mintToken(tx, {
        userId: ownerId,
        name: input.name,
        kind: input.kind,
        expiresAt: input.expiresInDays
          ? new Date(Date.now() + input.expiresInDays * 86_400_000)
          : undefined,
      });
      await recordEvent(
        tx,
        caller.id,
        'token.minted',
        { type: 'token', id: minted.row.id, name: minted.row.name },
        created({
          owner: ownerId,
          kind: minted.row.kind,
          expires: minted.row.expires_at?.toISOString() ?? null,
        }),
      );
      return minted;
    });
    return c.json(createdAccessToken.parse({ ...toToken(row), token: value }), 201);
  });
  r.delete('/api/data/v1/accesstokens/:id', async (c) => {
    const id = c.req.param('id');
    const caller = await tokenCaller(c);
    const token = await getToken(db, id);
    // A token the caller may not manage is not revealed: the same 404 as an unknown one.
    if (!token || (!caller.admin && (token.user_id !== caller.id || token.kind !== 'access')))
      throw notFound(`No token ${id}`);
    await db.transaction(async (tx) => {
      await revokeToken(tx, id);
      await recordEvent(
        tx,
        caller.id,
        'token.revoked',
        { type: 'token', id, name: token.name },
        { state: [token.revoked_at ? 'revoked' : 'active', 'revoked'] },
      );
    });
    return c.body(null, 204);
  });

  // What the caller may do with one dataset: the console disables what is not allowed.
  r.get('/api/access/v1/datasets/:id', async (c) => {
    const dataset = await datasetFor(c, db, c.req.param('id'), 'read');
    return c.json(datasetAccess.parse(await datasetAbilities(db, c.get('userId'), dataset)));
  });

  return r;
}
