import type { Context } from 'hono';
import { actorOf, type PlatformEnv } from '../core/http';
import type { LiveReads } from '../live/live-reads';
import { toExecution } from './mappers';
import type { StreamService } from './service';

/**
 * `GET /api/data/v1/streams/{id}/executions/{executionId}/live` (embedded platform,
 * docs/platform-gaps.md): the execution as the execution read answers it (`event: execution`),
 * each time it changes (its job's claim and end wake it; rows read are re-read every second),
 * ending once it has left ACTIVE. The stream's read is decided before the stream begins.
 */
export async function executionLive(
  c: Context<PlatformEnv>,
  live: LiveReads,
  streams: StreamService,
) {
  const { topic, current, recheck } = await streams.watchExecution(
    actorOf(c),
    c.req.param('id')!,
    c.req.param('executionId')!,
  );
  let shown = '';
  return live.answer(c, {
    topics: [topic],
    recheck,
    async read() {
      const execution = toExecution(await current());
      const seen = JSON.stringify(execution);
      const changed = seen !== shown;
      shown = seen;
      return {
        messages: changed ? [{ event: 'execution', data: execution }] : [],
        done: execution.state !== 'ACTIVE',
      };
    },
  });
}
