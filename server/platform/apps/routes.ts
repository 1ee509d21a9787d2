import { Hono, type Context } from 'hono';
import { appId, appManifest, type App } from '../../../src/api/contract';
import { principalOf } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import { readJson } from '../core/validate';
import { appPathRoutes, type Dispatch } from './app-paths';
import { RecentCalls } from './calls';
import { declaredApps, manifestProblem, type DeclaredApp } from './registry';

const base = '/api/apps/v1/apps';

/**
 * Custom apps (issue 28): the Apps API (the declared apps with their manifests, datastores and
 * recent calls; registering a manifest is for Admins) and the app paths themselves.
 */
export function appRoutes(deps: PlatformDeps, dispatch: Dispatch) {
  const { db } = deps;
  const calls = new RecentCalls();
  const r = new Hono<PlatformEnv>();

  const datastores = async () =>
    new Map(
      (
        await db.query<{ id: string; datastore_id: string | null }>(
          'SELECT id, datastore_id FROM apps',
        )
      ).map((row) => [row.id, row.datastore_id]),
    );
  const toApp = (app: DeclaredApp, datastoreIds: Map<string, string | null>): App => ({
    id: app.id,
    source: app.source,
    ...(app.manifest ? { manifest: app.manifest } : {}),
    ...(app.problem ? { problem: app.problem } : {}),
    datastoreId: datastoreIds.get(app.id) ?? null,
    recentCalls: calls.of(app.id),
  });
  const validId = (c: Context<PlatformEnv>) => {
    const id = c.req.param('id') ?? '';
    const parsed = appId.safeParse(id);
    if (!parsed.success) throw badRequest(`id: ${parsed.error.issues[0]?.message}`);
    return id;
  };

  r.get(base, async (c) => {
    const ids = await datastores();
    return c.json((await declaredApps(deps)).map((app) => toApp(app, ids)));
  });

  r.get(`${base}/:id`, async (c) => {
    const id = validId(c);
    const app = (await declaredApps(deps)).find((candidate) => candidate.id === id);
    if (!app) throw notFound(`No app ${id} is declared`);
    return c.json(toApp(app, await datastores()));
  });

  // Register or replace an app's manifest (Admins). A manifest file of the same id wins, so the
  // API refuses that id rather than keep a registration nobody would see.
  r.put(`${base}/:id`, async (c) => {
    const id = validId(c);
    if ((await principalOf(db, c.get('userId'))).role !== 'Admin')
      throw forbidden('You need the Admin role to register an app');
    const raw = await readJson(c);
    const problem = manifestProblem(id, raw);
    if (problem) throw badRequest(problem);
    const existing = (await declaredApps(deps)).find((candidate) => candidate.id === id);
    if (existing?.source === 'file')
      throw conflict(`The app ${id} is declared by its manifest file; change the file instead`);
    await db.query(
      `INSERT INTO apps (id, manifest) VALUES ($1, $2::jsonb)
       ON CONFLICT (id) DO UPDATE SET manifest = EXCLUDED.manifest`,
      [id, JSON.stringify(appManifest.parse(raw))],
    );
    const app = (await declaredApps(deps)).find((candidate) => candidate.id === id)!;
    return c.json(toApp(app, await datastores()));
  });

  r.route('/', appPathRoutes(deps, calls, dispatch));
  return r;
}
