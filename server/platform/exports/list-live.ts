import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ExportsChanged } from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import type { LiveReads } from '../live/live-reads';
import { EXPORTS_TOPIC, type ExportService } from './service';

/**
 * What wakes a list's stream besides its exports' jobs: a dataset renamed, deleted or shared
 * changes the list without a wake, so it is read again every this many `liveLimits.rereadMs`
 * (10 s).
 */
const REREAD_EVERY = 10;

/**
 * `GET /api/query/v1/exports/live` (embedded platform, docs/platform-gaps.md): the export
 * dashboard's live read. `event: changed` (id and data: the list's version) at once, then each
 * time the list the user may read changes: an export started (service.ts publishes
 * EXPORTS_TOPIC), one of its running exports ends (its job's `job:<id>`, followed while it runs)
 * or a dataset changes (read again every 10 s). The client reads the list again when the
 * version differs from the one it holds, so a change made while it was away is not missed.
 * Read as the acting user: an export of a dataset it may not read changes nothing it is sent.
 */
export function exportsListLive(c: Context<PlatformEnv>, live: LiveReads, exports: ExportService) {
  const actor = actorOf(c);
  const signals = live.signals;
  // This stream's own topic: the end of one of its running exports wakes it alone.
  const own = `exports-live:${randomUUID()}`;
  const followed = new Map<string, () => void>();
  let sent: string | undefined;
  return live.answer(c, {
    topics: [EXPORTS_TOPIC, own],
    rereadEvery: REREAD_EVERY,
    async read() {
      const state = await exports.listVersion(actor);
      const running = new Set(state.running);
      for (const [id, off] of followed)
        if (!running.has(id)) {
          off();
          followed.delete(id);
        }
      let added = false;
      for (const id of running)
        if (!followed.has(id)) {
          // A job ends once: its handler goes with it, so none outlives its export's end, even
          // once this stream has closed.
          const off = signals.on(`job:${id}`, () => {
            off();
            followed.delete(id);
            signals.publish(own, { others: false });
          });
          followed.set(id, off);
          added = true;
        }
      const changed = state.version !== sent;
      sent = state.version;
      const data: ExportsChanged = { version: state.version };
      return {
        messages: changed ? [{ event: 'changed', id: state.version, data }] : [],
        done: false,
        // One that ended before it was followed: read once more now that it is.
        more: added,
      };
    },
  });
}
