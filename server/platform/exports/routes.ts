import { Hono } from 'hono';
import { z } from 'zod';
import { createExportBody, queryInt } from '../../../src/api/contract';
import { datasetFor } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { body, query } from '../core/validate';
import { toExportRecord } from './mappers';
import { EXPORT_JOB, createExport, exportHandler, listExports } from './service';

const listParams = z.object({ limit: queryInt(1, 500).optional() });

/** Exports (4.6, 4.6a, 2.4): Create Export and its status, run as durable jobs. */
export function exportRoutes(deps: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  deps.queue.register(EXPORT_JOB, exportHandler(deps));
  deps.queue.schedule(deps.exports.drainMs);

  // An export reads every row: the caller must be able to read the dataset (access/policy.ts).
  r.post('/api/query/v1/export/:datasetId', async (c) => {
    const dataset = await datasetFor(c, deps.db, c.req.param('datasetId'), 'read');
    const row = await createExport(
      deps,
      dataset.id,
      await body(c, createExportBody),
      c.get('userId'),
    );
    return c.json(toExportRecord(row));
  });
  r.get('/api/query/v1/export/:datasetId', async (c) => {
    const { limit } = query(c, listParams);
    const dataset = await datasetFor(c, deps.db, c.req.param('datasetId'), 'read');
    return c.json((await listExports(deps.db, dataset.id, limit ?? 100)).map(toExportRecord));
  });
  return r;
}
