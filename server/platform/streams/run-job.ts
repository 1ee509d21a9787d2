import { created, recordEvent } from '../audit/record';
import type { JobQueue } from '../jobs/queue';
import type { Db } from '../store';
import { insertExecution } from './repository';

/**
 * Stream executions are jobs of the durable job table: the execution row and its job are written
 * in one transaction, the run is claimed under a lease, and a run whose process died runs again
 * once the lease expires, in whichever process claims it, until its attempts are spent; then it
 * ends in ERROR, saying so.
 */
export const STREAM_RUN_JOB = 'stream-run';
export const streamRunJobId = (executionId: number) => `stream-run-${executionId}`;

export interface StreamRunPayload {
  streamId: number;
  executionId: number;
  /** Who runs it: the source is read as this user. */
  userId?: number;
}

/**
 * Runs of a stream run's job in all: one whose process dies is run again from the start in
 * whichever process claims it (its staged rows are unseen until published, and set aside).
 */
export const STREAM_RUN_MAX_ATTEMPTS = 3;

/** The reason of a run whose process stopped before the job table knew of it. */
export const INTERRUPTED = 'Interrupted: the platform stopped during the run';

/** Why a run's job fails when its payload names no user (a job an earlier version queued). */
export const QUEUED_WITHOUT_USER =
  'The run was queued without the user who runs it; start the stream again';

/** Where a run is queued: the store and the job queue. */
export interface RunQueue {
  db: Db;
  queue: JobQueue;
}

/**
 * The ACTIVE execution and its queued job, run as `userId`; 409 (the partial unique index) while
 * one is ACTIVE. The caller starts the job (`queue.start`) once this has committed.
 */
export async function enqueueExecution(
  { db, queue }: RunQueue,
  streamId: number,
  runType: string,
  userId: number,
) {
  return db.transaction(async (tx) => {
    const execution = await insertExecution(tx, streamId, runType);
    const payload: StreamRunPayload = { streamId, executionId: execution.id, userId };
    await queue.enqueue(tx, STREAM_RUN_JOB, { ...payload }, streamRunJobId(execution.id));
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
