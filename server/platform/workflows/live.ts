import type { Context } from 'hono';
import { runLogsParams } from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { query } from '../core/validate';
import type { LiveReads } from '../live/live-reads';
import type { LiveMessage } from '../live/sse';
import { toLogEntry, toRun } from './mappers';
import type { WorkflowService } from './service';

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED']);

/** JSON with each object's keys sorted: a state read back from JSONB compares equal to as written. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * `GET /v1/workflows/runs/{runId}/live?after=seq` (embedded platform, docs/platform-gaps.md):
 * the run's log lines after `after` (`event: log`, `{entries, next}`, `id` = next) and its state
 * whenever it changes (`event: run`, the run as `GET …/runs/{runId}` answers it), as they are
 * written; the stream ends once the run has ended and every line was sent. Access is the run
 * read's (WorkflowService.live): a run the user may not see is a 404 before any event.
 *
 * What this process's runner wrote and kept (journal.ts) is sent without a read: the first
 * events of a run started here, read by its workflow's owner, and each write it was told of;
 * anything else (another process, a cancel, a gap in the seqs, the timed re-read) is read.
 */
export async function runLive(
  c: Context<PlatformEnv>,
  workflows: WorkflowService,
  live: LiveReads,
) {
  const { after = 0 } = query(c, runLogsParams);
  // An EventSource that reconnects says where it was.
  const last = Number(c.req.header('last-event-id'));
  const actor = actorOf(c);
  const runId = c.req.param('runId')!;
  const run = await workflows.live(actor, runId);
  let cursor = Number.isSafeInteger(last) && last > after ? last : after;
  let shown = '';
  return live.answer(c, {
    topics: [run.topic],
    // The run's read, decided again: a 404 once the user may no longer see the run.
    recheck: () => workflows.run(actor, runId),
    // Every write of a run's log or state wakes it (runner.ts): a re-read is only a safety net.
    rereadEvery: 5,
    async read(hint) {
      // One snapshot: the state and the lines written with it.
      const read = await run.read(cursor, hint.journal);
      if (!read) return { messages: [], done: true };
      const messages: LiveMessage[] = [];
      const state = toRun({ ...read.run, number: run.number }, { outputs: true });
      const seen = canonical([state.status, state.steps, state.finishedAt]);
      if (seen !== shown) {
        shown = seen;
        messages.push({ event: 'run', data: state });
      }
      const lines = read.lines.map(toLogEntry);
      if (lines.length) {
        cursor = lines.at(-1)!.seq;
        messages.push({ event: 'log', id: String(cursor), data: { entries: lines, next: cursor } });
      }
      const more = read.more;
      return { messages, more, done: TERMINAL.has(read.run.status) && !more };
    },
  });
}
