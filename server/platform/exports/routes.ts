import { Hono } from 'hono';
import { z } from 'zod';
import { createExportBody, queryInt } from '../../../src/api/contract';
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

  r.post('/api/query/v1/export/:datasetId', async (c) => {
    const row = await createExport(deps, c.req.param('datasetId'), await body(c, createExportBody));
    return c.json(toExportRecord(row));
  });
  r.get('/api/query/v1/export/:datasetId', async (c) => {
    const { limit } = query(c, listParams);
    return c.json(
      (await listExports(deps.db, c.req.param('datasetId'), limit ?? 100)).map(toExportRecord),
    );
  });
  return r;
}
