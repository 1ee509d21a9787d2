import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticationError,
  authenticationResult,
  consoleSessionRefusal,
  createdConsoleSession,
  messageError,
} from '../../../src/api/contract';
import { auditEventPage } from '../../../src/api/contract/audit';
import { FORWARDED_FOR_SIGNATURE, signForwardedFor } from '../../forwarded-for';
import { SALES_DATASET_ID } from '../seed/datasets';
import { SAMPLE_PASSWORD } from '../seed/people';
import type { TestPlatform } from '../testing';
import {
  sampleUserIds,
  sampleUsers,
  startWithSampleUsers,
  type SampleUser,
} from '../testing/users';
import { checkPassword, hashPassword } from './password-hash';

// Passwords of the embedded platform's people: salted scrypt hashes, a legacy sha256 replaced at
// the sign-in that proves it, `PUT /api/access/v1/users/{id}/password`, and the published sample
// password, which signs in only from the console's own machine. This test's requests come from
// loopback; the gateway's signed x-forwarded-for stands for a person on another machine.
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUsers));
});
afterAll(() => platform.close());

const SCRYPT_HASH = /^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/;
const SAMPLE_REFUSAL =
  'This is the sample password, which works only from the console’s own machine: an administrator sets a real one under Security, Users';
const FAR_AWAY = '198.51.100.7';
/** Every password this file sends: none may be kept anywhere but as a hash. */
const sent = new Set<string>([SAMPLE_PASSWORD]);

const setPassword = (who: SampleUser, userId: number | string, json: unknown) => {
  const { password, currentPassword } = json as { password?: unknown; currentPassword?: unknown };
  for (const p of [password, currentPassword]) if (typeof p === 'string') sent.add(p);
  return as(who, `/api/access/v1/users/${userId}/password`, { method: 'PUT', json });
};

/** As the gateway sends it: the configured token, and the browser's address, signed. */
function asGateway(
  path: string,
  json: unknown,
  client?: string,
  token = platform.tokens.developer,
) {
  return platform.api(path, {
    method: 'POST',
    headers: {
      'X-SERVICE-Developer-Token': token,
      'content-type': 'application/json',
      ...(client
        ? {
            'x-forwarded-for': client,
            [FORWARDED_FOR_SIGNATURE]: signForwardedFor(platform.tokens.developer, client),
          }
        : {}),
    },
    body: JSON.stringify(json),
  });
}

const consoleSignIn = (emailAddress: string, password: string, client?: string) => {
  sent.add(password);
  return asGateway(
    '/api/access/v1/console-sessions',
    { emailAddress, method: 'password', password },
    client,
  );
};
const sessionSignIn = (emailAddress: string, password: string, client?: string) => {
  sent.add(password);
  return asGateway(
    '/api/content/v2/authentication',
    { emailAddress, method: 'password', password },
    client,
  );
};

async function signedIn(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return createdConsoleSession.parse(JSON.parse(text));
}

async function refused(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as { reason?: string; message: string };
}

const hashOf = async (userId: number) =>
  (
    await platform.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = $1', [
      userId,
    ])
  )[0]!.h;

const meWith = (token: string) =>
  fetch(`${platform.url}/api/content/v2/users/me`, {
    headers: { 'X-SERVICE-Developer-Token': token },
  });

async function events(action: string, objectId?: string) {
  const search = new URLSearchParams({ action, limit: '200', ...(objectId ? { objectId } : {}) });
  const res = await platform.api(`/api/audit/v1/events?${search}`);
  expect(res.status).toBe(200);
  return auditEventPage.parse(await res.json()).events;
}

