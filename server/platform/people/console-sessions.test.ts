import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenList,
  accessUser,
  accessUserList,
  consoleSessionList,
  consoleSessionRefusal,
  createdConsoleSession,
  messageError,
  type CreateConsoleSessionBody,
} from '../../../src/api/contract';
import { auditEventPage } from '../../../src/api/contract/audit';
import { FORWARDED_FOR_SIGNATURE, signForwardedFor } from '../../forwarded-for';
import { SAMPLE_PASSWORD } from '../seed/people';
import type { TestPlatform } from '../testing';
import {
  sampleUserIds,
  sampleUsers,
  startWithSampleUsers,
  type SampleUser,
} from '../testing/users';
import { v1 } from '../testing/workflows';

// The gateway's team mode, on the platform's side: the gateway (the configured developer token,
// Ada's) signs a person in and acts with the two tokens it gets; an Admin disables a person.
// Sample users: Ada Admin, Ben Privileged (Workflow API grant), Chloe and Eve Editors, Dev
// Participant. On PGlite, and on PostgreSQL when DATABASE_URL is set.
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUsers));
});
afterAll(() => platform.close());

const HOUR_MS = 3_600_000;
const signIn = (json: unknown, who: SampleUser = 'ada') =>
  as(who, '/api/access/v1/console-sessions', { method: 'POST', json });
const signOut = (id: string, who: SampleUser = 'ada') =>
  as(who, `/api/access/v1/console-sessions/${id}`, { method: 'DELETE' });
const setDisabled = (who: SampleUser, userId: number | string, disabled: unknown) =>
  as(who, `/api/access/v1/users/${userId}/disabled`, { method: 'PUT', json: { disabled } });
const setRole = (userId: number, role: string) =>
  as('ada', `/api/access/v1/users/${userId}/role`, { method: 'PUT', json: { role } });

async function session(body: CreateConsoleSessionBody) {
  const res = await signIn(body);
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return createdConsoleSession.parse(JSON.parse(text));
}
const withPassword = (email: string, password = SAMPLE_PASSWORD) =>
  session({ emailAddress: email, method: 'password', password });
const vouched = (email: string) => session({ emailAddress: email, method: 'oidc' });

/** `users/me` with a developer token: who it acts as, or the refusal. */
const meWith = (token: string) =>
  fetch(`${platform.url}/api/content/v2/users/me`, {
    headers: { 'X-SERVICE-Developer-Token': token },
  });
const workflowsWith = (token: string) => v1(platform, token)('/v1/workflows');

async function refusal(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return consoleSessionRefusal.parse(JSON.parse(text));
}

async function events(action: string, objectId?: string) {
  const search = new URLSearchParams({ action, limit: '200', ...(objectId ? { objectId } : {}) });
  const res = await platform.api(`/api/audit/v1/events?${search}`);
  expect(res.status).toBe(200);
  return auditEventPage.parse(await res.json()).events;
}

