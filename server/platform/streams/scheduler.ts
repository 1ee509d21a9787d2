import type { Jobs } from '../core/jobs';
import { PlatformError } from '../core/errors';
import type { StreamService } from './service';

/** What the scheduler works with besides the streams: its timers, how often, and the log. */
export interface StreamScheduling {
  jobs: Jobs;
  log: (line: string) => void;
  intervals: { streamSchedulerMs: number };
}

/**
 * Starts every stream whose next run has come, one after another, each as the stream's owner
 * through the StreamService (which claims the run, decides, and queues it; the job reads the
 * source as the owner). A run the owner may not start is skipped, with why in the log.
 */
export async function runDueStreams(streams: StreamService, log: (line: string) => void) {
  for (const { streamId, owner } of await streams.due()) {
    try {
      // Claimed and started at once into a free slot; the next due stream does not wait for it.
      await streams.startScheduled(owner, streamId);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      log(`stream ${streamId}: scheduled run skipped: ${error.message}`);
    }
  }
}

/**
 * INTERVAL and DAILY streams run on their own; MANUAL ones only on demand (4.3, gaps.md). Started
 * once, by the composition root.
 */
export function scheduleStreams(streams: StreamService, scheduling: StreamScheduling) {
  const { jobs, log } = scheduling;
  jobs.run('streams: fail executions without a job', () => streams.failRunsWithoutJob());
  jobs.every('streams: scheduler', scheduling.intervals.streamSchedulerMs, () =>
    runDueStreams(streams, log),
  );
}
