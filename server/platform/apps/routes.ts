import { Hono, type Context } from 'hono';
import { appId } from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { parseWith, readRawBody } from '../core/validate';
import { appPathRoutes, type AppPathServices } from './app-paths';

const base = '/api/apps/v1/apps';

const validId = (c: Context<PlatformEnv>) => parseWith(appId, c.req.param('id') ?? '', 'id');

/**
 * Custom apps: the Apps API (the declared apps with their manifests, datastores and recent
 * calls; registering a manifest is for Admins) and the app paths themselves.
 */
export function appRoutes(
  services: AppPathServices,
  options: { brand: string; log: (line: string) => void },
) {
  const { apps } = services;
  const r = new Hono<PlatformEnv>();

  r.get(base, async (c) => c.json(await apps.list(actorOf(c))));
  r.get(`${base}/:id`, async (c) => c.json(await apps.get(actorOf(c), validId(c))));
  // The manifest's body is read by the service once it decided, at most 64 KiB.
  r.put(`${base}/:id`, async (c) =>
    c.json(await apps.register(actorOf(c), validId(c), (limit) => readRawBody(c, limit))),
  );
  r.delete(`${base}/:id`, async (c) => {
    await apps.remove(actorOf(c), validId(c));
    return c.body(null, 204);
  });

  r.route('/', appPathRoutes(services, options));
  return r;
}
