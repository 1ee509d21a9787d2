import { Hono, type Context } from 'hono';
import type { AppManifest } from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { badRequest, PlatformError } from '../core/errors';
import { readJson } from '../core/validate';
import { workflowPath, type ReadAs } from './workflow-paths';
import type { RecentCalls } from './calls';
import { appCollection, appDatastore } from './datastore';
import { APP_HEADER, appOfCall } from './registry';

/**
 * Sends a request through the platform's own routes as `actingUser` (the guards and bounds of
 * those routes apply; `authenticate` takes the user from the in-process environment, which no
 * HTTP request can set).
 */
export type Dispatch = (request: Request, actingUser: number) => Promise<Response> | Response;

interface Call {
  app: { id: string; manifest: AppManifest };
  userId: number;
  datastore: () => Promise<string>;
  collection: (nameOrId: string) => Promise<string>;
}

/** One app path: its method, its pattern (after `/<brand>`), and the instance path it serves. */
interface AppRoute {
  method: string;
  pattern: RegExp;
  to: (call: Call, match: string[]) => Promise<string>;
}

const ds = '/api/datastores/v1';
const files = '/api/data/v1/data-files';
const routes: AppRoute[] = [
  {
    method: 'GET',
    pattern: /^\/datastores\/v1\/collections$/,
    to: async (call) => `${ds}/${await call.datastore()}/collections`,
  },
  {
    method: 'POST',
    pattern: /^\/datastores\/v1\/collections$/,
    to: async (call) => `${ds}/${await call.datastore()}/collections`,
  },
  {
    method: 'POST',
    pattern: /^\/datastores\/v1\/export$/,
    to: async (call) => `${ds}/export/${await call.datastore()}`,
  },
  ...['GET', 'PUT', 'DELETE'].map((method) => ({
    method,
    pattern: /^\/datastores\/v1\/collections\/([^/]+)$/,
    to: async (call: Call, [, c]: string[]) => `${ds}/collections/${await call.collection(c!)}`,
  })),
  ...['GET', 'PUT', 'DELETE'].map((method) => ({
    method,
    pattern: /^\/datastores\/v1\/collections\/([^/]+)\/permission(\/.*)?$/,
    to: async (call: Call, [, c, rest]: string[]) =>
      `${ds}/collections/${await call.collection(c!)}/permission${encodedRest(rest)}`,
  })),
  ...['GET', 'POST', 'PUT', 'DELETE'].map((method) => ({
    method,
    pattern: /^\/datastores\/v1\/collections\/([^/]+)\/documents(\/.*)?$/,
    to: async (call: Call, [, c, rest]: string[]) =>
      `${ds}/collections/${await call.collection(c!)}/documents${encodedRest(rest)}`,
  })),
  // Data files (the vendor's FileClient): upload, details, downloads; a new revision below.
  { method: 'POST', pattern: /^\/data-files\/v1$/, to: () => Promise.resolve(files) },
  {
    method: 'GET',
    pattern: /^\/data-files\/v1\/details$/,
    to: () => Promise.resolve(`${files}/details`),
  },
  {
    method: 'DELETE',
    pattern: /^\/data-files\/v1\/(\d+)\/revisions\/(\d+)$/,
    to: (_call: Call, [, id, revision]: string[]) =>
      Promise.resolve(`${files}/${id}/revisions/${revision}`),
  },
  {
    method: 'GET',
    pattern: /^\/data-files\/v1\/(\d+)\/permissions$/,
    to: (_call: Call, [, id]: string[]) => Promise.resolve(`${files}/${id}/permissions`),
  },
  {
    method: 'GET',
    pattern: /^\/data-files\/v1\/(\d+)(\/revisions\/\d+)?$/,
    to: (_call: Call, [, id, revision]: string[]) =>
      Promise.resolve(`${files}/${id}${revision ?? ''}`),
  },
  {
    method: 'POST',
    pattern: /^\/ai\/v1\/text\/generation$/,
    to: () => Promise.resolve('/api/ai/v1/text/generation'),
  },
];

/** The path after the collection, each segment encoded again: it can only name what it names. */
const encodedRest = (rest: string | undefined) =>
  rest ? rest.split('/').map(encodeURIComponent).join('/') : '';

