import { http, HttpResponse } from 'msw';
import type { AccessUser, ConsoleSession } from '../../../api/contract';
import { aGatewayStatus, anAccessToken as aToken } from '../../../test/data';
import { server } from '../../../test/server';

export { aToken };

export const ada: AccessUser = {
  id: 1,
  displayName: 'Ada Admin',
  emailAddress: 'ada@example.com',
  role: 'Admin',
  groups: [],
  grants: ['Manage security', 'Workflow API'],
  disabled: false,
};
export const ben: AccessUser = {
  id: 2,
  displayName: 'Ben Privileged',
  emailAddress: 'ben@example.com',
  role: 'Privileged',
  groups: [],
  grants: ['Workflow API'],
  disabled: false,
};
export const chloe: AccessUser = {
  id: 3,
  displayName: 'Chloe Editor',
  emailAddress: 'chloe@example.com',
  role: 'Editor',
  groups: [{ id: 102, name: 'Finance' }],
  grants: [],
  disabled: false,
};

/** A console session in force of `user`, signed in this morning. */
export const aSession = (
  id: string,
  user: AccessUser,
  overrides: Partial<ConsoleSession> = {},
): ConsoleSession => ({
  id,
  user: { id: user.id, displayName: user.displayName },
  signedIn: '2026-11-02T08:30:00.000Z',
  expires: '2026-11-02T18:30:00.000Z',
  lastUsed: '2026-11-02T09:15:00.000Z',
  ...overrides,
});

/**
 * A platform with tokens that really are created and revoked, and users that really are disabled
 * and enabled, and console sessions that really end; `me` is the console's user, signed in to this
 * browser with the session `thisSessionId` (none: one operator). `passwordsSet` holds each password
 * change as sent.
 */
export function givenSecurityPlatform({
  me = ada,
  tokens = [aToken()],
  sessions = [] as ConsoleSession[],
  thisSessionId = undefined as string | undefined,
} = {}) {
  let list = [...tokens];
  let inForce = [...sessions];
  let users = [ada, ben, chloe];
  const created: unknown[] = [];
  const passwordsSet: { userId: string; body: unknown }[] = [];
  server.use(
    http.get('/gateway/status', () =>
      HttpResponse.json(
        aGatewayStatus({
          auth: {
            mode: thisSessionId ? 'platform' : 'none',
            person: thisSessionId
              ? { name: me.displayName, email: me.emailAddress, userId: me.id }
              : null,
            sessionId: thisSessionId,
          },
        }),
      ),
    ),
    http.get('/api/content/v2/users/me', () => HttpResponse.json(me)),
    http.get('/api/access/v1/users', () =>
      me.role === 'Admin'
        ? HttpResponse.json(users)
        : HttpResponse.json({ message: 'You need the Admin role' }, { status: 403 }),
    ),
    http.put('/api/access/v1/users/:id/disabled', async ({ params, request }) => {
      const { disabled } = (await request.json()) as { disabled: boolean };
      users = users.map((u) => (String(u.id) === params.id ? { ...u, disabled } : u));
      return HttpResponse.json(users.find((u) => String(u.id) === params.id));
    }),
    http.put('/api/access/v1/users/:id/password', async ({ params, request }) => {
      passwordsSet.push({ userId: String(params.id), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/access/v1/roles', () =>
      HttpResponse.json([
        {
          name: 'Admin',
          description: 'Sees and changes everything',
          grants: ['Manage security', 'Workflow API'],
          members: 1,
        },
        { name: 'Privileged', description: 'Runs workflows', grants: ['Workflow API'], members: 1 },
        { name: 'Editor', description: 'Edits what is shared', grants: [], members: 2 },
      ]),
    ),
    http.get('/api/data/v1/accesstokens', ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind');
      return HttpResponse.json(kind ? list.filter((t) => t.kind === kind) : list);
    }),
    http.post('/api/data/v1/accesstokens', async ({ request }) => {
      const body = (await request.json()) as { name: string; ownerId?: number; kind: 'access' };
      created.push(body);
      const token = aToken({
        id: `t${list.length + 1}`,
        name: body.name,
        ownerId: body.ownerId ?? me.id,
        kind: body.kind,
        created: new Date().toISOString(),
      });
      list = [token, ...list];
      return HttpResponse.json({ ...token, token: 'pct_secret-value' }, { status: 201 });
    }),
    http.get('/api/access/v1/console-sessions', ({ request }) => {
      const asked = new URL(request.url).searchParams.get('userId');
      if (me.role !== 'Admin' && asked !== null && asked !== String(me.id))
        return HttpResponse.json({ message: 'You need the Admin role' }, { status: 403 });
      const userId = me.role === 'Admin' ? asked : String(me.id);
      return HttpResponse.json(
        userId === null ? inForce : inForce.filter((s) => String(s.user.id) === userId),
      );
    }),
    http.delete('/api/access/v1/console-sessions/:id', ({ params }) => {
      const session = inForce.find((s) => s.id === params.id);
      if (!session || (me.role !== 'Admin' && session.user.id !== me.id))
        return HttpResponse.json(
          { message: `No console session ${String(params.id)}`, toe: 'TRACE0404' },
          { status: 404 },
        );
      inForce = inForce.filter((s) => s !== session);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('/api/data/v1/accesstokens/:id', ({ params }) => {
      list = list.map((t) =>
        t.id === params.id ? { ...t, revoked: new Date().toISOString() } : t,
      );
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { created, passwordsSet };
}
