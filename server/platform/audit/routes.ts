import { Hono } from 'hono';
import { auditEventListParams, auditEventPage } from '../../../src/api/contract/audit';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { downloadHeaders } from '../core/download';
import { query } from '../core/validate';
import { AUDIT_CSV_HEADER, csvLine, eventCsvLine } from './csv';
import { exportEvents, readEvents, sweepExpiredEvents } from './service';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Issue 27: the activity log, read-only (gaps.md): no path edits or deletes an event. */
export function auditRoutes(deps: PlatformDeps) {
  const { db } = deps;
  deps.jobs.every('audit: retention sweep', SWEEP_EVERY_MS, () =>
    sweepExpiredEvents(db, deps.audit.retentionDays),
  );
  const r = new Hono<PlatformEnv>();

  r.get('/api/audit/v1/events', async (c) => {
    const params = query(c, auditEventListParams);
    return c.json(auditEventPage.parse(await readEvents(db, c.get('userId'), params)));
  });

  r.get('/api/audit/v1/events.csv', async (c) => {
    const { limit: _limit, cursor: _cursor, ...filter } = query(c, auditEventListParams);
    const pages = exportEvents(db, c.get('userId'), filter);
    // The access check runs before the first byte: a refusal is a 403, not a broken download.
    const first = await pages.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(csvLine(AUDIT_CSV_HEADER)));
        if (!first.done) controller.enqueue(encoder.encode(first.value.map(eventCsvLine).join('')));
        if (first.done) controller.close();
      },
      async pull(controller) {
        const page = await pages.next();
        if (page.done) controller.close();
        else controller.enqueue(encoder.encode(page.value.map(eventCsvLine).join('')));
      },
      async cancel() {
        await pages.return(undefined);
      },
    });
    return new Response(body, {
      headers: downloadHeaders('activity.csv', 'text/csv; charset=utf-8'),
    });
  });

  return r;
}
