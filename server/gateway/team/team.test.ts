import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSessionList } from '../../../src/api/contract/access';
import { startTestPlatform, type TestPlatform } from '../../platform/testing';
import { SAMPLE_PASSWORD } from '../../platform/seed/people';
import { startGateway, type RunningGateway } from '../testing/support';
import { embeddedPeople } from './people';
import { createTeam } from './team';
import { THROTTLE_WINDOW_MS } from './throttle';

/**
 * Team mode against the embedded platform: people sign in with their own email and password,
 * and every request acts as them, never as the configured administrator.
 */
let platform: TestPlatform;
const clock = { offset: 0 };
const now = () => Date.now() + clock.offset;
type GatewayServer = RunningGateway & { url: string };
const gateways: GatewayServer[] = [];

async function teamGateway(trustedProxies?: string[]): Promise<GatewayServer> {
  const team = createTeam({
    mode: 'platform',
    db: platform.db,
    people: embeddedPeople({
      baseUrl: new URL(platform.url),
      brand: 'SERVICE',
      adminToken: platform.tokens.developer,
    }),
    idleMs: 60 * 60_000,
    secure: false,
    now,
  });
  const running = await startGateway({
    baseUrl: platform.url,
    apiUrl: platform.url,
    tokens: platform.tokens,
    mode: 'embedded',
    team,
    trustedProxies,
  });
  const server = { ...running, url: `http://${running.host}` };
  gateways.push(server);
  return server;
}

let gateway: GatewayServer;
let other: GatewayServer;

beforeAll(async () => {
  platform = await startTestPlatform();
  gateway = await teamGateway();
  // A second gateway process on the same store: sessions are shared.
  other = await teamGateway();
}, 60_000);
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await platform?.close();
});

const call = (
  server: GatewayServer,
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: 'manual',
  });

/** Signs in and answers the cookie to send back (name=value). */
async function signIn(email: string, password = SAMPLE_PASSWORD, server = gateway) {
  const response = await call(server, '/gateway/sign-in', { json: { email, password } });
  expect(response.status).toBe(204);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0]!;
}

/** The JSON bodies the gateway answers with, as far as these tests read them. */
interface Answer {
  message?: string;
  until?: string;
  signIn?: string;
  auth?: {
    mode: string;
    person: { name: string; email: string } | null;
    sessionEnded?: boolean;
    sessionId?: string;
  };
}
const answer = async (response: Response) => (await response.json()) as Answer;

