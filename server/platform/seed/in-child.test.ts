import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestPlatform, testFolder, type TestFolder } from '../testing';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { seedEnvironment, seedInChild } from './in-child';
import { isSeeded } from './seeded';

/**
 * A user's first start writes the sample data in a short-lived process of its own
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

  it('gives the seed process what Node and PostgreSQL read, never the platform’s tokens or keys', () => {
    const store = { dataDir: '/data', databaseUrl: undefined };
    const env = seedEnvironment(
      {
        PATH: '/usr/bin',
        HOME: '/home/u',
        NODE_OPTIONS: '--max-old-space-size=512',
        LC_ALL: 'C.UTF-8',
        TZ: 'UTC',
        PGSSLMODE: 'require',
        PGPASSWORD: 'from-libpq',
        PLATFORM_DEVELOPER_TOKEN: 'developer-secret',
        PLATFORM_ACCESS_TOKEN: 'access-secret',
        OPENAI_API_KEY: 'sk-secret',
        AWS_SECRET_ACCESS_KEY: 'aws-secret',
        FILE_STORE_S3_SECRET_ACCESS_KEY: 's3-secret',
      },
      store,
    );
    expect(Object.keys(env).sort()).toEqual(
      [
        'HOME',
        'LC_ALL',
        'NODE_OPTIONS',
        'PATH',
        'PGPASSWORD',
        'PGSSLMODE',
        'PLATFORM_SEED_STORE',
        'TZ',
      ].sort(),
    );
    expect(JSON.parse(env.PLATFORM_SEED_STORE!)).toEqual({ dataDir: '/data' });
    expect(JSON.stringify(env)).not.toMatch(
      /developer-secret|access-secret|sk-secret|aws-secret|s3-secret/,
    );
  });

  it('names why a seed process died before it could say so itself, without its stack', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-entry-'));
    try {
      const entry = path.join(dir, 'broken-seed.mjs');
      fs.writeFileSync(entry, "import 'no-such-seed-package';\n");
      const failed = seedInChild({ dataDir: dir }, () => undefined, pathToFileURL(entry));
      await expect(failed).rejects.toThrow(
        /^the sample data could not be written: the seed process exited \(1\): Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'no-such-seed-package'/,
      );
      const reason = await failed.catch((error: Error) => error.message);
      expect(reason).not.toContain('\n');
      expect(reason).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
