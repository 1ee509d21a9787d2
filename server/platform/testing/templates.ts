import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore } from '../store';

/**
 * A store made once per test run and copied for each test file: `migrated` (every migration
 * applied) or `seeded` (and the sample data written). Migrating and seeding a fresh PGlite takes
 * about 4 s; copying its folder and opening the copy about 0.7 s. On PostgreSQL a copy is
 * `CREATE DATABASE … TEMPLATE`.
 */
export type TemplateKind = 'migrated' | 'seeded';

export interface StoreTemplates {
  /** PGlite: the folder holding each template's `pglite` folder. */
  pglite?: Record<TemplateKind, string>;
  /** PostgreSQL: the server's URL and each template's database name. */
  postgres?: { url: string; databases: Record<TemplateKind, string> };
}

/** The variable that names this run's templates to the test processes (JSON of StoreTemplates). */
export const TEMPLATES_ENV = 'PLATFORM_TEST_TEMPLATES';

/** This run's templates, when the run made them (a bench or a lone script has none). */
export function runTemplates(): StoreTemplates {
  const named = process.env[TEMPLATES_ENV];
  return named ? (JSON.parse(named) as StoreTemplates) : {};
}

const KINDS: TemplateKind[] = ['migrated', 'seeded'];

async function fill(kind: TemplateKind, options: { dataDir: string; databaseUrl?: string }) {
  const db = await openStore(options);
  try {
    if (kind === 'seeded') {
      const { seedIfEmpty } = await import('../seed');
      await seedIfEmpty(db);
    }
  } finally {
    await db.close();
  }
}

export const databaseUrlOf = (serverUrl: string, database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Runs `sql` on the server's maintenance connection (the database DATABASE_URL names). */
export async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Makes the templates of the database the run uses (PostgreSQL when `databaseUrl` is set). */
export async function makeTemplates(databaseUrl: string | undefined): Promise<StoreTemplates> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-test-templates-'));
  if (!databaseUrl) {
    const dirs = {} as Record<TemplateKind, string>;
    for (const kind of KINDS) {
      dirs[kind] = path.join(root, kind);
      await fill(kind, { dataDir: dirs[kind] });
    }
    return { pglite: dirs };
  }
  const run = randomUUID().replace(/-/g, '').slice(0, 12);
  const databases = {} as Record<TemplateKind, string>;
  for (const kind of KINDS) {
    databases[kind] = `template_${kind}_${run}`;
    await onServer(databaseUrl, `CREATE DATABASE ${databases[kind]}`);
    await fill(kind, {
      dataDir: path.join(root, kind),
      databaseUrl: databaseUrlOf(databaseUrl, databases[kind]),
    });
  }
  fs.rmSync(root, { recursive: true, force: true });
  return { postgres: { url: databaseUrl, databases } };
}

export async function removeTemplates(templates: StoreTemplates) {
  if (templates.pglite)
    fs.rmSync(path.dirname(templates.pglite.seeded), { recursive: true, force: true });
  if (templates.postgres)
    for (const database of Object.values(templates.postgres.databases))
      await onServer(templates.postgres.url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
