import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_DATASET_ID as SALES, WEB_TRAFFIC_DATASET_ID as TRAFFIC } from '../seed/datasets';
import { SAMPLE_PASSWORD } from '../seed/people';
import { startTestPlatform, type TestPlatform } from '../testing';
import { sampleUsers, type SampleUser } from '../testing/users';

// Seed: Sales is owned by Ada (Admin), shared CAN_EDIT with Ben and CAN_SHARE with Finance
// (Chloe, Eve); Web traffic is owned by Ben and shared with no one.
let platform: TestPlatform;
let asUser: Awaited<ReturnType<typeof sampleUsers>>;
const as = (who: string, path: string, init?: RequestInit & { json?: unknown }) =>
  asUser(who as SampleUser, path, init);
const users = { ben: 2, chloe: 3, dev: 4, eve: 5 };

beforeAll(async () => {
  platform = await startTestPlatform();
  asUser = await sampleUsers(platform);
});
afterAll(() => platform.close());

const ds = (id: string) => `/api/data/v3/datasources/${id}`;
const operations = {
  get: (id: string) => ({ path: ds(id) }),
  schema: (id: string) => ({ path: `/api/query/v1/datasources/${id}/schema/indexed` }),
  preview: (id: string) => ({
    path: `/api/query/v1/execute/${id}`,
    init: { method: 'POST', json: { sql: 'SELECT * FROM table LIMIT 1' } },
  }),
  partitions: (id: string) => ({ path: `/api/query/v1/datasources/${id}/partition` }),
  permissions: (id: string) => ({ path: `${ds(id)}/permissions` }),
  certification: (id: string) => ({
    path: `/api/tags/v3/DATA_SOURCE/${id}/system/CERTIFIED/state`,
  }),
  // Deleting a partition that does not exist: allowed → "No partition" 404, refused → 403/404 of the dataset.
  deletePartition: (id: string) => ({
    path: `/api/query/v1/datasources/${id}/partition/no-such-partition`,
    init: { method: 'DELETE' },
  }),
  removePermission: (id: string) => ({
    path: `${ds(id)}/permissions/USER/999999`,
    init: { method: 'DELETE' },
  }),
  exports: (id: string) => ({ path: `/api/query/v1/export/${id}` }),
  // A valid body, so that the answer is the access decision and not the body's 400 (which every
  // caller gets alike and so reveals nothing about the dataset).
  startExport: (id: string) => ({
    path: `/api/query/v1/export/${id}`,
    init: { method: 'POST', json: { bucket: 'exports' } },
  }),
  certify: (id: string) => ({
    path: `/api/tags/v3/DATA_SOURCE/${id}/system/CERTIFIED/state/ACTIVE`,
    init: { method: 'PUT' },
  }),
};
type Op = keyof typeof operations;
type Outcome = 'allowed' | 403 | 404;

async function outcome(who: string, op: Op, id: string): Promise<Outcome> {
  const { path, init } = operations[op](id) as {
    path: string;
    init?: RequestInit & { json?: unknown };
  };
  const res = await as(who, path, init ?? {});
  const text = await res.text();
  if (res.status === 403) {
    expect(text).toMatch(/need (CAN_SHARE|CAN_EDIT|CO_OWNER|Editor role)/);
    return 403;
  }
  if (res.status === 404 && !/No partition|No user|999999/.test(text)) {
    expect(text).toContain(`No dataset ${id}`);
    return 404;
  }
  expect(res.status, `${who} ${op} ${id}: ${text}`).toBeLessThan(500);
  return 'allowed';
}

