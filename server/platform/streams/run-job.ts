import { created, recordEvent } from '../audit/record';
import type { PlatformDeps } from '../core/context';
import type { JobHandler } from '../jobs/queue';
import type { Queryable } from '../store';
import { insertExecution, type ExecutionRow, type StreamRow } from './repository';
import { INTERRUPTED, runExecution } from './service';

/**
 * Stream executions are jobs of the durable job table (issue 10): the execution row and its job
 * are written in one transaction, the run is claimed under a lease, and a run whose process died
 * ends in ERROR with the lease's reason once the lease expires.
 */
export const STREAM_RUN_JOB = 'stream-run';
export const streamRunJobId = (executionId: number) => `stream-run-${executionId}`;

interface StreamRunPayload {
  streamId: number;
  executionId: number;
  /** Who runs it: the source is read as this user (absent in jobs from before issue 23). */
  userId?: number;
}

/**
 * The ACTIVE execution and its queued job, run as `userId`; 409 (the partial unique index) while
 * one is ACTIVE.
 */
export async function enqueueExecution(
  deps: PlatformDeps,
  streamId: number,
  runType: string,
  userId: number,
) {
  return deps.db.transaction(async (tx) => {
    const execution = await insertExecution(tx, streamId, runType);
    const payload: StreamRunPayload = { streamId, executionId: execution.id, userId };
    await deps.queue.enqueue(tx, STREAM_RUN_JOB, { ...payload }, streamRunJobId(execution.id));
    await recordEvent(
      tx,
      userId,
      'stream.run',
      { type: 'stream', id: streamId },
      created({ execution: execution.id, runType }),
    );
    return execution;
  });
}

/**
 * 201 comes back at once; the run goes on in the background (ACTIVE → SUCCESS or ERROR), reading
 * the source as `userId`, who starts it.
 */
export async function startExecution(
  deps: PlatformDeps,
  stream: StreamRow,
  runType: string,
  userId: number,
) {
  const execution = await enqueueExecution(deps, stream.id, runType, userId);
  deps.queue.start(streamRunJobId(execution.id));
  return execution;
}

export function streamRunHandler(deps: PlatformDeps): JobHandler {
  return {
    async run(job, lease) {
      const { streamId, executionId, userId } = job.payload as unknown as StreamRunPayload;
      const [execution] = await deps.db.query<ExecutionRow & { created_by: number }>(
        `SELECT e.*, s.created_by FROM stream_executions e JOIN streams s ON s.id = e.stream_id
         WHERE e.id = $1 AND e.state = 'ACTIVE'`,
        [executionId],
      );
      if (execution)
        await runExecution(
          deps,
          streamId,
          execution,
          lease,
          job.id,
          userId ?? execution.created_by,
        );
    },
    async onFailed(tx: Queryable, job, reason) {
      const { executionId } = job.payload as unknown as StreamRunPayload;
      await tx.query(
        `UPDATE stream_executions SET state = 'ERROR', ended_at = now(), error_message = $2
         WHERE id = $1 AND state = 'ACTIVE'`,
        [executionId, reason.slice(0, 1000)],
      );
    },
  };
}

/**
 * An ACTIVE execution with no job was cut off by a platform from before the job table (its
 * process is gone): it ends in ERROR. Execution and job are written together, so a run that
 * another process is starting right now always has its job.
 */
export const failExecutionsWithoutJob = (db: Queryable) =>
  db.query(
    `UPDATE stream_executions e SET state = 'ERROR', ended_at = now(), error_message = $1
     WHERE e.state = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = 'stream-run-' || e.id)`,
    [INTERRUPTED],
  );
