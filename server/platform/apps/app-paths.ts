import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  createCollectionBody,
  runWorkflowBody,
  updateCollectionBody,
} from '../../../src/api/contract';
import type { Actor } from '../access/principal';
import { badRequest, PlatformError } from '../core/errors';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, parseWith, readJson } from '../core/validate';
import { documentRoutes } from '../datastores/document-routes';
import { toCollection, toSyncStatus } from '../datastores/mappers';
import { grantPrincipal, permissionsParam } from '../datastores/routes';
import { toFileRevision } from '../files/mappers';
import { dataFileRoutes } from '../files/routes';
import { uploadBody } from '../files/upload-stream';
import { generationRoutes } from '../generation/routes';
import type { Services } from '../services';
import { toRun, toWorkflow } from '../workflows/mappers';
import { APP_HEADER, type UsableApp } from './registry';
import {
  listModels,
  modelDetails,
  modelInstance,
  startModel,
  type AppWorkflows,
} from './workflow-paths';

const MAX_DECODES = 4;

/**
 * The app path's segments, each decoded once from the request's raw path. A segment that is or
 * becomes (after any further decoding) `.`, `..`, or holds a `/` or `\\` is refused before any
 * route sees it: a name or id in an app path names one thing, never a way out of its prefix.
 */
export function appPathSegments(rawPath: string): string[] {
  return rawPath
    .split('/')
    .slice(1)
    .map((raw) => {
      let segment = raw;
      for (let i = 0; i < MAX_DECODES; i++) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          if (i === 0)
            throw badRequest(
              `The path segment ${JSON.stringify(raw)} is not valid percent-encoding`,
            );
          break;
        }
        if (decoded === '.' || decoded === '..' || /[\\/]/.test(decoded))
          throw badRequest(
            `The path segment ${JSON.stringify(raw)} may not name '.', '..', '/' or '\\' in an app path`,
          );
        if (decoded === segment) break;
        segment = decoded;
      }
      return decodeURIComponent(raw);
    });
}

const notServed = (method: string, path: string) =>
  new PlatformError(
    501,
    `The embedded platform does not serve ${method} ${path} for apps yet (see docs/platform-gaps.md, custom apps)`,
  );

/** The services an app path calls, as its caller. */
export type AppPathServices = Pick<
  Services,
  'apps' | 'datastores' | 'documents' | 'dataFiles' | 'generation' | 'workflows'
>;

/** The app a call is for, and its caller: what every app path's handler asks first. */
interface AppCallScope {
  app: UsableApp;
  actor: Actor;
}

/**
 * The app paths: `/<brand>/datastores/v1/...` and the others the vendor's client calls, for the
 * app the call names (`X-App-Id`). Each path is a route of its own, matched by Hono, that calls
 * the area's service as the caller, with the app's datastore and collections (named by name) put
 * in for the ids an instance path carries; the data-file, document and generation routes are the
 * instance's own handlers mounted here. A path the platform does not serve is a 501 naming it.
 */
