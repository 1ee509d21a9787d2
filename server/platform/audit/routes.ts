import { Hono } from 'hono';
import { auditEventListParams, auditEventPage } from '../../../src/api/contract/audit';
import { downloadHeaders } from '../core/download';
import { actorOf, type PlatformEnv } from '../core/http';
import { query } from '../core/validate';
import { AUDIT_CSV_HEADER, csvLine, eventCsvLine } from './csv';
import type { AuditService } from './service';

/** The activity log, read-only (gaps.md): no path edits or deletes an event. */
export function auditRoutes({ audit }: { audit: AuditService }) {
  const r = new Hono<PlatformEnv>();

  r.get('/api/audit/v1/events', async (c) =>
    c.json(auditEventPage.parse(await audit.list(actorOf(c), query(c, auditEventListParams)))),
  );

  r.get('/api/audit/v1/events.csv', async (c) => {
    const { limit: _limit, cursor: _cursor, ...filter } = query(c, auditEventListParams);
    const pages = await audit.exportPages(actorOf(c), filter);
    // The first page is read before the answer starts: its failure is an error, not a cut file.
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
