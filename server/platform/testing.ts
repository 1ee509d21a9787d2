import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../config';
import { startEmbeddedPlatform, type PlatformOptions } from './server';
import { openStore, type Db } from './store';
import type { EmbeddedPlatform } from './types';

export interface TestPlatform extends EmbeddedPlatform {
  dataDir: string;
  /** The platform's store, for what a test sets up directly (such as minted access tokens). */
  db: Db;
  /** fetch against the platform with the developer token (or `headers` as given). */
  api(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/** A store's place for one test: a temporary DATA_DIR and, with DATABASE_URL, a schema of its own. */
export interface TestFolder {
  dataDir: string;
  databaseUrl: string | undefined;
  schema: string | undefined;
  /** The store on this folder (migrated, not seeded). */
  openStore(): Promise<Db>;
  /** Drops the schema (PostgreSQL) and deletes the folder. */
  remove(): Promise<void>;
}

/** A fresh folder (and schema): test files may run side by side on one PostgreSQL. */
export function testFolder(prefix = 'platform-test-'): TestFolder {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;
  const open = () => openStore({ dataDir, databaseUrl, schema });
  return {
    dataDir,
    databaseUrl,
    schema,
    openStore: open,
    async remove() {
      if (schema) {
        const admin = await open();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A store on a fresh folder, for tests below the platform; its close() removes the folder. */
export async function openTestStore(prefix?: string): Promise<Db> {
  const folder = testFolder(prefix);
  const db = await folder.openStore();
  return {
    ...db,
    async close() {
      if (folder.schema) await db.query(`DROP SCHEMA ${folder.schema} CASCADE`);
      await db.close();
      fs.rmSync(folder.dataDir, { recursive: true, force: true });
    },
  };
}

/** A job row of kind `test` (what a staged write is tied to), in `status`; answers its id. */
export async function testJob(db: Db, status = 'running'): Promise<string> {
  const id = `test-job-${randomUUID()}`;
  await db.query(`INSERT INTO jobs (id, kind, payload, status) VALUES ($1, 'test', '{}', $2)`, [
    id,
    status,
  ]);
  return id;
}

/**
 * A platform on a fresh temporary DATA_DIR (or on `folder`, which then outlives it: a restart
 * test starts a second platform there and removes the folder itself). With DATABASE_URL set, the
 * store is that PostgreSQL server, in a schema of its own, so test files may run side by side.
 */
export async function startTestPlatform(
  options: Partial<Omit<PlatformOptions, 'config'>> & {
    env?: Record<string, string>;
    folder?: TestFolder;
  } = {},
): Promise<TestPlatform> {
  const { folder = testFolder(), env, ...rest } = options;
  const config = readConfig({
    DATA_DIR: folder.dataDir,
    PLATFORM_DEVELOPER_TOKEN: 'test-developer-token',
    PLATFORM_SESSION_TOKEN: 'test-session-token',
    PLATFORM_ACCESS_TOKEN: 'test-access-token',
    ...(folder.databaseUrl ? { DATABASE_URL: folder.databaseUrl } : {}),
    ...env,
  });
  const platform = await startEmbeddedPlatform({ schema: folder.schema, ...rest, config });
  return {
    ...platform,
    dataDir: folder.dataDir,
    api(pathname, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('X-SERVICE-Developer-Token') && !init.headers)
        headers.set('X-SERVICE-Developer-Token', platform.tokens.developer);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      return fetch(platform.url + pathname, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
    },
    async close() {
      await platform.close();
      if (!options.folder) fs.rmSync(folder.dataDir, { recursive: true, force: true });
    },
  };
}
