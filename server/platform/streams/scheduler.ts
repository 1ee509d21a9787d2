import type { PlatformDeps } from '../core/context';
import { PlatformError } from '../core/errors';
import { advanceSchedule, dueStreams } from './repository';
import { enqueueExecution, failExecutionsWithoutJob, streamRunJobId } from './run-job';
import { nextRunAt, parseSchedule } from './schedule';

/**
 * Runs every stream whose `next_run_at` has come, one after another. Moving a stream's next run
 * on is the claim (a conditional UPDATE): of several processes, one fires each scheduled run.
 */
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
      // A scheduled run reads the source as the stream's owner (issue 23).
      const execution = await enqueueExecution(deps, stream.id, 'SCHEDULED', stream.created_by);
      // Claimed at once into a free slot; the next due stream does not wait for this run.
      deps.queue.start(streamRunJobId(execution.id));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      deps.log(`stream ${stream.id}: scheduled run skipped: ${error.message}`);
    }
  }
}

/** INTERVAL and DAILY streams run on their own; MANUAL ones only on demand (4.3, gaps.md). */
export function scheduleStreams(deps: PlatformDeps) {
  // Runs cut off by a dead process end through their job's lease (jobs/queue.ts); only runs
  // from before the job table have none.
  deps.jobs.run('streams: fail executions without a job', () => failExecutionsWithoutJob(deps.db));
  deps.jobs.every('streams: scheduler', deps.intervals.streamSchedulerMs, () =>
    runDueStreams(deps),
  );
}
