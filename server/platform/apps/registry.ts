import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { appId as appIdSchema, appManifest, type AppManifest } from '../../../src/api/contract';
import { badRequest, notFound } from '../core/errors';
import type { Queryable } from '../store';
import { manifestsVersion, registeredApps as registeredRows } from './repository';

/** A declared app: a manifest file under `DATA_DIR/apps/<id>/`, or one registered by the API. */
export interface DeclaredApp {
  id: string;
  source: 'file' | 'api';
  manifest?: AppManifest;
  problem?: string;
  /** Who registered it (an Admin); none for a manifest file. */
  declaredBy: number | null;
}

/** A usable app: one whose manifest could be read. */
export type UsableApp = DeclaredApp & { manifest: AppManifest };

export const MAX_MANIFEST_BYTES = 64 * 1024;
const MAX_APPS = 200;

/** Why a manifest cannot be used, naming the field (never a file-system path). */
export function manifestProblem(id: string, raw: unknown): string | undefined {
  const parsed = appManifest.safeParse(raw);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return `The manifest of app ${id} is malformed: ${where}${issue?.message ?? 'invalid'}`;
}

const declared = (
  id: string,
  source: DeclaredApp['source'],
  raw: unknown,
  declaredBy: number | null,
): DeclaredApp => {
  const problem = manifestProblem(id, raw);
  return problem
    ? { id, source, problem, declaredBy }
    : { id, source, manifest: appManifest.parse(raw), declaredBy };
};

async function readManifestFile(file: string, id: string, size: number): Promise<DeclaredApp> {
  if (size > MAX_MANIFEST_BYTES)
    return {
      id,
      source: 'file',
      problem: `The manifest of app ${id} is larger than 64 KiB`,
      declaredBy: null,
    };
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return {
      id,
      source: 'file',
      problem: `The manifest of app ${id} is not valid JSON`,
      declaredBy: null,
    };
  }
  return declared(id, 'file', raw, null);
}

/**
 * Every declared app, kept in memory until one changes: the registered ones are read again when
 * the store's version of them moved (a write in any process bumps it), a manifest file when its
 * size or times changed. A call costs one small statement and a `stat` per manifest file.
 */
export class DeclaredApps {
  #version: number | undefined;
  #registered: DeclaredApp[] = [];
  readonly #files = new Map<string, { stamp: string; app: DeclaredApp }>();

  constructor(
    private readonly db: Queryable,
    private readonly dataDir: string,
  ) {}

  /** Every declared app, by id; a manifest file wins over a registration of the same id. */
  async all(): Promise<DeclaredApp[]> {
    const [files, registered] = await Promise.all([this.#fileApps(), this.#registeredApps()]);
    const byId = new Map<string, DeclaredApp>();
    for (const app of [...registered, ...files]) byId.set(app.id, app);
    return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  async #registeredApps(): Promise<DeclaredApp[]> {
    // Read before the rows: a write between the two is seen again at the next call.
    const version = await manifestsVersion(this.db);
    if (version !== this.#version) {
      const rows = await registeredRows(this.db, MAX_APPS);
      this.#registered = rows.map((row) => declared(row.id, 'api', row.manifest, row.declared_by));
      this.#version = version;
    }
    return this.#registered;
  }

  async #fileApps(): Promise<DeclaredApp[]> {
    const dir = path.join(this.dataDir, 'apps');
    const names = await readdir(dir).catch(() => [] as string[]);
    const ids = names
      .filter((name) => appIdSchema.safeParse(name).success)
      .sort()
      .slice(0, MAX_APPS);
    const apps = await Promise.all(ids.map((id) => this.#fileApp(dir, id)));
    for (const id of this.#files.keys()) if (!ids.includes(id)) this.#files.delete(id);
    return apps.filter((app): app is DeclaredApp => app !== undefined);
  }

  async #fileApp(dir: string, id: string): Promise<DeclaredApp | undefined> {
    const file = path.join(dir, id, 'manifest.json');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      this.#files.delete(id);
      return undefined;
    }
    const stamp = `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
    const kept = this.#files.get(id);
    if (kept?.stamp === stamp) return kept.app;
    const app = await readManifestFile(file, id, info.size);
    this.#files.set(id, { stamp, app });
    return app;
  }
}

export const APP_HEADER = 'x-app-id';

/**
 * The app a call is for: the one the `X-App-Id` header names (the starter's dev server sets it),
 * or the only declared app. Its manifest must be usable.
 */
export function appOfCall(apps: readonly DeclaredApp[], named: string | undefined): UsableApp {
  let app: DeclaredApp | undefined;
  if (named) {
    app = apps.find((candidate) => candidate.id === named);
    if (!app)
      throw notFound(
        `No app ${named} is declared: put its manifest in DATA_DIR/apps/${appIdSchema.safeParse(named).success ? named : '<id>'}/manifest.json, or register it with PUT /api/apps/v1/apps/{id}`,
      );
  } else if (apps.length === 1) {
    app = apps[0];
  } else if (apps.length === 0) {
    throw notFound(
      'No app is declared: put a manifest in DATA_DIR/apps/<id>/manifest.json, or register one with PUT /api/apps/v1/apps/{id}',
    );
  } else {
    throw badRequest(
      `${apps.length} apps are declared (${apps.map((a) => a.id).join(', ')}): name one with the X-App-Id header`,
    );
  }
  if (!app?.manifest) throw badRequest(app?.problem ?? 'The app has no manifest');
  return { ...app, manifest: app.manifest };
}
