import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageError } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { nextGrantsChange } from './grant-cache';
import { sampleUserIds } from '../testing/users';
import { mintToken } from './token-repository';

// /v1 checks the Workflow API grant from memory, and a change of what a user holds
// is seen by the next request at once: through the security area (a role's grants, a user's
// role) and through raw SQL. On PGlite, and on PostgreSQL when DATABASE_URL is set.
let platform: TestPlatform;
const tokens: Record<'ben' | 'dev', string> = { ben: '', dev: '' };

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const who of ['ben', 'dev'] as const)
    tokens[who] = (
      await mintToken(platform.db, { userId: sampleUserIds[who], name: who, kind: 'access' })
    ).value;
}, 120_000);
afterAll(() => platform?.close());

/** A /v1 call as `who` (Ben is Privileged, Dev a Participant): its status. */
async function v1As(who: 'ben' | 'dev') {
  const res = await fetch(`${platform.url}/v1/workflows`, {
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
  if (res.status === 403)
    expect(messageError.parse(await res.json()).message).toMatch(/lacks the Workflow API grant/);
  else await res.body?.cancel();
  return res.status;
}

const put = async (path: string, json: unknown) => {
  const res = await platform.api(path, { method: 'PUT', json });
  expect(res.status, await res.text()).toBe(200);
};

describe('grant checks kept in memory', () => {
  it("a role's grants taken away refuse its members' next /v1 call; given back, allow it", async () => {
    for (let round = 0; round < 3; round++) {
      expect(await v1As('ben')).toBe(200);
      expect(await v1As('ben')).toBe(200);
      await put('/api/access/v1/roles/Privileged/grants', { grants: [] });
      expect(await v1As('ben')).toBe(403);
      await put('/api/access/v1/roles/Privileged/grants', { grants: ['Workflow API'] });
      expect(await v1As('ben')).toBe(200);
    }
  });

  it("a user's role changed decides their next /v1 call", async () => {
    for (let round = 0; round < 3; round++) {
      expect(await v1As('ben')).toBe(200);
      await put(`/api/access/v1/users/${sampleUserIds.ben}/role`, { role: 'Editor' });
      expect(await v1As('ben')).toBe(403);
      await put(`/api/access/v1/users/${sampleUserIds.ben}/role`, { role: 'Privileged' });
      expect(await v1As('ben')).toBe(200);
    }
  });

  it('a grant given or taken with raw SQL decides the next /v1 call', async () => {
    // PostgreSQL tells this process through its LISTEN connection, a little after the commit;
    // PGlite before the statement's answer (so `changed` has resolved when it returns).
    const wait = platform.db.kind === 'postgres';
    for (let round = 0; round < 3; round++) {
      expect(await v1As('dev')).toBe(403);
      let changed = nextGrantsChange(platform.db);
      await platform.db.query(
        `INSERT INTO user_grants (user_id, grant_name) VALUES ($1, 'Workflow API')`,
        [sampleUserIds.dev],
      );
      if (wait) await changed;
      expect(await v1As('dev')).toBe(200);
      changed = nextGrantsChange(platform.db);
      await platform.db.query('DELETE FROM user_grants WHERE user_id = $1', [sampleUserIds.dev]);
      if (wait) await changed;
      expect(await v1As('dev')).toBe(403);
    }
  });
});