const me = async (cookie: string, server = gateway) => {
  const response = await call(server, '/api/content/v2/users/me', { cookie });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('team mode on the embedded platform', () => {
  it('answers 401 as JSON, naming the sign-in page, to any API call without a session', async () => {
    for (const path of ['/api/content/v2/users/me', '/v1/workflows', '/api/data/v1/datasets']) {
      const response = await call(gateway, path);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        message: 'Sign in to use the console',
        signIn: '/sign-in',
      });
    }
    const status = await answer(await call(gateway, '/gateway/status'));
    expect(status.auth).toEqual({ mode: 'platform', person: null });
  });

  it('signs a person in with a fresh httpOnly, SameSite=Lax cookie, and acts as them', async () => {
    const response = await call(gateway, '/gateway/sign-in', {
      json: { email: 'ben@example.com', password: SAMPLE_PASSWORD },
      headers: { cookie: 'console-session=chosen-by-the-browser' },
    });
    expect(response.status).toBe(204);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^console-session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).not.toContain('chosen-by-the-browser');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;

    const who = await me(cookie);
    expect(who.status).toBe(200);
    expect(who.body.emailAddress).toBe('ben@example.com');
    const status = await answer(await call(gateway, '/gateway/status', { cookie }));
    expect(status.auth?.person).toMatchObject({ email: 'ben@example.com' });
    expect(status.auth?.person?.name).toBe(who.body.displayName);
  });

  it('refuses a wrong password and an unknown email with one generic 401', async () => {
    const wrong = await call(gateway, '/gateway/sign-in', {
      json: { email: 'chloe@example.com', password: 'not-it' },
    });
    const unknown = await call(gateway, '/gateway/sign-in', {
      json: { email: 'nobody@example.com', password: 'not-it' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await answer(wrong), await answer(unknown)];
    expect(a).toEqual({ message: 'The email or password is not right' });
    expect(b).toEqual(a);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const bad = await call(gateway, '/gateway/sign-in', { json: { email: 'x' } });
    expect(bad.status).toBe(400);
    expect((await answer(bad)).message).toMatch(/Password is required|expected string/);
  });

  it('slows failed sign-ins, then refuses the account for a while, saying until when', async () => {
    const email = 'eve@example.com';
    let slowest = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const response = await call(gateway, '/gateway/sign-in', {
        json: { email, password: `guess-${i}` },
      });
      slowest = Math.max(slowest, performance.now() - started);
      expect(response.status).toBe(401);
    }
    expect(slowest).toBeGreaterThanOrEqual(1_000);
    // Now even the right password is refused, on every gateway process.
    const refused = await call(other, '/gateway/sign-in', {
      json: { email, password: SAMPLE_PASSWORD },
    });
    expect(refused.status).toBe(429);
    const body = await answer(refused);
    expect(body.message).toMatch(
      /^Too many failed sign-ins for this account: try again after \d\d:\d\d UTC$/,
    );
    expect(Date.parse(body.until ?? '')).toBeGreaterThan(Date.now() + THROTTLE_WINDOW_MS - 60_000);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    // Once the refusal is over, the right password works again.
    clock.offset = THROTTLE_WINDOW_MS + 1_000;
    try {
      await signIn(email);
    } finally {
      clock.offset = 0;
    }
  }, 30_000);

  it('counts failed sign-ins per person behind a trusted proxy, not per proxy', async () => {
    const proxied = await teamGateway(['127.0.0.1']);
    const failures = async () =>
      Object.fromEntries(
        (
          await platform.db.query<{ key: string; failures: number }>(
            `SELECT key, failures FROM gateway_sign_in_failures WHERE key LIKE 'client:%'`,
          )
        ).map((row) => [row.key, row.failures]),
      );
    const before = await failures();
    for (const client of ['203.0.113.7', '203.0.113.8']) {
      const response = await call(proxied, '/gateway/sign-in', {
        json: { email: 'nobody@example.com', password: 'wrong' },
        headers: { 'x-forwarded-for': client },
      });
      expect(response.status).toBe(401);
    }
    const after = await failures();
    expect(after['client:203.0.113.7']).toBe(1);
    expect(after['client:203.0.113.8']).toBe(1);
    // The proxy's own address counted none of them.
    expect(after['client:127.0.0.1']).toBe(before['client:127.0.0.1']);
  });

  it('refuses a sign-in posted from another site (CSRF)', async () => {
    const response = await call(gateway, '/gateway/sign-in', {
      json: { email: 'ben@example.com', password: SAMPLE_PASSWORD },
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('signs out on every process at once, and the platform tokens of the session stop working', async () => {
    const cookie = await signIn('chloe@example.com');
    expect((await me(cookie, other)).status).toBe(200);
    const out = await call(other, '/gateway/sign-out', { method: 'POST', cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const after = await call(gateway, '/api/content/v2/users/me', { cookie });
    expect(after.status).toBe(401);
    expect((await answer(after)).signIn).toBe('/sign-in');
    const [row] = await platform.db.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM access_tokens t JOIN users u ON u.id = t.user_id
       WHERE u.email_address = 'chloe@example.com' AND t.session_id IS NOT NULL AND t.revoked_at IS NULL`,
    );
    expect(row!.active).toBe(0);
  });

  it("lists a person's sessions, marks this browser's, and ends another browser's from here", async () => {
    const here = await signIn('chloe@example.com');
    const there = await signIn('chloe@example.com', SAMPLE_PASSWORD, other);
    const status = await answer(await call(gateway, '/gateway/status', { cookie: here }));
    const listed = await call(gateway, '/api/access/v1/console-sessions', { cookie: here });
    expect(listed.status).toBe(200);
    const sessions = consoleSessionList.parse(await listed.json());
    const ids = sessions.map((s) => s.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(status.auth?.sessionId);
    expect(sessions.map((s) => s.user.displayName)).toEqual(['Chloe Editor', 'Chloe Editor']);

    const elsewhere = ids.find((id) => id !== status.auth?.sessionId)!;
    const ended = await call(gateway, `/api/access/v1/console-sessions/${elsewhere}`, {
      method: 'DELETE',
      cookie: here,
    });
    expect(ended.status).toBe(204);
    // The other browser's next step finds its session over; this one goes on.
    const refused = await call(other, '/api/content/v2/users/me', { cookie: there });
    expect(refused.status).toBe(401);
    expect((await answer(refused)).message).toBe('Your session has ended: sign in again');
    expect((await me(here)).status).toBe(200);
  });

  it('writes no session id, password or token in its log lines', async () => {
    const from = gateway.logs.length;
    const cookie = await signIn('chloe@example.com');
    expect((await me(cookie)).status).toBe(200);
    expect((await call(gateway, '/gateway/sign-out', { method: 'POST', cookie })).status).toBe(204);
    const lines = gateway.logs.slice(from);
    expect(lines.join('\n')).toMatch(/gateway POST \/gateway\/sign-in 204 \d+ms/);
    const sessionId = cookie.split('=')[1]!;
    for (const secret of [
      sessionId,
      SAMPLE_PASSWORD,
      platform.tokens.developer,
      platform.tokens.session,
      platform.tokens.access,
    ])
      expect(lines.join('\n')).not.toContain(secret);
  });

  it('ends a session that has been idle longer than its idle timeout', async () => {
    const cookie = await signIn('dev@example.com');
    expect((await me(cookie)).status).toBe(200);
    // The console's status poll goes on while the person is away: it names them, but is no sign
    // that they are there.
    clock.offset = 50 * 60_000;
    const polled = await answer(await call(gateway, '/gateway/status', { cookie }));
    expect(polled.auth?.person).toMatchObject({ email: 'dev@example.com' });
    clock.offset = 61 * 60_000;
    try {
      const response = await call(gateway, '/api/content/v2/users/me', { cookie });
      expect(response.status).toBe(401);
      expect((await answer(response)).message).toBe('Your session has ended: sign in again');
    } finally {
      clock.offset = 0;
    }
    expect((await me(cookie)).status).toBe(401);
    // The browser still sends the ended session: the status says so, for the sign-in page to say.
    const ended = await answer(await call(gateway, '/gateway/status', { cookie }));
    expect(ended.auth).toEqual({ mode: 'platform', person: null, sessionEnded: true });
  });

  it("ends a disabled person's session at once, and names them in the activity log for their changes", async () => {
    const cookie = await signIn('ben@example.com');
    const created = await call(gateway, '/api/datastores/v1/', {
      cookie,
      json: { name: `Ben's store ${Date.now()}` },
    });
    expect([200, 201]).toContain(created.status);
    const store = (await created.json()) as { id: string };
    const collection = await call(gateway, `/api/datastores/v1/${store.id}/collections`, {
      cookie,
      json: { name: 'bens_notes' },
    });
    expect([200, 201]).toContain(collection.status);
    const events = await platform.api('/api/audit/v1/events?limit=20');
    const list = (await events.json()) as { events: { action: string; actor: { name: string } }[] };
    const signedIn = list.events.find((e) => e.action === 'user.signed-in');
    expect(signedIn?.actor.name).toBe('Ben Analyst');
    expect(list.events.find((e) => e.action === 'collection.created')?.actor.name).toBe(
      'Ben Analyst',
    );

    const disabled = await platform.api('/api/access/v1/users/2/disabled', {
      method: 'PUT',
      json: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    try {
      const response = await call(gateway, '/api/content/v2/users/me', { cookie });
      expect(response.status).toBe(401);
      expect((await answer(response)).message).toBe('Your session has ended: sign in again');
      const again = await call(gateway, '/gateway/sign-in', {
        json: { email: 'ben@example.com', password: SAMPLE_PASSWORD },
      });
      expect(again.status).toBe(401);
    } finally {
      await platform.api('/api/access/v1/users/2/disabled', {
        method: 'PUT',
        json: { disabled: false },
      });
    }
  });
});
