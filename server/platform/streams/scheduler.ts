import type { PlatformDeps } from '../core/context';
import { PlatformError } from '../core/errors';
import {
  advanceSchedule,
  dueStreams,
  failInterruptedExecutions,
  insertExecution,
} from './repository';
import { nextRunAt, parseSchedule } from './schedule';
import { runExecution } from './service';

/** Runs every stream whose `next_run_at` has come, one after another, moving each one's next run on first. */
export async function runDueStreams(deps: PlatformDeps) {
  for (const stream of await dueStreams(deps.db)) {
    let next: Date | null = null;
    try {
      next = nextRunAt(parseSchedule(stream.advanced_schedule_json), new Date());
    } catch {
      // a schedule stored before a stricter rule: the stream is left to manual runs
    }
    if (!(await advanceSchedule(deps.db, stream, next))) continue;
    try {
      const execution = await insertExecution(deps.db, stream.id, 'SCHEDULED');
      await runExecution(deps, stream.id, execution);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      deps.log(`stream ${stream.id}: scheduled run skipped: ${error.message}`);
    }
  }
}

/** INTERVAL and DAILY streams run on their own; MANUAL ones only on demand (4.3, gaps.md). */
export function scheduleStreams(deps: PlatformDeps) {
  const started = new Date();
  deps.jobs.run('streams: fail interrupted executions', () =>
    failInterruptedExecutions(deps.db, started),
  );
  deps.jobs.every('streams: scheduler', deps.intervals.streamSchedulerMs, () =>
    runDueStreams(deps),
  );
}