const MAX_DECODES = 4;

/**
 * The app path's segments, each decoded once from the request's raw path. A segment that is or
 * becomes (after any further decoding) `.`, `..`, or holds a `/` or `\\` is refused: the target
 * path is built from these segments alone, so it can never step out of its prefix.
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

function forward(c: Context<PlatformEnv>, target: string, dispatch: Dispatch) {
  const userId = c.get('userId');
  const from = new URL(c.req.url);
  const url = new URL(target + from.search, from);
  // The target is built from checked segments; a URL that reads it as another path is refused.
  if (url.pathname !== target) throw badRequest(`The app path does not name one instance path`);
  const method = c.req.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return dispatch(
    new Request(url, {
      method,
      headers: c.req.raw.headers,
      body: hasBody ? c.req.raw.body : undefined,
      // Node's fetch needs this to pass a body on as a stream.
      ...(hasBody ? { duplex: 'half' } : {}),
    }),
    userId,
  );
}

/**
 * The app paths (issue 28): `/<brand>/datastores/v1/...` and the others the vendor's client
 * calls, for the app the call names, served through the instance routes with the app's
 * collections named by name; a path the platform does not serve is a 501 naming it.
 */
export function appPathRoutes(deps: PlatformDeps, calls: RecentCalls, dispatch: Dispatch) {
  const prefix = `/${deps.brand.toLowerCase()}`;
  const r = new Hono<PlatformEnv>();
  r.all(`${prefix}/*`, async (c) => {
    const started = performance.now();
    const method = c.req.method;
    const rawPath = new URL(c.req.url).pathname.slice(prefix.length);
    const path = '/' + appPathSegments(rawPath).join('/').replace(/\/+$/, '');
    const app = await appOfCall(deps, c.req.header(APP_HEADER) || undefined);
    const userId = c.get('userId');
    let status = 500;
    try {
      if (path.startsWith('/workflow/v1/')) {
        const readAs: ReadAs = (verb, target, json) =>
          Promise.resolve(
            dispatch(
              new Request(new URL(target, c.req.url), {
                method: verb,
                headers: { 'content-type': 'application/json' },
                body: json === undefined ? undefined : JSON.stringify(json),
              }),
              userId,
            ),
          );
        const answer = await workflowPath(app, method, path, readAs, () =>
          readJson(c, { optional: true }),
        );
        if (answer === undefined) throw notServed(method, c.req.path);
        status = 200;
        return c.json(answer);
      }
      const revised = /^\/data-files\/v1\/(\d+)$/.exec(path);
      if (method === 'PUT' && revised) {
        // The instance answers `{revisionId}`; the vendor's client expects the revision itself.
        const answer = await forward(c, `${files}/${revised[1]}`, dispatch);
        status = answer.status;
        if (!answer.ok) return answer;
        const { revisionId } = (await answer.json()) as { revisionId: number };
        const details = await dispatch(
          new Request(new URL(`${files}/${revised[1]}/details?expand=revisions`, c.req.url)),
          userId,
        );
        const file = (await details.json()) as {
          revisions?: Array<{ dataFileRevisionId: number }>;
        };
        const revision = file.revisions?.find((r) => r.dataFileRevisionId === revisionId);
        return c.json({ ...revision, revisionId });
      }
      const route = routes.find(
        (candidate) => candidate.method === method && candidate.pattern.test(path),
      );
      if (!route) throw notServed(method, c.req.path);
      const datastore = () => appDatastore(deps, app, userId);
      const call: Call = {
        app,
        userId,
        datastore,
        collection: async (nameOrId) => appCollection(deps.db, app, await datastore(), nameOrId),
      };
      const response = await forward(c, await route.to(call, route.pattern.exec(path)!), dispatch);
      status = response.status;
      return response;
    } catch (error) {
      if (error instanceof PlatformError) status = error.status;
      throw error;
    } finally {
      calls.record(app.id, {
        at: new Date().toISOString(),
        method,
        path: c.req.path,
        status,
        durationMs: Math.round(performance.now() - started),
      });
    }
  });
  return r;
}
