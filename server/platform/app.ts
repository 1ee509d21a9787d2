import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { appRoutes } from './apps/routes';
import { auditRoutes } from './audit/routes';
import { calculatedFieldRoutes } from './calculated-fields/routes';
import { authenticate } from './people/authenticate';
import { accessRoutes } from './people/access-routes';
import { PlatformError, sendError } from './core/errors';
import type { PlatformEnv } from './core/http';
import { certificationRoutes } from './datasets/certification-routes';
import { datasetRoutes } from './datasets/routes';
import { sharingRoutes } from './datasets/sharing-routes';
import { datastoreRoutes } from './datastores/routes';
import { experimentRoutes } from './experiments/routes';
import { exportRoutes } from './exports/routes';
import { dataFileRoutes } from './files/routes';
import { filesetRoutes } from './filesets/routes';
import { generationRoutes } from './generation/routes';
import type { LiveReads } from './live/live-reads';
import { peopleRoutes } from './people/routes';
import { streamRoutes } from './streams/routes';
import { workflowRoutes } from './workflows/routes';
import type { Services } from './services';
import type { RequestGauge } from './store/priority';

/** What the HTTP app needs besides the services, built once by the composition root. */
export interface AppConfig {
  brand: string;
  /** The requests being answered: background work on the store waits for them (store/priority.ts). */
  requests: RequestGauge;
  log: (line: string) => void;
  /** Keeps each request's trace id, token kind and client address for its events (audit/context.ts). */
  auditContext: MiddlewareHandler<PlatformEnv>;
  /** The live reads (text/event-stream) of every area. */
  live: LiveReads;
}

/** Each area of the spec mounts its routes here (one line per area), given its services. */
const areas: Array<(config: AppConfig, services: Services) => Hono<PlatformEnv>> = [
  (_, services) => datastoreRoutes(services),
  (_, services) => peopleRoutes(services),
  (_, services) => datasetRoutes(services),
  (_, services) => sharingRoutes(services),
  (_, services) => certificationRoutes(services),
  (_, services) => dataFileRoutes(services),
  (_, services) => filesetRoutes(services),
  (config, services) => streamRoutes(services, config.live),
  (config, services) => generationRoutes({ generation: services.generation, log: config.log }),
  (_, services) => experimentRoutes(services),
  (_, services) => calculatedFieldRoutes(services),
  (config, services) => exportRoutes(services, config.live),
  (_, services) => accessRoutes(services),
  (config, services) => workflowRoutes({ workflows: services.workflows, live: config.live }),
  (_, services) => auditRoutes(services),
];

/**
 * The database refuses some values a schema cannot see (a NUL character in text, a number
 * out of a column's range): that is the caller's input, so a 400, not a 500.
 */
function databaseErrorFromInput(error: unknown) {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('22') || code === '54001')
    return new PlatformError(
      400,
      `a value cannot be stored or compared: ${(error as Error).message}`,
    );
  if (code === '23505') return new PlatformError(409, 'that already exists');
  if (code === '54000')
    return new PlatformError(400, `a value is too large: ${(error as Error).message}`);
  if (code === '57014')
    return new PlatformError(400, 'the request ran longer than the platform allows one statement');
  return undefined;
}

export function createPlatformApp(config: AppConfig, services: Services) {
  // The public docs write some paths with a trailing slash (`.../documents/`,
  // `.../data-files/details/`): every route answers with and without one.
  const app = new Hono<PlatformEnv>({ strict: false });
  // Answered before background work takes the store again (store/priority.ts): each HTTP
  // request once (a custom app's call in-process, apps/app-paths.ts, is part of its own).
  app.use((c, next) =>
    (c.env as { outgoing?: unknown } | undefined)?.outgoing ? config.requests.during(next) : next(),
  );
  app.use(async (c, next) => {
    c.set('traceId', randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase());
    await next();
  });
  app.get('/', (c) => c.json({ name: 'embedded platform', brand: config.brand }));
  app.use(authenticate(config.brand, services.authentication));
  app.use(config.auditContext);
  for (const area of areas) app.route('/', area(config, services));
  // Custom apps: the Apps API, and the app paths that call the services as the app's caller.
  app.route('/', appRoutes(services, { brand: config.brand, log: config.log }));
  app.notFound((c) =>
    sendError(c, new PlatformError(404, `No such endpoint: ${c.req.method} ${c.req.path}`)),
  );
  app.onError((error, c) => {
    if (error instanceof PlatformError) return sendError(c, error);
    const fromInput = databaseErrorFromInput(error);
    if (fromInput) return sendError(c, fromInput);
    config.log(
      `platform error ${c.req.method} ${c.req.path} trace ${c.get('traceId')}: ${error.stack ?? String(error)}`,
    );
    return sendError(c, new PlatformError(500, 'Internal error; quote the trace id to support'));
  });
  return app;
}