describe('password hashes', () => {
  it('are salted scrypt, self-describing, and checked against the password', async () => {
    const a = await hashPassword('one password for two hashes');
    const b = await hashPassword('one password for two hashes');
    expect(a).toMatch(SCRYPT_HASH);
    expect(a).not.toBe(b);
    expect(await checkPassword(a, 'one password for two hashes')).toEqual({ matches: true });
    expect(await checkPassword(b, 'one password for two hashes ')).toEqual({ matches: false });
    // Composed and decomposed accents are one password.
    const composed = await hashPassword('caf\u00e9 au lait, please');
    expect((await checkPassword(composed, 'cafe\u0301 au lait, please')).matches).toBe(true);
  });

  it('checks a legacy sha256 hash, handing back the scrypt hash that replaces it', async () => {
    const legacy = createHash('sha256').update('an old password').digest('hex');
    const right = await checkPassword(legacy, 'an old password');
    expect(right.matches).toBe(true);
    expect(right.rehash).toMatch(SCRYPT_HASH);
    expect((await checkPassword(right.rehash, 'an old password')).matches).toBe(true);
    expect(await checkPassword(legacy, 'not the old password')).toEqual({ matches: false });
  });

  it('checks against a stand-in when there is no user or no readable hash, and never matches', async () => {
    const standIn = await hashPassword('no user has this email address');
    expect((await checkPassword(standIn, 'no user has this email address')).matches).toBe(true);
    // The stand-in's own password does not match "no user".
    expect(await checkPassword(undefined, 'no user has this email address')).toEqual({
      matches: false,
    });
    for (const unreadable of [
      '',
      'scrypt$1048576$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA',
      'plain text',
    ])
      expect(await checkPassword(unreadable, unreadable)).toEqual({ matches: false });
  });

  it('are what the seed writes: one scrypt hash, with its own salt, per sample user', async () => {
    const rows = await platform.db.query<{ h: string }>(
      'SELECT password_hash AS h FROM users WHERE id = ANY($1::int[])',
      [Object.values(sampleUserIds)],
    );
    expect(rows).toHaveLength(5);
    for (const { h } of rows) expect(h).toMatch(SCRYPT_HASH);
    expect(new Set(rows.map((r) => r.h)).size).toBe(5);
  });

  it('replaces a legacy hash at the sign-in that proves it, and keeps it after a wrong one', async () => {
    const legacy = (password: string) => createHash('sha256').update(password).digest('hex');
    await platform.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      sampleUserIds.eve,
      legacy('eve’s password from before'),
    ]);
    await platform.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      sampleUserIds.ben,
      legacy('ben’s password from before'),
    ]);

    expect(
      (await refused(await consoleSignIn('eve@example.com', 'not it at all'), 401)).reason,
    ).toBe('INVALID_CREDENTIALS');
    expect(await hashOf(sampleUserIds.eve)).toBe(legacy('eve’s password from before'));

    await signedIn(await consoleSignIn('eve@example.com', 'eve’s password from before'));
    expect(await hashOf(sampleUserIds.eve)).toMatch(SCRYPT_HASH);
    await signedIn(await consoleSignIn('eve@example.com', 'eve’s password from before'));

    // The session tokens' sign-in (spec 5.7) upgrades too.
    const res = await sessionSignIn('ben@example.com', 'ben’s password from before');
    expect(res.status).toBe(200);
    authenticationResult.parse(await res.json());
    expect(await hashOf(sampleUserIds.ben)).toMatch(SCRYPT_HASH);
    expect((await sessionSignIn('ben@example.com', 'ben’s password from before')).status).toBe(200);
  });

  it('answers an unknown email as a wrong password, after checking it against the stand-in', async () => {
    const unknown = await refused(
      await consoleSignIn('nobody@example.com', 'some long password'),
      401,
    );
    const wrong = await refused(
      await consoleSignIn('chloe@example.com', 'some long password'),
      401,
    );
    expect(consoleSessionRefusal.parse(unknown).reason).toBe('INVALID_CREDENTIALS');
    expect(unknown).toEqual(wrong);
  });
});