export function appPathRoutes(
  services: AppPathServices,
  { brand, log }: { brand: string; log: (line: string) => void },
) {
  const { apps, datastores, workflows } = services;
  const prefix = `/${brand.toLowerCase()}`;
  // Per request: Hono hands the same context to the middleware and the route's handler.
  const scopes = new WeakMap<object, AppCallScope>();
  const scopeOf = (c: object) => {
    const scope = scopes.get(c);
    if (!scope) throw new PlatformError(500, 'An app path was reached without its app');
    return scope;
  };
  const datastoreOf = (c: Context<PlatformEnv>) => {
    const { actor, app } = scopeOf(c);
    return apps.datastore(actor, app);
  };
  const collectionOf = (c: Context<PlatformEnv>) => {
    const { actor, app } = scopeOf(c);
    return apps.collection(actor, app, c.req.param('id') ?? '');
  };

  const r = new Hono<PlatformEnv>();
  // Every app path: its segments checked, its app found, and the call kept for the Apps screen.
  const everyPath = `${prefix}/*`;
  const callOfApp: MiddlewareHandler<PlatformEnv> = async (c, next) => {
    const started = performance.now();
    appPathSegments(new URL(c.req.url).pathname.slice(prefix.length));
    const actor = actorOf(c);
    const app = await apps.open(actor, c.req.header(APP_HEADER) || undefined);
    scopes.set(c, { app, actor });
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } catch (error) {
      if (error instanceof PlatformError) status = error.status;
      throw error;
    } finally {
      apps.record(actor, app, {
        at: new Date().toISOString(),
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round(performance.now() - started),
      });
    }
  };
  r.use(everyPath, callOfApp);

  // AppDB: the app's datastore and its collections.
  const ds = `${prefix}/datastores/v1`;
  r.get(`${ds}/collections`, async (c) =>
    c.json((await datastores.collectionsOf(actorOf(c), await datastoreOf(c))).map(toCollection)),
  );
  r.post(`${ds}/collections`, async (c) => {
    const input = await body(c, createCollectionBody);
    return c.json(
      toCollection(await datastores.createCollection(actorOf(c), await datastoreOf(c), input)),
    );
  });
  r.post(`${ds}/export`, async (c) => {
    const datastoreId = await datastoreOf(c);
    const statuses = await datastores.syncNow(actorOf(c), datastoreId);
    return c.json({ datastoreId, collections: statuses.map(toSyncStatus) });
  });
  r.get(`${ds}/collections/:id`, async (c) =>
    c.json(toCollection(await datastores.getCollection(actorOf(c), await collectionOf(c)))),
  );
  r.put(`${ds}/collections/:id`, async (c) => {
    const changes = await body(c, updateCollectionBody);
    return c.json(
      toCollection(await datastores.updateCollection(actorOf(c), await collectionOf(c), changes)),
    );
  });
  r.delete(`${ds}/collections/:id`, async (c) =>
    c.json(toCollection(await datastores.deleteCollection(actorOf(c), await collectionOf(c)))),
  );
  r.get(`${ds}/collections/:id/permission`, async (c) =>
    c.json(await datastores.permissions(actorOf(c), await collectionOf(c))),
  );
  r.put(`${ds}/collections/:id/permission/:type/:principalId`, async (c) => {
    const principal = grantPrincipal(c);
    const permissions = permissionsParam(c);
    await datastores.grant(actorOf(c), await collectionOf(c), principal, permissions);
    return c.json({});
  });
  r.delete(`${ds}/collections/:id/permission/:type/:principalId`, async (c) => {
    await datastores.revoke(actorOf(c), await collectionOf(c), grantPrincipal(c));
    return c.body(null, 204);
  });
  r.route(
    '/',
    documentRoutes(services, {
      bases: { v1: `${ds}/collections/:id/documents` },
      collectionId: collectionOf,
    }),
  );

  // Data files (the vendor's FileClient). A new revision answers as the revision itself, which
  // the client expects; the instance answers `{revisionId}`.
  const files = `${prefix}/data-files/v1`;
  r.put(`${files}/:id{[0-9]+}`, async (c) => {
    const actor = actorOf(c);
    const id = c.req.param('id');
    const { revisionId } = await services.dataFiles.revise(actor, id, uploadBody(c));
    const { revisions } = await services.dataFiles.details(actor, id, true);
    const revision = revisions.find((r) => r.id === revisionId);
    return c.json({ ...(revision ? toFileRevision(revision) : {}), revisionId });
  });
  r.route('/', dataFileRoutes(services, files));

  r.route('/', generationRoutes({ generation: services.generation, log, prefix }));

  // Workflows (the vendor's WorkflowClient), for the workflows the manifest maps by alias.
  const appWorkflows = (actor: Actor): AppWorkflows => ({
    get: async (id) => toWorkflow(await workflows.get(actor, id)),
    runs: async (id) =>
      (await workflows.runs(actor, id, { limit: 100 })).rows.map((run) => toRun(run)),
    start: async (id, input) =>
      toRun(await workflows.start(actor, id, parseWith(runWorkflowBody, { input }))),
    run: async (runId) => toRun(await workflows.run(actor, runId)),
    permissions: (id) => workflows.permissions(actor, id),
  });
  const models = `${prefix}/workflow/v1/models`;
  r.get(models, async (c) =>
    c.json(await listModels(scopeOf(c).app, appWorkflows(actorOf(c)), c.req.query('parts'))),
  );
  r.get(`${models}/:alias/overall`, async (c) =>
    c.json(await modelDetails(scopeOf(c).app, c.req.param('alias'), appWorkflows(actorOf(c)))),
  );
  r.post(`${models}/:alias/start`, async (c) => {
    const variables = await readJson(c, { optional: true });
    return c.json(
      await startModel(scopeOf(c).app, c.req.param('alias'), variables, appWorkflows(actorOf(c))),
    );
  });
  r.get(`${models}/:alias/instance/:instanceId`, async (c) =>
    c.json(
      await modelInstance(
        scopeOf(c).app,
        c.req.param('alias'),
        c.req.param('instanceId'),
        appWorkflows(actorOf(c)),
      ),
    ),
  );

  r.all(everyPath, (c) => {
    throw notServed(c.req.method, c.req.path);
  });
  return r;
}
