import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROCESS_TOKEN,
  startChild,
  startTwoProcesses,
  until,
  type Child,
  type TwoProcesses,
} from '../testing/processes';
import { sampleUserIds } from '../testing/users';
import { mintToken } from './token-repository';

/**
 * Each process keeps grants in memory; a change made through one process reaches the
 * other's memory through the database's NOTIFY (migration 195), so the other refuses within 1 s.
 * Only with DATABASE_URL (PGlite is one process).
 */
const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('grants changed on one of two processes on one PostgreSQL', () => {
  let two: TwoProcesses<Child> | undefined;
  let ben = '';

  beforeAll(async () => {
    two = await startTwoProcesses(databaseUrl!, 'grants', (url) =>
      startChild(url, { PLATFORM_ACCESS_TOKEN: 'grants-two-processes-access' }),
    );
    ben = (await mintToken(two.db, { userId: sampleUserIds.ben, name: 'ben', kind: 'access' }))
      .value;
  }, 120_000);
  afterAll(() => two?.close(), 60_000);

  const v1On = async (child: Child) => {
    const res = await fetch(`${child.url}/v1/workflows`, {
      headers: { authorization: `Bearer ${ben}` },
    });
    await res.body?.cancel();
    return res.status;
  };
  const setGrants = async (child: Child, grants: string[]) => {
    const res = await fetch(`${child.url}/api/access/v1/roles/Privileged/grants`, {
      method: 'PUT',
      headers: { 'X-SERVICE-Developer-Token': PROCESS_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ grants }),
    });
    expect(res.status, await res.text()).toBe(200);
  };
  /** How long `child` takes to answer /v1 with `status` (polled every 20 ms, at most 1 s). */
  const within1s = async (child: Child, status: number) => {
    const start = performance.now();
    for (;;) {
      if ((await v1On(child)) === status) return performance.now() - start;
      if (performance.now() - start > 1000) throw new Error(`not ${status} within 1 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('a grant taken away through one process is refused by the other within 1 s, and back', async () => {
    const { a, b } = two!;
    // Both processes have Ben's grants in memory.
    await until('both answer Ben', 10_000, async () =>
      (await v1On(a)) === 200 && (await v1On(b)) === 200 ? true : undefined,
    );
    for (let round = 0; round < 3; round++) {
      await setGrants(a, []);
      expect(await v1On(a)).toBe(403);
      expect(await within1s(b, 403)).toBeLessThan(1000);
      await setGrants(b, ['Workflow API']);
      expect(await v1On(b)).toBe(200);
      expect(await within1s(a, 200)).toBeLessThan(1000);
    }
  });
});
