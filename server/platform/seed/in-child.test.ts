import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestPlatform, testFolder, type TestFolder } from '../testing';
import { isSeeded } from './seeded';

/**
 * Issue 26 §4: a user's first start writes the sample data in a short-lived process of its own
 * (`seedIn: 'child'`), from the sources here through tsx (`npm run dev`, `npm run platform`); the
 * bundle's own entry is tested in scripts/build-server.test.ts.
 */
const SEEDED_BY = /sample data written by a seed process \(pid (\d+),/;
const people = JSON.parse(
  fs.readFileSync(new URL('./data/people.json', import.meta.url), 'utf8'),
) as { users: unknown[]; groups: { id: number }[] };
const sampleGroup = people.groups[0]!.id;

const open: Array<{ close(): Promise<void> } | TestFolder> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse())
    await ('remove' in item ? item.remove() : item.close());
});

describe('seeding in a seed process', () => {
  it('writes the sample data in another process before this one serves it', async () => {
    const lines: string[] = [];
    const platform = await startTestPlatform({ seedIn: 'child', log: (l) => lines.push(l) });
    open.push(platform);
    const pid = Number(SEEDED_BY.exec(lines.join('\n'))?.[1]);
    expect(pid, lines.join('\n')).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(await isSeeded(platform.db)).toBe(true);
    const users = await platform.api('/api/access/v1/users');
    expect(users.status).toBe(200);
    expect(((await users.json()) as unknown[]).length).toBeGreaterThan(1);
  }, 60_000);

  it('fails the start with the seed process’s reason, writing nothing, and seeds on the next start', async () => {
    // A store that is migrated but not seeded, holding a row the seed's own would collide with
    // (written after the sample users, in the same transaction).
    const folder = testFolder('seed-child-');
    open.push(folder);
    const db = await folder.openStore();
    const users = async (store: typeof db) =>
      (await store.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;
    const before = await users(db);
    await db.query('INSERT INTO user_groups (id, name) VALUES ($1, $2)', [sampleGroup, 'taken']);
    await db.close();

    const failed = startTestPlatform({ seedIn: 'child', folder });
    await expect(failed).rejects.toThrow(
      /^the sample data could not be written: .*duplicate key value violates unique constraint/,
    );
    const reason = await failed.catch((error: Error) => error.message);
    expect(reason).not.toContain(folder.dataDir);
    expect(reason).not.toContain('\n');

    const again = await folder.openStore();
    try {
      expect(await isSeeded(again)).toBe(false);
      expect(await users(again)).toBe(before);
      await again.query('DELETE FROM user_groups WHERE id = $1', [sampleGroup]);
    } finally {
      await again.close();
    }

    const lines: string[] = [];
    const platform = await startTestPlatform({
      seedIn: 'child',
      folder,
      log: (l) => lines.push(l),
    });
    open.push(platform);
    expect(lines.join('\n')).toMatch(SEEDED_BY);
    expect(await isSeeded(platform.db)).toBe(true);
  }, 90_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: two platforms starting together on an empty database seed it once',
    async () => {
      const folder = testFolder('seed-child-');
      open.push(folder);
      // The test's schema made first (two `CREATE SCHEMA IF NOT EXISTS` at once may collide);
      // migrated, not seeded.
      await (await folder.openStore()).close();
      const lines: string[] = [];
      const started = await Promise.all(
        [0, 1].map(() => startTestPlatform({ seedIn: 'child', folder, log: (l) => lines.push(l) })),
      );
      open.push(...started);
      // Each ran a seed process; the seed's lock let one write and the other find it written.
      expect(lines.filter((l) => SEEDED_BY.test(l))).toHaveLength(2);
      const [row] = await started[0]!.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users',
      );
      expect(row?.n).toBe(people.users.length);
    },
    60_000,
  );
});
