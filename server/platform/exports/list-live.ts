import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ExportsChanged } from '../../../src/api/contract';
import { visibleDatasetSql } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { liveStream } from '../live/sse';
import type { Queryable } from '../store';
import { EXPORTS_TOPIC } from './service';

/**
 * What wakes a list's stream besides its exports' jobs: a dataset renamed, deleted or shared
 * changes the list without a wake, so it is read again every this many `liveLimits.rereadMs`
 * (10 s). A read costs about a third of the dashboard's list read (PGlite, 50,000 exports:
 * 107 ms against 282 ms), which the console polled every 3 s while an export ran.
 */
const REREAD_EVERY = 10;

interface ListState {
  version: string;
  running: string[];
}

/**
 * The state of `GET /api/query/v1/exports` for the user, in one statement: its exports' count, a
 * sum of hashes of (export, status, dataset name) — an export changes only by its status, once —
 * and the number of datasets it may read; with the ids of its running exports.
 */
async function listState(db: Queryable, userId: number): Promise<ListState> {
  const [row] = await db.query<{ n: number; h: string; datasets: number; running: string[] }>(
    `SELECT count(e.export_id)::int AS n,
       coalesce(sum(hashtext(e.export_id || ':' || e.export_status || ':' || d.name)::bigint), 0)::text AS h,
       (SELECT count(*)::int FROM datasets d WHERE ${visibleDatasetSql('$1')}) AS datasets,
       coalesce(array_agg(e.export_id ORDER BY e.export_id)
         FILTER (WHERE e.export_status IN ('running', 'exporting')), '{}') AS running
     FROM exports e JOIN datasets d ON d.id = e.dataset_id
     WHERE ${visibleDatasetSql('$1')}`,
    [userId],
  );
  const { n = 0, h = '0', datasets = 0, running = [] } = row ?? {};
  const version = createHash('sha256')
    .update(`${n}/${h}/${datasets}/${running.join(',')}`)
    .digest('base64url')
    .slice(0, 22);
  return { version, running };
}

/**
 * `GET /api/query/v1/exports/live` (embedded platform, docs/platform-gaps.md): the export
 * dashboard's live read. `event: changed` (id and data: the list's version) at once, then each
 * time the list the user may read changes: an export started (service.ts publishes
 * EXPORTS_TOPIC), one of its running exports ends (its job's `job:<id>`, followed while it runs)
 * or a dataset changes (read again every 10 s). The client reads the list again when the
 * version differs from the one it holds, so a change made while it was away is not missed.
 * Read as the acting user: an export of a dataset it may not read changes nothing it is sent.
 */
export function exportsListLive(c: Context<PlatformEnv>, deps: PlatformDeps) {
  const userId = c.get('userId');
  const signals = deps.queue.signals;
  // This stream's own topic: the end of one of its running exports wakes it alone.
  const own = `exports-live:${randomUUID()}`;
  const followed = new Map<string, () => void>();
  let sent: string | undefined;
  return liveStream(
    c,
    deps,
    [EXPORTS_TOPIC, own],
    async () => {
      const state = await listState(deps.db, userId);
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
    { rereadEvery: REREAD_EVERY },
  );
}