describe('console sessions', () => {
  it('signs a person in with their password: a developer and an access token that act as them', async () => {
    const before = Date.now();
    const chloe = await withPassword('  Chloe@Example.com ');
    expect(chloe.user).toEqual({
      id: sampleUserIds.chloe,
      displayName: 'Chloe Editor',
      emailAddress: 'chloe@example.com',
      role: 'Editor',
    });
    const expires = Date.parse(chloe.expires);
    expect(expires).toBeGreaterThanOrEqual(before + 12 * HOUR_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 12 * HOUR_MS + 1000);
    expect(chloe.developerToken).not.toBe(chloe.accessToken);

    const me = await meWith(chloe.developerToken);
    expect(me.status).toBe(200);
    expect(accessUser.parse(await me.json())).toMatchObject({
      id: sampleUserIds.chloe,
      disabled: false,
    });
    // The access token acts as Chloe on the workflow API, who holds no Workflow API grant.
    const workflows = await workflowsWith(chloe.accessToken);
    expect(workflows.status).toBe(403);
    expect(messageError.parse(await workflows.json()).message).toMatch(
      /user 3\) lacks the Workflow API grant/,
    );
    // The developer token acts as Chloe, not as the Admin whose token asked for it.
    expect((await as('chloe', '/api/access/v1/users')).status).toBe(403);
    const listed = await fetch(`${platform.url}/api/access/v1/users`, {
      headers: { 'X-SERVICE-Developer-Token': chloe.developerToken },
    });
    expect(listed.status).toBe(403);

    const tokens = accessTokenList.parse(
      await (await as('ada', `/api/data/v1/accesstokens?ownerId=${sampleUserIds.chloe}`)).json(),
    );
    const ofSession = tokens.filter((t) => t.name === 'Console session' && t.revoked === null);
    expect(ofSession.map((t) => t.kind).sort()).toEqual(['access', 'developer']);
    expect(ofSession.every((t) => t.expires === chloe.expires)).toBe(true);
  });

  it('lets the access token of a person with the Workflow API grant call the workflow API', async () => {
    const ben = await vouched('ben@example.com');
    expect(ben.user.id).toBe(sampleUserIds.ben);
    expect((await workflowsWith(ben.accessToken)).status).toBe(200);
    expect(accessUser.parse(await (await meWith(ben.developerToken)).json()).id).toBe(
      sampleUserIds.ben,
    );
  });

  it('answers a wrong password and an unknown email alike: 401 INVALID_CREDENTIALS', async () => {
    const wrong = await signIn({
      emailAddress: 'chloe@example.com',
      method: 'password',
      password: 'not her password',
    });
    const unknown = await signIn({
      emailAddress: 'nobody@example.com',
      method: 'password',
      password: SAMPLE_PASSWORD,
    });
    const wrongBody = await refusal(wrong, 401);
    expect(wrongBody.reason).toBe('INVALID_CREDENTIALS');
    expect(await refusal(unknown, 401)).toEqual(wrongBody);
  });

  it('refuses a body without what the method needs: 400 naming it', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ emailAddress: 'chloe@example.com', method: 'password' }, /^password: /],
      [{ emailAddress: '   ', method: 'oidc' }, /^emailAddress: /],
      [{ emailAddress: 'chloe@example.com', method: 'magic' }, /^method: /],
      [{ emailAddress: `${'a'.repeat(320)}@x`, method: 'oidc' }, /^emailAddress: /],
      [
        { emailAddress: 'chloe@example.com', method: 'password', password: 'p'.repeat(1025) },
        /^password: /,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await signIn(body);
      const text = await res.text();
      expect(res.status, text).toBe(400);
      expect(messageError.parse(JSON.parse(text)).message).toMatch(message);
    }
  });

  it('signs in a person the OpenID Connect provider vouches for; an unknown email is 401 UNKNOWN_PERSON', async () => {
    const dev = await vouched('DEV@example.com');
    expect(dev.user).toMatchObject({ id: sampleUserIds.dev, role: 'Participant' });
    expect(
      await refusal(await signIn({ emailAddress: 'nobody@example.com', method: 'oidc' }), 401),
    ).toEqual({
      reason: 'UNKNOWN_PERSON',
      message: 'No platform user has the email nobody@example.com',
    });
  });

  it('signs a person out: both tokens answer 401 at once; the session is then not found', async () => {
    const dev = await vouched('dev@example.com');
    expect((await meWith(dev.developerToken)).status).toBe(200);
    const out = await signOut(dev.id);
    expect(out.status, await out.clone().text()).toBe(204);
    expect((await meWith(dev.developerToken)).status).toBe(401);
    expect((await workflowsWith(dev.accessToken)).status).toBe(401);
    expect((await signOut(dev.id)).status).toBe(404);
    expect((await signOut('no-such-session')).status).toBe(404);
    expect((await signOut('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lists the sessions in force by person, most recently used first; an ended one is gone', async () => {
    const eveFirst = await vouched('eve@example.com');
    const eveSecond = await vouched('eve@example.com');
    const chloe = await vouched('chloe@example.com');
    expect((await meWith(eveFirst.developerToken)).status).toBe(200);
    const listed = async (query = '', who: SampleUser = 'ada') => {
      const res = await as(who, `/api/access/v1/console-sessions${query}`);
      const text = await res.text();
      expect(res.status, text).toBe(200);
      return consoleSessionList.parse(JSON.parse(text));
    };
    const eves = await listed(`?userId=${sampleUserIds.eve}`);
    expect(eves.map((s) => s.id)).toEqual([eveFirst.id, eveSecond.id]);
    expect(eves[0]).toMatchObject({
      user: { id: sampleUserIds.eve, displayName: 'Eve Exporter' },
      expires: eveFirst.expires,
    });
    expect(eves[0]!.lastUsed).not.toBeNull();
    expect(eves[1]!.lastUsed).toBeNull();
    expect(Date.parse(eves[1]!.signedIn)).toBeLessThanOrEqual(Date.now());
    // An Admin sees every person's; the tokens' values are never listed.
    const all = await listed();
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([eveFirst.id, chloe.id]));
    expect(JSON.stringify(all)).not.toContain(eveFirst.developerToken);

    expect((await signOut(eveSecond.id)).status).toBe(204);
    expect((await listed(`?userId=${sampleUserIds.eve}`)).map((s) => s.id)).toEqual([eveFirst.id]);
    expect((await as('ada', '/api/access/v1/console-sessions?userId=0')).status).toBe(400);
    await signOut(eveFirst.id);
    await signOut(chloe.id);
  });

  it("lets a person list and end their own sessions only: another person's is 403 to list, 404 to end", async () => {
    const bens = await vouched('ben@example.com');
    const chloe = await vouched('chloe@example.com');
    const own = await as('ben', '/api/access/v1/console-sessions');
    expect(own.status).toBe(200);
    const listed = consoleSessionList.parse(await own.json());
    expect(listed.map((s) => s.user.id)).toEqual(listed.map(() => sampleUserIds.ben));
    expect(listed.map((s) => s.id)).toContain(bens.id);

    const others = await as('ben', `/api/access/v1/console-sessions?userId=${sampleUserIds.chloe}`);
    expect(others.status).toBe(403);
    expect(messageError.parse(await others.json()).message).toBe(
      'You need the Admin role to list the console sessions of another user',
    );
    // Another person's session is not revealed: the same 404 as one that does not exist.
    expect((await signOut(chloe.id, 'ben')).status).toBe(404);
    expect((await meWith(chloe.developerToken)).status).toBe(200);
    // One's own ends, signed out on every machine that held it.
    expect((await signOut(bens.id, 'ben')).status).toBe(204);
    expect((await meWith(bens.developerToken)).status).toBe(401);
    await signOut(chloe.id);
  });

  it('ends the console sessions of a person whose role changes, and only those', async () => {
    const before = await vouched('dev@example.com');
    // The same role again changes nothing: the session stays.
    expect((await setRole(sampleUserIds.dev, 'Participant')).status).toBe(200);
    expect((await meWith(before.developerToken)).status).toBe(200);

    expect((await setRole(sampleUserIds.dev, 'Editor')).status).toBe(200);
    expect((await meWith(before.developerToken)).status).toBe(401);
    expect((await workflowsWith(before.accessToken)).status).toBe(401);
    // A token minted for Dev outside a console session keeps working.
    expect((await as('dev', '/api/content/v2/users/me')).status).toBe(200);
    // Signed in again, Dev acts with the new role.
    const after = await vouched('dev@example.com');
    expect(after.user.role).toBe('Editor');
    expect(accessUser.parse(await (await meWith(after.developerToken)).json()).role).toBe('Editor');
    expect((await setRole(sampleUserIds.dev, 'Participant')).status).toBe(200);
  });

  it('disables a person: every token of theirs ends at once, and they sign in nowhere', async () => {
    const eve = await withPassword('eve@example.com');
    const signedIn = await platform.api('/api/content/v2/authentication', {
      method: 'POST',
      json: { method: 'password', emailAddress: 'eve@example.com', password: SAMPLE_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const sessionRows = () =>
      platform.db.query('SELECT 1 FROM session_tokens WHERE user_id = $1', [sampleUserIds.eve]);
    expect(await sessionRows()).not.toHaveLength(0);

    const res = await setDisabled('ada', sampleUserIds.eve, true);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(accessUser.parse(JSON.parse(text))).toMatchObject({
      id: sampleUserIds.eve,
      disabled: true,
    });
    expect((await meWith(eve.developerToken)).status).toBe(401);
    expect((await workflowsWith(eve.accessToken)).status).toBe(401);
    expect((await as('eve', '/api/content/v2/users/me')).status).toBe(401);
    expect(await sessionRows()).toHaveLength(0);
    const users = accessUserList.parse(await (await as('ada', '/api/access/v1/users')).json());
    expect(users.find((u) => u.id === sampleUserIds.eve)!.disabled).toBe(true);
    expect(users.find((u) => u.id === sampleUserIds.chloe)!.disabled).toBe(false);

    const disabled = {
      reason: 'PERSON_DISABLED',
      message: 'This person is disabled: an administrator enables them under Security, Users',
    };
    expect(
      await refusal(await signIn({ emailAddress: 'eve@example.com', method: 'oidc' }), 403),
    ).toEqual(disabled);
    expect(
      await refusal(
        await signIn({
          emailAddress: 'eve@example.com',
          method: 'password',
          password: SAMPLE_PASSWORD,
        }),
        403,
      ),
    ).toEqual(disabled);
    // Without her password, nothing tells that she is disabled.
    const wrong = await signIn({
      emailAddress: 'eve@example.com',
      method: 'password',
      password: 'x',
    });
    expect((await refusal(wrong, 401)).reason).toBe('INVALID_CREDENTIALS');
    const session = await platform.api('/api/content/v2/authentication', {
      method: 'POST',
      json: { method: 'password', emailAddress: 'eve@example.com', password: SAMPLE_PASSWORD },
    });
    expect(session.status).toBe(401);
    expect(await session.json()).toMatchObject({ reason: 'INVALID_CREDENTIALS' });
    const minted = await as('ada', '/api/data/v1/accesstokens', {
      method: 'POST',
      json: { name: 'for a disabled person', ownerId: sampleUserIds.eve },
    });
    expect(minted.status).toBe(409);

    // Enabled again, she signs in anew; her old tokens stay revoked.
    const enabled = await setDisabled('ada', sampleUserIds.eve, false);
    expect(accessUser.parse(await enabled.json()).disabled).toBe(false);
    expect((await meWith(eve.developerToken)).status).toBe(401);
    const again = await withPassword('eve@example.com');
    expect((await meWith(again.developerToken)).status).toBe(200);
  });

  it('refuses any token of a person disabled by other means with 401 naming why', async () => {
    const chloe = await vouched('chloe@example.com');
    await platform.db.query('UPDATE users SET disabled_at = now() WHERE id = $1', [
      sampleUserIds.chloe,
    ]);
    try {
      for (const res of [
        await meWith(chloe.developerToken),
        await as('chloe', '/api/content/v2/users/me'),
        await workflowsWith(chloe.accessToken),
      ]) {
        expect(res.status).toBe(401);
        expect(messageError.parse(await res.json()).message).toBe(
          'The person of this token is disabled',
        );
      }
    } finally {
      await platform.db.query('UPDATE users SET disabled_at = NULL WHERE id = $1', [
        sampleUserIds.chloe,
      ]);
    }
    expect((await meWith(chloe.developerToken)).status).toBe(200);
  });

  it('refuses to disable oneself, the configured tokens’ user or the last enabled Admin: 409', async () => {
    const cases: Array<[Response, number, RegExp]> = [
      [await setDisabled('ada', sampleUserIds.ada, true), 409, /cannot disable yourself/],
      [await setDisabled('ada', 999, true), 404, /No user 999/],
      [await setDisabled('ada', 'x', true), 404, /No user x/],
      [await setDisabled('ada', sampleUserIds.ben, 'yes'), 400, /disabled/],
    ];
    expect((await setRole(sampleUserIds.ben, 'Admin')).status).toBe(200);
    cases.push(
      [await setDisabled('ben', sampleUserIds.ben, true), 409, /cannot disable yourself/],
      [
        await setDisabled('ben', sampleUserIds.ada, true),
        409,
        /configured tokens act as this user/,
      ],
    );
    // Ada disabled by hand (her configured token still acts): Ben is the last enabled Admin.
    await platform.db.query('UPDATE users SET disabled_at = now() WHERE id = 1');
    try {
      cases.push(
        [
          await setDisabled('ada', sampleUserIds.ben, true),
          409,
          /last enabled Admin stays enabled/,
        ],
        [await setRole(sampleUserIds.ben, 'Privileged'), 409, /last Admin/],
      );
    } finally {
      await platform.db.query('UPDATE users SET disabled_at = NULL WHERE id = 1');
    }
    for (const [res, status, message] of cases) {
      const text = await res.text();
      expect(res.status, text).toBe(status);
      expect(messageError.parse(JSON.parse(text)).message).toMatch(message);
    }
    expect((await setRole(sampleUserIds.ben, 'Privileged')).status).toBe(200);
    expect(
      accessUser.parse(await (await as('ben', '/api/content/v2/users/me')).json()),
    ).toMatchObject({ role: 'Privileged', disabled: false });
  });

  it.each(['ben', 'chloe', 'dev'] as const)(
    'refuses %s (not an Admin) signing people in, out of a session not theirs, or disabling them',
    async (who) => {
      const eve = await vouched('eve@example.com');
      const cases: Array<[Response, number, RegExp]> = [
        [
          await signIn({ emailAddress: 'eve@example.com', method: 'oidc' }, who),
          403,
          /You need the Admin role to sign people in to the console/,
        ],
        [await signIn({ nonsense: true }, who), 403, /sign people in/],
        // Another person's session is not revealed: the 404 of one that does not exist.
        [await signOut(eve.id, who), 404, /^No console session .* in force$/],
        [await setDisabled(who, sampleUserIds.eve, true), 403, /to disable or enable a user/],
        [await setDisabled(who, sampleUserIds.eve, 'nonsense'), 403, /to disable or enable a user/],
      ];
      for (const [res, status, message] of cases) {
        const text = await res.text();
        expect(res.status, text).toBe(status);
        expect(messageError.parse(JSON.parse(text)).message).toMatch(message);
      }
      expect((await meWith(eve.developerToken)).status).toBe(200);
      expect((await signOut(eve.id)).status).toBe(204);
    },
  );

  it('records sign-ins, refusals (never with the password), sign-outs and disabling', async () => {
    const client = '203.0.113.9';
    const secret = 'a-wrong-password-that-must-not-be-kept';
    // As the gateway sends it: the browser's address, signed.
    const asGateway = (json: CreateConsoleSessionBody) =>
      platform.api('/api/access/v1/console-sessions', {
        method: 'POST',
        headers: {
          'X-SERVICE-Developer-Token': platform.tokens.developer,
          'content-type': 'application/json',
          'x-forwarded-for': client,
          [FORWARDED_FOR_SIGNATURE]: signForwardedFor(platform.tokens.developer, client),
        },
        body: JSON.stringify(json),
      });

    // From another machine the sample password is refused: Dev signs in with a real one.
    const devsPassword = 'a real password of Dev';
    const set = await as('ada', `/api/access/v1/users/${sampleUserIds.dev}/password`, {
      method: 'PUT',
      json: { password: devsPassword },
    });
    expect(set.status).toBe(204);
    const res = await asGateway({
      emailAddress: 'dev@example.com',
      method: 'password',
      password: devsPassword,
    });
    expect(res.status).toBe(201);
    const dev = createdConsoleSession.parse(await res.json());
    const [signedIn] = await events('user.signed-in', String(sampleUserIds.dev));
    expect(signedIn).toMatchObject({
      actor: { id: sampleUserIds.dev, name: 'Dev Participant' },
      object: { type: 'user', id: String(sampleUserIds.dev), name: 'Dev Participant' },
      changes: { method: { after: 'password' } },
      clientAddress: client,
    });

    const wrong = await asGateway({
      emailAddress: 'dev@example.com',
      method: 'password',
      password: secret,
    });
    expect(wrong.status).toBe(401);
    const [refusedKnown] = await events('user.sign-in-refused', String(sampleUserIds.dev));
    expect(refusedKnown).toMatchObject({
      actor: { id: sampleUserIds.dev },
      changes: {
        emailAddress: { after: 'dev@example.com' },
        method: { after: 'password' },
        reason: { after: 'INVALID_CREDENTIALS' },
      },
      clientAddress: client,
    });

    const unknown = await asGateway({ emailAddress: 'Stranger@Example.com', method: 'oidc' });
    expect(unknown.status).toBe(401);
    const refusedUnknown = (await events('user.sign-in-refused')).find(
      (e) => e.changes.emailAddress?.after === 'Stranger@Example.com',
    );
    expect(refusedUnknown).toMatchObject({
      actor: { id: null, tokenKind: 'system' },
      changes: { reason: { after: 'UNKNOWN_PERSON' }, method: { after: 'oidc' } },
    });

    expect((await signOut(dev.id)).status).toBe(204);
    const [signedOut] = await events('user.signed-out', String(sampleUserIds.dev));
    expect(signedOut).toMatchObject({
      actor: { id: sampleUserIds.dev },
      object: { type: 'user', name: 'Dev Participant' },
    });

    expect((await setDisabled('ada', sampleUserIds.dev, true)).status).toBe(200);
    expect((await setDisabled('ada', sampleUserIds.dev, true)).status).toBe(200);
    expect((await setDisabled('ada', sampleUserIds.dev, false)).status).toBe(200);
    const disabled = await events('user.disabled', String(sampleUserIds.dev));
    expect(disabled).toHaveLength(1);
    expect(disabled[0]).toMatchObject({
      actor: { id: sampleUserIds.ada },
      changes: { disabled: { before: false, after: true } },
    });
    const [enabled] = await events('user.enabled', String(sampleUserIds.dev));
    expect(enabled!.changes.disabled).toEqual({ before: true, after: false });

    const rows = await platform.db.query<{ row: string }>(
      'SELECT row_to_json(e)::text AS row FROM audit_events e',
    );
    const everything = rows.map((r) => r.row).join('\n');
    for (const kept of [secret, SAMPLE_PASSWORD, devsPassword, dev.developerToken, dev.accessToken])
      expect(everything).not.toContain(kept);
  });
});
