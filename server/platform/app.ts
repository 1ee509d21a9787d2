import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { authenticate } from './core/auth';
import type { PlatformDeps, PlatformEnv } from './core/context';
import { PlatformError, sendError } from './core/errors';
import { certificationRoutes } from './datasets/certification-routes';
import { datasetRoutes } from './datasets/routes';
import { sharingRoutes } from './datasets/sharing-routes';
import { datastoreRoutes } from './datastores/routes';
import { dataFileRoutes } from './files/routes';
import { peopleRoutes } from './people/routes';
import { streamRoutes } from './streams/routes';

/** Each area of the spec mounts its routes here (one line per area). */
const areas: Array<(deps: PlatformDeps) => Hono<PlatformEnv>> = [
  datastoreRoutes,
  peopleRoutes,
  datasetRoutes,
  sharingRoutes,
  certificationRoutes,
  dataFileRoutes,
  streamRoutes,
];

export function createPlatformApp(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  app.use(async (c, next) => {
    c.set('traceId', randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase());
    await next();
  });
  app.get('/', (c) => c.json({ name: 'embedded platform', brand: deps.brand }));
  app.use(authenticate(deps));
  for (const area of areas) app.route('/', area(deps));
  app.notFound((c) =>
    sendError(c, new PlatformError(404, `No such endpoint: ${c.req.method} ${c.req.path}`)),
  );
  app.onError((error, c) => {
    if (error instanceof PlatformError) return sendError(c, error);
    deps.log(`platform error ${c.req.method} ${c.req.path} trace ${c.get('traceId')}: ${error.stack ?? String(error)}`);
    return sendError(c, new PlatformError(500, 'Internal error; quote the trace id to support'));
  });
  return app;
}
