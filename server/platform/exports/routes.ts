import { Hono } from 'hono';
import { z } from 'zod';
import { createExportBody, queryInt } from '../../../src/api/contract';
import { datasetFor } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { downloadHeaders } from '../core/download';
import { body, parseWith, query } from '../core/validate';
import { exportsListLive } from './list-live';
import { exportLive } from './live';
import { toExportRecord } from './mappers';
import {
  MAX_ACROSS_LIMIT,
  exportDetails,
  exportFileDownload,
  exportFilePreview,
  listExportsAcross,
} from './reads';
import { exportHandler } from './run-export';
import { EXPORT_JOB, createExport, listExports } from './service';

const listParams = z.object({ limit: queryInt(1, 500).optional() });
const acrossParams = z.object({
  limit: queryInt(1, MAX_ACROSS_LIMIT).optional(),
  before: z.string().min(1).max(400).optional(),
});
const fileParams = z.object({ n: queryInt(0, 999) });

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

  // Issue 25 (docs/platform-gaps.md): the dashboard's one read, an export's page and its files.
  r.get('/api/query/v1/exports', async (c) => {
    const { limit, before } = query(c, acrossParams);
    return c.json(
      await listExportsAcross(deps.db, c.get('userId'), { limit: limit ?? 500, before }),
    );
  });
  r.get('/api/query/v1/exports/live', (c) => exportsListLive(c, deps));
  r.get('/api/query/v1/exports/:exportId/live', (c) => exportLive(c, deps));
  r.get('/api/query/v1/exports/:exportId', async (c) =>
    c.json(await exportDetails(deps, c.get('userId'), c.req.param('exportId'))),
  );
  r.get('/api/query/v1/exports/:exportId/files/:n', async (c) => {
    const { n } = parseWith(fileParams, { n: c.req.param('n') }, 'path');
    const file = await exportFileDownload(deps, c.get('userId'), c.req.param('exportId'), n);
    return c.body(file.body, 200, downloadHeaders(file.name, file.contentType));
  });
  r.get('/api/query/v1/exports/:exportId/files/:n/preview', async (c) => {
    const { n } = parseWith(fileParams, { n: c.req.param('n') }, 'path');
    return c.json(await exportFilePreview(deps, c.get('userId'), c.req.param('exportId'), n));
  });
  return r;
}
