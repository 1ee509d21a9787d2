import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PASSWORD } from '../../platform/seed/people';
import type { TestPlatform } from '../../platform/testing';
import { sampleUsers, startWithSampleUsers } from '../../platform/testing/users';
import { startGateway, type RunningGateway } from '../testing/support';
import { mappedPeople } from './people';
import { createTeam } from './team';

/**
 * Team mode before a real instance (here the embedded platform plays it): the instance checks the
 * password, and CONSOLE_PEOPLE_FILE, which an administrator keeps, maps each person to their own
 * tokens. A person without a line is refused, saying so.
 */
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
let folder: string;
let peopleFile: string;
const gateways: RunningGateway[] = [];

const writePeople = (people: unknown[]) =>
  writeFileSync(peopleFile, JSON.stringify({ people }), 'utf8');

async function teamGateway(secure: boolean) {
  const team = createTeam({
    mode: 'platform',
    db: platform.db,
    people: mappedPeople({ file: peopleFile, baseUrl: new URL(platform.url) }),
    idleMs: 60 * 60_000,
    secure,
  });
  const gateway = await startGateway({
    baseUrl: platform.url,
    apiUrl: platform.url,
    tokens: {},
    mode: 'remote',
    team,
  });
  gateways.push(gateway);
  return gateway;
}

const post = (gateway: RunningGateway, pathname: string, json: unknown) =>
  fetch(`http://${gateway.host}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
const get = (gateway: RunningGateway, pathname: string, cookie: string) =>
  fetch(`http://${gateway.host}${pathname}`, { headers: { cookie } });

/** Ben signs in with his right password: the cookie to send back (name=value). */
async function signInAsBen(gateway: RunningGateway) {
  const signedIn = await post(gateway, '/gateway/sign-in', {
    email: 'ben@example.com',
    password: SAMPLE_PASSWORD,
  });
  expect(signedIn.status).toBe(204);
  return (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
}

beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUsers));
  folder = mkdtempSync(path.join(os.tmpdir(), 'console-people-'));
  peopleFile = path.join(folder, 'people.json');
  writePeople([{ email: 'ben@example.com', name: 'Ben A.', developerToken: as.tokens.ben }]);
}, 60_000);
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await platform?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('team mode before a real instance', () => {
  it("acts with the person's own mapped token, refuses one without a line, and ends a session whose line is gone", async () => {
    const gateway = await teamGateway(false);
    const wrong = await post(gateway, '/gateway/sign-in', {
      email: 'ben@example.com',
      password: 'not his',
    });
    expect(wrong.status).toBe(401);

    const cookie = await signInAsBen(gateway);
    const me = await get(gateway, '/api/content/v2/users/me', cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { emailAddress: string }).emailAddress).toBe('ben@example.com');

    // Chloe's password is right, but nobody gave her credentials here.
    const unmapped = await post(gateway, '/gateway/sign-in', {
      email: 'chloe@example.com',
      password: SAMPLE_PASSWORD,
    });
    expect(unmapped.status).toBe(403);
    expect(((await unmapped.json()) as { message: string }).message).toBe(
      'No platform credentials are configured for chloe@example.com: an administrator adds them to CONSOLE_PEOPLE_FILE',
    );

    // The administrator takes Ben's line out: his next request ends his session, saying why.
    writePeople([]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await get(gateway, '/api/content/v2/users/me', cookie);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toMatch(
      /^No platform credentials are configured for ben@example\.com any more/,
    );
    writePeople([{ email: 'ben@example.com', name: 'Ben A.', developerToken: as.tokens.ben }]);
  });

  it('keeps a session whose line lacks the token a request takes, saying which', async () => {
    const gateway = await teamGateway(false);
    const cookie = await signInAsBen(gateway);
    // Ben's line has no access token, which workflows take: the platform refuses the request.
    const workflows = await get(gateway, '/v1/workflows', cookie);
    expect(workflows.status).toBe(401);
    const body = (await workflows.json()) as { message: string; signIn?: string };
    expect(body.message).toBe(
      'The platform refused this request: it takes the access token, and your sign-in carries none',
    );
    expect(body.signIn).toBeUndefined();
    // His credentials were not refused: he is still signed in.
    expect((await get(gateway, '/api/content/v2/users/me', cookie)).status).toBe(200);
  });

  it('names the cookie __Host- and marks it Secure when the console is served over https', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const gateway = await teamGateway(true);
    const signedIn = await post(gateway, '/gateway/sign-in', {
      email: 'ben@example.com',
      password: SAMPLE_PASSWORD,
    });
    expect(signedIn.status).toBe(204);
    const setCookie = signedIn.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^__Host-console-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure/,
    );
  });
});
