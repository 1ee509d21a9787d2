import type { Context } from 'hono';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { liveStream } from '../live/sse';
import { toExecution } from './mappers';
import { getExecution, type StreamRow } from './repository';
import { streamRunJobId } from './run-job';

/**
 * `GET /api/data/v1/streams/{id}/executions/{executionId}/live` (embedded platform,
 * docs/platform-gaps.md): the execution as the execution read answers it (`event: execution`),
 * each time it changes (its job's claim and end wake it; rows read are re-read every second),
 * ending once it has left ACTIVE. The caller has passed the stream's read guard.
 */
export async function executionLive(
  c: Context<PlatformEnv>,
  deps: PlatformDeps,
  stream: StreamRow,
) {
  const first = await getExecution(deps.db, stream.id, c.req.param('executionId')!);
  let shown = '';
  return liveStream(c, deps, [`job:${streamRunJobId(first.id)}`], async () => {
    const execution = toExecution(await getExecution(deps.db, stream.id, String(first.id)));
    const seen = JSON.stringify(execution);
    const changed = seen !== shown;
    shown = seen;
    return {
      messages: changed ? [{ event: 'execution', data: execution }] : [],
      done: execution.state !== 'ACTIVE',
    };
  });
}
