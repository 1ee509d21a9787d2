import type { Context } from 'hono';
import { actorOf, type PlatformEnv } from '../core/http';
import type { LiveReads } from '../live/live-reads';
import type { ExportService } from './service';

/**
 * `GET /api/query/v1/exports/{exportId}/live` (embedded platform, docs/platform-gaps.md): the
 * export as `GET …/exports/{exportId}` answers it (`event: export`), each time it changes (its
 * job's end wakes it), ending once it is no longer running. Read as the acting user through
 * the same operation, so an export of a dataset the user may not read is a 404 before any event.
 */
export async function exportLive(c: Context<PlatformEnv>, live: LiveReads, exports: ExportService) {
  const actor = actorOf(c);
  const id = c.req.param('exportId')!;
  await exports.details(actor, id);
  let shown = '';
  // Each read decides again (it is the plain read), so access removed ends the stream.
  return live.answer(c, {
    topics: [`job:${id}`],
    async read() {
      const details = await exports.details(actor, id);
      const seen = JSON.stringify(details);
      const changed = seen !== shown;
      shown = seen;
      return {
        messages: changed ? [{ event: 'export', data: details }] : [],
        done: details.record.exportStatus !== 'running',
      };
    },
  });
}
