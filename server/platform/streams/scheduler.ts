import type { Jobs } from '../core/jobs';
import { PlatformError } from '../core/errors';
import { advanceSchedule, dueStreams, failExecutionsWithoutJob } from './repository';
import { INTERRUPTED, enqueueExecution, streamRunJobId, type RunQueue } from './run-job';
import { nextRunAt, parseSchedule } from './schedule';

/** What the scheduler works with: where runs are queued, its timers, and the log. */
export interface StreamScheduling extends RunQueue {
  jobs: Jobs;
  log: (line: string) => void;
  intervals: { streamSchedulerMs: number };
}

/**
 * Runs every stream whose `next_run_at` has come, one after another, each as the stream's owner
 * (the job reads the source as them). Moving a stream's next run on is the claim (a conditional
 * UPDATE): of several processes, one fires each scheduled run.
 */
export async function runDueStreams(scheduling: RunQueue & { log: (line: string) => void }) {
  const { db, queue, log } = scheduling;
  for (const stream of await dueStreams(db)) {
    let next: Date | null = null;
    try {
      next = nextRunAt(parseSchedule(stream.advanced_schedule_json), new Date());
    } catch {
      // a schedule stored before a stricter rule: the stream is left to manual runs
    }
    if (!(await advanceSchedule(db, stream, next))) continue;
    try {
      const execution = await enqueueExecution(
        scheduling,
        stream.id,
        'SCHEDULED',
        stream.created_by,
      );
      // Claimed at once into a free slot; the next due stream does not wait for this run.
      queue.start(streamRunJobId(execution.id));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      log(`stream ${stream.id}: scheduled run skipped: ${error.message}`);
    }
  }
}

/**
 * INTERVAL and DAILY streams run on their own; MANUAL ones only on demand (4.3, gaps.md). Started
 * once, by the composition root.
 */
export function scheduleStreams(scheduling: StreamScheduling) {
  const { db, jobs } = scheduling;
  // Runs cut off by a dead process end through their job's lease (jobs/queue.ts); only runs
  // from before the job table have none.
  jobs.run('streams: fail executions without a job', () =>
    failExecutionsWithoutJob(db, INTERRUPTED),
  );
  jobs.every('streams: scheduler', scheduling.intervals.streamSchedulerMs, () =>
    runDueStreams(scheduling),
  );
}
