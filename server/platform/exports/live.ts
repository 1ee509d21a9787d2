import type { Context } from 'hono';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { liveStream } from '../live/sse';
import { exportDetails } from './reads';

/**
 * `GET /api/query/v1/exports/{exportId}/live` (embedded platform, docs/platform-gaps.md): the
 * export as `GET …/exports/{exportId}` answers it (`event: export`), each time it changes (its
 * job's end wakes it), ending once it is no longer running. Read as the acting user through
 * the same read, so an export of a dataset the user may not read is a 404 before any event.
 */
export async function exportLive(c: Context<PlatformEnv>, deps: PlatformDeps) {
  const userId = c.get('userId');
  const id = c.req.param('exportId')!;
  await exportDetails(deps, userId, id);
  let shown = '';
  return liveStream(c, deps, [`job:${id}`], async () => {
    const details = await exportDetails(deps, userId, id);
    const seen = JSON.stringify(details);
    const changed = seen !== shown;
    shown = seen;
    return {
      messages: changed ? [{ event: 'export', data: details }] : [],
      done: details.record.exportStatus !== 'running',
    };
  });
}
