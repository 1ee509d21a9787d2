import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../config';
import { startEmbeddedPlatform, type PlatformOptions } from '../server';
import { openStore, type Db } from '../store';
import type { Services } from '../services';
import type { EmbeddedPlatform } from '../types';
import { databaseUrlOf, onServer, runTemplates, type TemplateKind } from './templates';

export interface TestPlatform extends EmbeddedPlatform {
  dataDir: string;
  /** The platform's services, for tests of the services themselves (the refusal table). */
  services: Services;
  /** The platform's store, for what a test sets up directly (such as minted access tokens). */
  db: Db;
  /** fetch against the platform with the developer token (or `headers` as given). */
  api(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/**
 * A store's place for one test: a temporary DATA_DIR and, with DATABASE_URL, a database of its
 * own on that server, so test files may run side by side.
 */
export interface TestFolder {
  dataDir: string;
  databaseUrl: string | undefined;
  schema: string | undefined;
  /** The store on this folder (migrated; seeded too when the folder was copied from `seeded`). */
  openStore(): Promise<Db>;
  /** Makes the folder's store (a copy of its template, or an empty database); once. */
  prepare(): Promise<void>;
  /** Drops the database (PostgreSQL) and deletes the folder. */
  remove(): Promise<void>;
}

/**
 * A fresh folder, empty or a copy of this run's `from` template (testing/templates.ts): a copy
 * opens already migrated (and seeded), as a store made from nothing would after its first start.
 */
export function testFolder(prefix = 'platform-test-', from?: TemplateKind): TestFolder {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const serverUrl = process.env.DATABASE_URL || undefined;
  const templates = runTemplates();
  const database = serverUrl ? `t_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;
  const databaseUrl = serverUrl && database ? databaseUrlOf(serverUrl, database) : undefined;
  let prepared: Promise<void> | undefined;
  const prepare = () =>
    (prepared ??= (async () => {
      if (serverUrl) {
        const template = from && templates.postgres?.databases[from];
        await onServer(
          serverUrl,
          `CREATE DATABASE ${database}${template ? ` TEMPLATE ${template}` : ''}`,
        );
      } else if (from && templates.pglite) {
        fs.cpSync(path.join(templates.pglite[from], 'pglite'), path.join(dataDir, 'pglite'), {
          recursive: true,
        });
      }
    })());
  return {
    dataDir,
    databaseUrl,
    schema: undefined,
    prepare,
    async openStore() {
      await prepare();
      return openStore({ dataDir, databaseUrl });
    },
    async remove() {
      if (serverUrl && prepared)
        await onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A folder for `openPglite` alone: a copy of the run's migrated cluster (its tables unused), so a
 * test of the store's own behaviour does not make a cluster (initdb) each time; empty without one.
 */
export function pgliteFolder(prefix = 'pglite-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = runTemplates().pglite?.migrated;
  if (template) fs.cpSync(path.join(template, 'pglite'), dir, { recursive: true });
  return dir;
}

/** A migrated (or seeded) store on a fresh folder, for tests below the platform; close() removes it. */
export async function openTestStore(prefix?: string, from: TemplateKind = 'migrated'): Promise<Db> {
  const folder = testFolder(prefix, from);
  const db = await folder.openStore();
  return {
    ...db,
    async close() {
      await db.close();
      await folder.remove();
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

/** The template a platform of these options would make of an empty store on its first start. */
function templateFor(options: { seed?: boolean; seedIn?: string }): TemplateKind | undefined {
  if (options.seedIn === 'child') return undefined; // what is tested is the seeding itself
  return options.seed === false ? 'migrated' : 'seeded';
}

/**
 * A platform on a fresh temporary DATA_DIR (or on `folder`, which then outlives it: a restart
 * test starts a second platform there and removes the folder itself). With DATABASE_URL set, the
 * store is that PostgreSQL server, in a database of its own, so test files may run side by side.
 */
export async function startTestPlatform(
  options: Partial<Omit<PlatformOptions, 'config'>> & {
    env?: Record<string, string>;
    folder?: TestFolder;
  } = {},
): Promise<TestPlatform> {
  const { folder = testFolder('platform-test-', templateFor(options)), env, ...rest } = options;
  await folder.prepare();
  const config = readConfig({
    DATA_DIR: folder.dataDir,
    PLATFORM_DEVELOPER_TOKEN: 'test-developer-token',
    PLATFORM_SESSION_TOKEN: 'test-session-token',
    PLATFORM_ACCESS_TOKEN: 'test-access-token',
    ...(folder.databaseUrl ? { DATABASE_URL: folder.databaseUrl } : {}),
    ...env,
  });
  const platform = await startEmbeddedPlatform({ ...rest, config });
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
      if (!options.folder) await folder.remove();
    },
  };
}