describe('PUT /api/access/v1/users/{id}/password', () => {
  it('lets an Admin set anyone’s: the new one signs in, the former one no longer', async () => {
    const res = await setPassword('ada', sampleUserIds.chloe, {
      password: 'chloe’s first real one',
    });
    expect(res.status, await res.text()).toBe(204);
    expect(await hashOf(sampleUserIds.chloe)).toMatch(SCRYPT_HASH);
    const chloe = await signedIn(
      await consoleSignIn('chloe@example.com', 'chloe’s first real one'),
    );
    expect(chloe.user.id).toBe(sampleUserIds.chloe);
    expect(
      (await refused(await consoleSignIn('chloe@example.com', SAMPLE_PASSWORD), 401)).reason,
    ).toBe('INVALID_CREDENTIALS');
    // For their own, an Admin proves it with the current one like anyone.
    expect(
      (
        await refused(
          await setPassword('ada', sampleUserIds.ada, { password: 'ada’s own real password' }),
          403,
        )
      ).reason,
    ).toBe('INVALID_CREDENTIALS');
    expect(
      (
        await setPassword('ada', sampleUserIds.ada, {
          password: 'ada’s own real password',
          currentPassword: SAMPLE_PASSWORD,
        })
      ).status,
    ).toBe(204);
    expect((await setPassword('ada', 999_999, { password: 'nobody’s password here' })).status).toBe(
      404,
    );
  });

  it('lets a person set their own only with their current password right', async () => {
    await setPassword('ada', sampleUserIds.dev, { password: 'dev’s password, set by Ada' });
    const missing = await refused(
      await setPassword('dev', sampleUserIds.dev, { password: 'dev’s very own password' }),
      403,
    );
    expect(missing.reason).toBe('INVALID_CREDENTIALS');
    const wrong = await refused(
      await setPassword('dev', sampleUserIds.dev, {
        password: 'dev’s very own password',
        currentPassword: 'not the one Ada set',
      }),
      403,
    );
    expect(wrong.reason).toBe('INVALID_CREDENTIALS');
    expect(wrong.message).toMatch(/currentPassword/);
    const right = await setPassword('dev', sampleUserIds.dev, {
      password: 'dev’s very own password',
      currentPassword: 'dev’s password, set by Ada',
    });
    expect(right.status, await right.text()).toBe(204);
    await signedIn(await consoleSignIn('dev@example.com', 'dev’s very own password'));
    await refused(await consoleSignIn('dev@example.com', 'dev’s password, set by Ada'), 401);
  });

  it('refuses anyone else with 403 before reading the body', async () => {
    for (const body of [{ password: 'chloe sets eve’s password' }, { nonsense: true }]) {
      const res = await refused(await setPassword('chloe', sampleUserIds.eve, body), 403);
      expect(messageError.parse(res).message).toBe(
        "You need the Admin role to set another user's password",
      );
    }
    // Ben holds the Workflow API grant, which manages tokens, not people.
    expect(
      (await setPassword('ben', sampleUserIds.ada, { password: 'ben takes over ada' })).status,
    ).toBe(403);
    expect(
      (await setPassword('chloe', 999_999, { password: 'a password for nobody' })).status,
    ).toBe(403);
  });

  it('answers a password that breaks a rule with 400 naming it', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ password: 'elevenchars' }, /^password: at least 12 characters$/],
      [{ password: 'x'.repeat(1025) }, /^password: at most 1024 characters$/],
      [{}, /^password: /],
      [{ password: 12345678901234 }, /^password: /],
    ];
    const before = await hashOf(sampleUserIds.eve);
    for (const [body, message] of cases) {
      const res = await refused(await setPassword('ada', sampleUserIds.eve, body), 400);
      expect(res.message).toMatch(message);
    }
    // Long enough, but the person's own email (whatever its case and spaces) or published.
    await platform.db.query('UPDATE users SET email_address = $2 WHERE id = $1', [
      sampleUserIds.eve,
      'eve.editor@example.com',
    ]);
    try {
      const email = await refused(
        await setPassword('ada', sampleUserIds.eve, { password: ' Eve.Editor@Example.com ' }),
        400,
      );
      expect(email.message).toBe('password: not the person’s email address: choose another');
    } finally {
      await platform.db.query('UPDATE users SET email_address = $2 WHERE id = $1', [
        sampleUserIds.eve,
        'eve@example.com',
      ]);
    }
    // 'console-demo' is 12 characters: the length rule passes it, the sample rule does not.
    const sample = await refused(
      await setPassword('ada', sampleUserIds.eve, { password: SAMPLE_PASSWORD }),
      400,
    );
    expect(sample.message).toBe(
      'password: not the sample password, which the README publishes: choose another',
    );
    expect(await hashOf(sampleUserIds.eve)).toBe(before);
  });

  it('ends the person’s console sessions and session tokens; their other tokens stay', async () => {
    await setPassword('ada', sampleUserIds.ben, { password: 'ben before the change' });
    const console1 = await signedIn(
      await consoleSignIn('ben@example.com', 'ben before the change'),
    );
    const console2 = await signedIn(
      await consoleSignIn('ben@example.com', 'ben before the change'),
    );
    const session = authenticationResult.parse(
      await (await sessionSignIn('ben@example.com', 'ben before the change')).json(),
    ).sessionToken;
    const schema = (token: string) =>
      fetch(`${platform.url}/api/query/v1/datasources/${SALES_DATASET_ID}/schema/indexed`, {
        headers: { 'x-service-authentication': token },
      });
    expect((await meWith(console1.developerToken)).status).toBe(200);
    expect((await schema(session)).status).toBe(200);

    expect(
      (await setPassword('ada', sampleUserIds.ben, { password: 'ben after the change' })).status,
    ).toBe(204);
    for (const token of [console1.developerToken, console2.developerToken])
      expect((await meWith(token)).status).toBe(401);
    expect((await schema(session)).status).toBe(401);
    // A token an Admin minted for Ben is no sign-in: it stays.
    expect((await meWith(as.tokens.ben)).status).toBe(200);

    // Setting one's own ends every console session of one's own too.
    const mine = await signedIn(await consoleSignIn('ben@example.com', 'ben after the change'));
    const own = await setPassword('ben', sampleUserIds.ben, {
      password: 'ben chose this one',
      currentPassword: 'ben after the change',
    });
    expect(own.status, await own.text()).toBe(204);
    expect((await meWith(mine.developerToken)).status).toBe(401);
  });

  it('records user.password-changed with the actor and the person, and no password anywhere', async () => {
    await setPassword('ada', sampleUserIds.eve, { password: 'eve’s audited password' });
    const [byAdmin] = await events('user.password-changed', String(sampleUserIds.eve));
    expect(byAdmin).toMatchObject({
      actor: { id: sampleUserIds.ada },
      object: { type: 'user', id: String(sampleUserIds.eve), name: 'Eve Exporter' },
      changes: {},
    });
    await setPassword('eve', sampleUserIds.eve, {
      password: 'eve’s second audited one',
      currentPassword: 'eve’s audited password',
    });
    const [own] = await events('user.password-changed', String(sampleUserIds.eve));
    expect(own).toMatchObject({
      actor: { id: sampleUserIds.eve },
      object: { id: String(sampleUserIds.eve) },
    });

    const rows = await platform.db.query<{ row: string }>(
      'SELECT row_to_json(e)::text AS row FROM audit_events e',
    );
    const everything = rows.map((r) => r.row).join('\n');
    expect(sent).toContain('eve’s second audited one');
    for (const password of sent) expect(everything).not.toContain(password);
  });
});

