import { actingAs } from '../access/principal';
import type { JobHandler } from '../jobs/queue';
import { QUEUED_WITHOUT_USER, STREAM_RUN_MAX_ATTEMPTS, type StreamRunPayload } from './run-job';
import type { StreamService } from './service';

/** The user a job without one ends as: no user, who holds nothing (access/principal.ts). */
const NO_USER = 0;

/** The job of a run: the StreamService runs it as the user the payload names. */
export function streamRunHandler(streams: StreamService): JobHandler {
  return {
    async run(job, lease) {
      const { executionId, userId } = job.payload as unknown as StreamRunPayload;
      if (userId === undefined) throw new Error(QUEUED_WITHOUT_USER);
      await streams.run(actingAs(userId), executionId, lease, job.id);
    },
    async onFailed(tx, job, reason) {
      const { executionId, userId } = job.payload as unknown as StreamRunPayload;
      await streams.failRun(actingAs(userId ?? NO_USER), executionId, reason, tx);
    },
    maxAttempts: STREAM_RUN_MAX_ATTEMPTS,
    async onRetry(tx, job) {
      const { executionId, userId } = job.payload as unknown as StreamRunPayload;
      await streams.retryRun(actingAs(userId ?? NO_USER), executionId, job.id, tx);
    },
  };
}
