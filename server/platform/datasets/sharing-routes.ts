import { Hono } from 'hono';
import { z } from 'zod';
import { queryInt, shareBody } from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, query } from '../core/validate';
import type { SharingService } from './sharing';

const outboxParams = z.object({
  datasetId: z.string().min(1).optional(),
  limit: queryInt(1, 500).optional(),
  offset: queryInt(0, 1_000_000).optional(),
});

/** Share (4.5), the permissions it records, and the outbox `sendEmail` writes to. */
export function sharingRoutes({ sharing }: { sharing: SharingService }) {
  const r = new Hono<PlatformEnv>();
  const datasources = '/api/data/v3/datasources/:id';

  r.post(`${datasources}/share`, async (c) => {
    await sharing.share(actorOf(c), c.req.param('id'), await body(c, shareBody));
    return c.json({});
  });
  r.get(`${datasources}/permissions`, async (c) =>
    c.json(await sharing.permissions(actorOf(c), c.req.param('id'))),
  );
  r.delete(`${datasources}/permissions/:type/:principalId`, async (c) => {
    const { id, type, principalId } = c.req.param();
    await sharing.removePermission(actorOf(c), id, type, principalId);
    return c.json({});
  });

  r.get('/api/data/v3/outbox', async (c) => {
    const { datasetId, limit, offset } = query(c, outboxParams);
    return c.json(
      await sharing.outbox(actorOf(c), { datasetId, limit: limit ?? 100, offset: offset ?? 0 }),
    );
  });

  return r;
}