describe('the sample password', () => {
  it('is refused from another machine, whoever’s email, and recorded with its reason', async () => {
    await platform.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      sampleUserIds.eve,
      await hashPassword(SAMPLE_PASSWORD),
    ]);
    for (const email of ['eve@example.com', 'nobody@example.com']) {
      const body = await refused(await consoleSignIn(email, SAMPLE_PASSWORD, FAR_AWAY), 401);
      expect(consoleSessionRefusal.parse(body)).toEqual({
        reason: 'SAMPLE_PASSWORD',
        message: SAMPLE_REFUSAL,
      });
    }
    const [event] = await events('user.sign-in-refused', String(sampleUserIds.eve));
    expect(event).toMatchObject({
      actor: { id: sampleUserIds.eve },
      changes: {
        emailAddress: { after: 'eve@example.com' },
        reason: { after: 'SAMPLE_PASSWORD' },
      },
      clientAddress: FAR_AWAY,
    });
    // Nor does it get a session token from afar.
    const session = await refused(
      await sessionSignIn('eve@example.com', SAMPLE_PASSWORD, FAR_AWAY),
      401,
    );
    expect(authenticationError.parse(session)).toEqual({
      reason: 'SAMPLE_PASSWORD',
      message: SAMPLE_REFUSAL,
    });
    // A real password signs in from there.
    await setPassword('ada', sampleUserIds.eve, { password: 'eve signs in from afar' });
    await signedIn(await consoleSignIn('eve@example.com', 'eve signs in from afar', FAR_AWAY));
  });

  it('signs in from the console’s own machine, as each loopback address names it', async () => {
    await platform.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      sampleUserIds.ada,
      await hashPassword(SAMPLE_PASSWORD),
    ]);
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1', undefined])
      await signedIn(await consoleSignIn('ada@example.com', SAMPLE_PASSWORD, local));
    expect((await sessionSignIn('ada@example.com', SAMPLE_PASSWORD, '127.0.0.1')).status).toBe(200);
    // An address the gateway did not sign is not believed: the connection's (loopback) counts.
    const unsigned = await platform.api('/api/access/v1/console-sessions', {
      method: 'POST',
      headers: {
        'X-SERVICE-Developer-Token': platform.tokens.developer,
        'content-type': 'application/json',
        'x-forwarded-for': FAR_AWAY,
      },
      body: JSON.stringify({
        emailAddress: 'ada@example.com',
        method: 'password',
        password: SAMPLE_PASSWORD,
      }),
    });
    expect(unsigned.status).toBe(201);
  });

  it('proves a person’s own current password only from the console’s own machine', async () => {
    await platform.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      sampleUserIds.chloe,
      await hashPassword(SAMPLE_PASSWORD),
    ]);
    const far = await platform.api(`/api/access/v1/users/${sampleUserIds.chloe}/password`, {
      method: 'PUT',
      headers: {
        'X-SERVICE-Developer-Token': as.tokens.chloe,
        'content-type': 'application/json',
        'x-forwarded-for': FAR_AWAY,
        [FORWARDED_FOR_SIGNATURE]: signForwardedFor(platform.tokens.developer, FAR_AWAY),
      },
      body: JSON.stringify({ password: 'chloe from afar', currentPassword: SAMPLE_PASSWORD }),
    });
    expect(await refused(far, 403)).toEqual({ reason: 'SAMPLE_PASSWORD', message: SAMPLE_REFUSAL });
    const near = await setPassword('chloe', sampleUserIds.chloe, {
      password: 'chloe from her desk',
      currentPassword: SAMPLE_PASSWORD,
    });
    expect(near.status).toBe(204);
  });
});