// user × dataset × operation → allowed / 403 / 404
const table: Array<[string, string, Op, Outcome]> = [
  ['ada', TRAFFIC, 'get', 'allowed'],
  ['ada', TRAFFIC, 'certify', 'allowed'],
  ['ada', TRAFFIC, 'removePermission', 'allowed'],
  ['ben', TRAFFIC, 'get', 'allowed'],
  ['ben', TRAFFIC, 'deletePartition', 'allowed'],
  ['ben', TRAFFIC, 'removePermission', 'allowed'],
  ['ben', SALES, 'get', 'allowed'],
  ['ben', SALES, 'preview', 'allowed'],
  ['ben', SALES, 'deletePartition', 'allowed'],
  ['ben', SALES, 'removePermission', 403],
  ['ben', SALES, 'certify', 403],
  ['chloe', SALES, 'get', 'allowed'],
  ['chloe', SALES, 'schema', 'allowed'],
  ['chloe', SALES, 'partitions', 'allowed'],
  ['chloe', SALES, 'permissions', 'allowed'],
  ['chloe', SALES, 'certification', 'allowed'],
  ['chloe', SALES, 'deletePartition', 403],
  ['chloe', SALES, 'removePermission', 403],
  ['chloe', TRAFFIC, 'get', 404],
  ['chloe', TRAFFIC, 'schema', 404],
  ['chloe', TRAFFIC, 'preview', 404],
  ['chloe', TRAFFIC, 'partitions', 404],
  ['chloe', TRAFFIC, 'permissions', 404],
  ['chloe', TRAFFIC, 'certification', 404],
  ['chloe', TRAFFIC, 'deletePartition', 404],
  ['chloe', TRAFFIC, 'certify', 404],
  ['dev', SALES, 'get', 404],
  ['dev', TRAFFIC, 'get', 404],
  ['eve', SALES, 'get', 'allowed'],
  ['eve', TRAFFIC, 'get', 404],
  ['chloe', SALES, 'exports', 'allowed'],
  ['chloe', TRAFFIC, 'exports', 404],
  ['chloe', TRAFFIC, 'startExport', 404],
  ['dev', SALES, 'exports', 404],
];

describe('dataset policy', () => {
  it.each(table)('%s on %s: %s → %s', async (who, id, op, expected) => {
    expect(await outcome(who, op, id)).toBe(expected);
  });

  it('hides the streams of datasets the user may not see, as not found', async () => {
    const mine = (await (await as('ada', '/api/data/v1/streams')).json()) as Array<{ id: number }>;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = (await (await as('chloe', '/api/data/v1/streams')).json()) as unknown[];
    expect(theirs).toEqual([]);
    const id = mine[0]!.id;
    for (const [path, method] of [
      [`/api/data/v1/streams/${id}`, 'GET'],
      [`/api/data/v1/streams/${id}/executions`, 'GET'],
      [`/api/data/v1/streams/${id}/executions`, 'POST'],
    ] as const) {
      const res = await as('chloe', path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).toContain(`No stream ${id}`);
    }
    expect((await as('ada', `/api/data/v1/streams/${id}`)).status).toBe(200);
  });

  it('filters the list and counts only what the user may see', async () => {
    const res = await as('chloe', '/api/data/v3/datasources?limit=50');
    const ids = ((await res.json()) as Array<{ id: string }>).map((d) => d.id);
    expect(ids).toContain(SALES);
    expect(ids).not.toContain(TRAFFIC);
    expect(Number(res.headers.get('X-Total-Count'))).toBe(ids.length);
    const all = await platform.api('/api/data/v3/datasources?limit=50');
    expect(Number(all.headers.get('X-Total-Count'))).toBeGreaterThan(ids.length);
  });

  it('a session token reads only the schema of a dataset its user may see', async () => {
    const login = await fetch(`${platform.url}/api/content/v2/authentication`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'password',
        emailAddress: 'eve@example.com',
        password: SAMPLE_PASSWORD,
      }),
    });
    expect(login.status).toBe(200);
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const schema = (id: string) =>
      fetch(`${platform.url}/api/query/v1/datasources/${id}/schema/indexed`, {
        headers: { 'x-service-authentication': sessionToken },
      });
    expect((await schema(SALES)).status).toBe(200);
    expect((await schema(TRAFFIC)).status).toBe(404);
  });

  it('sharing makes a dataset visible at once; removing the share hides it again', async () => {
    expect((await as('dev', ds(TRAFFIC))).status).toBe(404);
    const shared = await as('ben', `${ds(TRAFFIC)}/share`, {
      method: 'POST',
      json: { permissions: [{ id: '4', type: 'USER', accessLevel: 'CAN_EDIT' }], sendEmail: false },
    });
    expect(shared.status).toBe(200);
    expect((await as('dev', ds(TRAFFIC))).status).toBe(200);
    const list = (await (await as('dev', '/api/data/v3/datasources')).json()) as Array<{
      id: string;
    }>;
    expect(list.map((d) => d.id)).toEqual([TRAFFIC]);
    // A Participant may view and edit what is shared with them, but not share it on.
    expect(await outcome('dev', 'deletePartition', TRAFFIC)).toBe('allowed');
    const reshare = await as('dev', `${ds(TRAFFIC)}/share`, {
      method: 'POST',
      json: {
        permissions: [{ id: '3', type: 'USER', accessLevel: 'CAN_SHARE' }],
        sendEmail: false,
      },
    });
    expect(reshare.status).toBe(403);
    expect(await reshare.text()).toContain('Editor role');
    expect(
      (await as('ben', `${ds(TRAFFIC)}/permissions/USER/4`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await as('dev', ds(TRAFFIC))).status).toBe(404);
  });
});

