import { Hono } from 'hono';
import { z } from 'zod';
import { createExportBody, queryInt } from '../../../src/api/contract';
import { downloadHeaders } from '../core/download';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, parseWith, query } from '../core/validate';
import type { LiveReads } from '../live/live-reads';
import { exportsListLive } from './list-live';
import { exportLive } from './live';
import { toExportRecord } from './mappers';
import {
  MAX_ACROSS_LIMIT,
  MAX_CURSOR_CHARS,
  MAX_FILE_NUMBER,
  MAX_HISTORY,
  type ExportService,
} from './service';

const listParams = z.object({ limit: queryInt(1, MAX_HISTORY).optional() });
const acrossParams = z.object({
  limit: queryInt(1, MAX_ACROSS_LIMIT).optional(),
  before: z.string().min(1).max(MAX_CURSOR_CHARS).optional(),
});
const fileParams = z.object({ n: queryInt(0, MAX_FILE_NUMBER) });

/** Exports (4.6, 4.6a, 2.4): Create Export and its status, run as durable jobs. */
export function exportRoutes({ exports }: { exports: ExportService }, live: LiveReads) {
  const r = new Hono<PlatformEnv>();

  r.post('/api/query/v1/export/:datasetId', async (c) => {
    const input = await body(c, createExportBody);
    const row = await exports.start(actorOf(c), c.req.param('datasetId'), input);
    return c.json(toExportRecord(row));
  });
  r.get('/api/query/v1/export/:datasetId', async (c) => {
    const { limit } = query(c, listParams);
    const rows = await exports.history(actorOf(c), c.req.param('datasetId'), limit);
    return c.json(rows.map(toExportRecord));
  });

  // docs/platform-gaps.md: the dashboard's one read, an export's page and its files.
  r.get('/api/query/v1/exports', async (c) =>
    c.json(await exports.across(actorOf(c), query(c, acrossParams))),
  );
  r.get('/api/query/v1/exports/live', (c) => exportsListLive(c, live, exports));
  r.get('/api/query/v1/exports/:exportId/live', (c) => exportLive(c, live, exports));
  r.get('/api/query/v1/exports/:exportId', async (c) =>
    c.json(await exports.details(actorOf(c), c.req.param('exportId'))),
  );
  r.get('/api/query/v1/exports/:exportId/files/:n', async (c) => {
    const { n } = parseWith(fileParams, { n: c.req.param('n') }, 'path');
    const file = await exports.download(actorOf(c), c.req.param('exportId'), n);
    return c.body(file.body, 200, downloadHeaders(file.name, file.contentType));
  });
  r.get('/api/query/v1/exports/:exportId/files/:n/preview', async (c) => {
    const { n } = parseWith(fileParams, { n: c.req.param('n') }, 'path');
    return c.json(await exports.preview(actorOf(c), c.req.param('exportId'), n));
  });
  return r;
}
