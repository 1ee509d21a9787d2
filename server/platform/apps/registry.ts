import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { appId as appIdSchema, appManifest, type AppManifest } from '../../../src/api/contract';
import type { PlatformDeps } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import type { Queryable } from '../store';

/** A declared app: a manifest file under `DATA_DIR/apps/<id>/`, or one registered by the API. */
export interface DeclaredApp {
  id: string;
  source: 'file' | 'api';
  manifest?: AppManifest;
  problem?: string;
}

const MAX_MANIFEST_BYTES = 64 * 1024;
const MAX_APPS = 200;

/** Why a manifest cannot be used, naming the field (never a file-system path). */
export function manifestProblem(id: string, raw: unknown): string | undefined {
  const parsed = appManifest.safeParse(raw);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return `The manifest of app ${id} is malformed: ${where}${issue?.message ?? 'invalid'}`;
}

async function readManifestFile(dir: string, id: string): Promise<DeclaredApp | undefined> {
  const file = path.join(dir, id, 'manifest.json');
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  if (info.size > MAX_MANIFEST_BYTES)
    return { id, source: 'file', problem: `The manifest of app ${id} is larger than 64 KiB` };
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return { id, source: 'file', problem: `The manifest of app ${id} is not valid JSON` };
  }
  const problem = manifestProblem(id, raw);
  return problem
    ? { id, source: 'file', problem }
    : { id, source: 'file', manifest: appManifest.parse(raw) };
}

async function fileApps(dataDir: string): Promise<DeclaredApp[]> {
  const dir = path.join(dataDir, 'apps');
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = names
    .filter((name) => appIdSchema.safeParse(name).success)
    .sort()
    .slice(0, MAX_APPS);
  const apps = await Promise.all(ids.map((id) => readManifestFile(dir, id)));
  return apps.filter((app): app is DeclaredApp => app !== undefined);
}

async function registeredApps(db: Queryable): Promise<DeclaredApp[]> {
  const rows = await db.query<{ id: string; manifest: unknown }>(
    'SELECT id, manifest FROM apps WHERE manifest IS NOT NULL ORDER BY id LIMIT $1',
    [MAX_APPS],
  );
  return rows.map(({ id, manifest }) => {
    const problem = manifestProblem(id, manifest);
    return problem
      ? { id, source: 'api' as const, problem }
      : { id, source: 'api' as const, manifest: appManifest.parse(manifest) };
  });
}

/** Every declared app, by id; a manifest file wins over a registration of the same id. */
export async function declaredApps(deps: Pick<PlatformDeps, 'db' | 'dataDir'>) {
  const [files, registered] = await Promise.all([fileApps(deps.dataDir), registeredApps(deps.db)]);
  const byId = new Map<string, DeclaredApp>();
  for (const app of [...registered, ...files]) byId.set(app.id, app);
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export const APP_HEADER = 'x-app-id';

/**
 * The app a call is for: the one the `X-App-Id` header names (the starter's dev server sets it),
 * or the only declared app. Its manifest must be usable.
 */
export async function appOfCall(
  deps: Pick<PlatformDeps, 'db' | 'dataDir'>,
  named: string | undefined,
): Promise<DeclaredApp & { manifest: AppManifest }> {
  const apps = await declaredApps(deps);
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