describe('tokens and users', () => {
  it('me names the user behind the token', async () => {
    const me = (await (await as('chloe', '/api/content/v2/users/me')).json()) as unknown;
    expect(me).toMatchObject({ id: 3, displayName: 'Chloe Editor', role: 'Editor' });
    const admin = (await (await platform.api('/api/content/v2/users/me')).json()) as unknown;
    expect(admin).toMatchObject({
      id: 1,
      role: 'Admin',
      grants: ['Manage security', 'Workflow API'],
    });
  });

  it('grants come through the role: Privileged holds the Workflow API grant, Editor does not', async () => {
    const ben = (await (await as('ben', '/api/content/v2/users/me')).json()) as {
      grants: string[];
    };
    expect(ben.grants).toEqual(['Workflow API']);
    const chloe = (await (await as('chloe', '/api/content/v2/users/me')).json()) as {
      grants: string[];
    };
    expect(chloe.grants).toEqual([]);
    const roles = (await (await as('dev', '/api/access/v1/roles')).json()) as Array<{
      name: string;
      grants: string[];
      members: number;
    }>;
    expect(roles.map((r) => [r.name, r.grants, r.members])).toEqual([
      ['Admin', ['Manage security', 'Workflow API'], 1],
      ['Privileged', ['Workflow API'], 1],
      ['Editor', [], 2],
      ['Participant', [], 1],
    ]);
  });

  it('only admins list users and mint tokens; a revoked token stops working', async () => {
    expect((await as('ben', '/api/access/v1/users')).status).toBe(403);
    const mint = await as('ben', '/api/data/v1/accesstokens', {
      method: 'POST',
      json: { name: 'x', ownerId: 2 },
    });
    expect(mint.status).toBe(403);
    const users = (await (await platform.api('/api/access/v1/users')).json()) as Array<{
      id: number;
      role: string;
      groups: Array<{ name: string }>;
      grants: string[];
    }>;
    expect(users.find((u) => u.id === 4)).toMatchObject({
      role: 'Participant',
      groups: [{ name: 'Support' }],
      grants: [],
    });
    const list = (await (
      await platform.api('/api/data/v1/accesstokens?ownerId=5')
    ).json()) as Array<{ id: string; lastUsed: string | null }>;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(asUser.tokens.eve);
    expect(
      (await platform.api(`/api/data/v1/accesstokens/${list[0]!.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await as('eve', '/api/content/v2/users/me')).status).toBe(401);
    for (const [json, status] of [
      [{ name: '', ownerId: 5 }, 400],
      [{ name: 'n', ownerId: 999 }, 404],
    ] as const) {
      const res = await platform.api('/api/data/v1/accesstokens', { method: 'POST', json });
      expect(res.status).toBe(status);
    }
  });
});

describe('access tokens of both kinds', () => {
  const mint = (who: string, json: object) =>
    as(who, '/api/data/v1/accesstokens', { method: 'POST', json });
  const list = async (who: string, search = '') => {
    const res = await as(who, `/api/data/v1/accesstokens${search}`);
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as Token[]) : [] };
  };
  type Token = { id: string; name: string; ownerId: number; kind: string; token?: string };

  it.each([
    // who, body, status: a Workflow API holder creates access tokens for themselves only.
    ['ben', { name: 'ci', kind: 'access' }, 201],
    ['ben', { name: 'ci', kind: 'access', ownerId: 2, expiresInDays: 30 }, 201],
    ['ben', { name: 'ci', kind: 'access', ownerId: 3 }, 403],
    ['ben', { name: 'dev', kind: 'developer', ownerId: 2 }, 403],
    ['ben', { name: 'dev' }, 403],
    ['chloe', { name: 'ci', kind: 'access' }, 403],
    ['dev', { name: 'ci', kind: 'access' }, 403],
    ['ada', { name: 'for chloe', kind: 'access', ownerId: 3 }, 201],
    ['ada', { name: 'dev for chloe', ownerId: 3 }, 201],
    ['ada', { name: 'x', kind: 'other' }, 400],
  ] as Array<
    [string, { name: string; kind?: string; ownerId?: number; expiresInDays?: number }, number]
  >)('%s creates %j → %i', async (who, json, status) => {
    const res = await mint(who, json);
    expect(res.status).toBe(status);
    if (status !== 201) return;
    const created = (await res.json()) as Token;
    expect(created.token).toMatch(/^pct_/);
    expect(created.kind).toBe(json.kind ?? 'developer');
    expect(created.ownerId).toBe(json.ownerId ?? users[who as keyof typeof users]);
  });

  it.each([
    ['ben', '', 200],
    ['ben', '?kind=access', 200],
    ['ben', '?ownerId=2', 200],
    ['ben', '?ownerId=3', 403],
    ['ben', '?kind=developer', 403],
    ['chloe', '', 403],
    ['ada', '?kind=access', 200],
    ['ada', '?kind=nope', 400],
  ] as const)('%s lists %s → %i', async (who, search, status) => {
    const { status: got, body } = await list(who, search);
    expect(got).toBe(status);
    if (who === 'ben' && status === 200)
      expect(body.every((t) => t.ownerId === 2 && t.kind === 'access')).toBe(true);
    expect(JSON.stringify(body)).not.toContain('pct_');
  });

  it('an admin sees everyone’s access tokens; a holder revokes only their own', async () => {
    const all = (await list('ada', '?kind=access')).body;
    expect(new Set(all.map((t) => t.ownerId))).toEqual(new Set([2, 3]));
    const chloes = all.find((t) => t.ownerId === 3)!;
    const bens = all.find((t) => t.ownerId === 2)!;
    const revoke = (who: string, id: string) =>
      as(who, `/api/data/v1/accesstokens/${id}`, { method: 'DELETE' });
    expect((await revoke('ben', chloes.id)).status).toBe(404);
    expect((await revoke('chloe', bens.id)).status).toBe(403);
    expect((await revoke('ben', bens.id)).status).toBe(204);
    expect((await revoke('ada', chloes.id)).status).toBe(204);
    const after = (await list('ada', '?kind=access')).body as Array<Token & { revoked: string }>;
    expect(after.find((t) => t.id === bens.id)?.revoked).toBeTruthy();
    expect(after.find((t) => t.id === chloes.id)?.revoked).toBeTruthy();
  });
});
