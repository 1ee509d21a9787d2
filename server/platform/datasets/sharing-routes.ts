import { Hono } from 'hono';
import { z } from 'zod';
import { queryInt, shareBody } from '../../../src/api/contract';
import { datasetFor } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { body, query } from '../core/validate';
import { listOutbox } from './outbox';
import { listPermissions, removePermission, shareDataset } from './sharing';

const outboxParams = z.object({
  datasetId: z.string().min(1).optional(),
  limit: queryInt(1, 500).optional(),
  offset: queryInt(0, 1_000_000).optional(),
});

/** Share (4.5), the permissions it records, and the outbox `sendEmail` writes to. */
export function sharingRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  const datasources = '/api/data/v3/datasources/:id';

  r.post(`${datasources}/share`, async (c) => {
    await shareDataset(db, c.get('userId'), c.req.param('id'), await body(c, shareBody));
    return c.json({});
  });
  r.get(`${datasources}/permissions`, async (c) => {
    const dataset = await datasetFor(c, db, c.req.param('id'), 'read');
    return c.json(await listPermissions(db, dataset.id));
  });
  r.delete(`${datasources}/permissions/:type/:principalId`, async (c) => {
    const { id, type, principalId } = c.req.param();
    await removePermission(db, c.get('userId'), id, type, principalId);
    return c.json({});
  });

  r.get('/api/data/v3/outbox', async (c) => {
    const { datasetId, limit, offset } = query(c, outboxParams);
    return c.json(
      await listOutbox(db, c.get('userId'), {
        datasetId,
        limit: limit ?? 100,
        offset: offset ?? 0,
      }),
    );
  });

  return r;
}
