import type { Db, Queryable, Statement } from '../store';
import { markSucceededStatement } from './claims';

export interface Lease {
  signal: AbortSignal;
  /** Extends the lease; throws when another process has taken the job over. */
  heartbeat(): Promise<void>;
  /**
   * Locks the job row inside the transaction that writes the job's outcome and throws when this
   * process no longer holds the lease: a job failed for an expired lease never commits a result.
   */
  hold(tx: Queryable): Promise<void>;
  /**
   * `hold` as the first statement of a `Db.batch` (`required`: the batch rolls back, NoRows at
   * its index, when the lease is lost); the caller calls `lost()` then.
   */
  holdStatement(): Statement;
  /** The lease is gone: aborts the job's signal and answers the error to throw. */
  lost(): Error;
  /**
   * The job's success as a statement of the batch that writes its outcome (after
   * `holdStatement`); once that batch has committed, `succeeded()` tells the queue, which then
   * writes nothing more. Saves a round trip a job.
   */
  successStatement(): Statement;
  succeeded(): void;
  readonly done: boolean;
}

export const LEASE_LOST = 'the job lease was lost';

export const LEASE_EXPIRED =
  'Interrupted: the process running this job stopped and its lease expired';

/** Why a job that may run again fails once the last of its `max` attempts was interrupted too. */
export const attemptsSpent = (max: number) =>
  `Interrupted: the process running this job stopped and its lease expired, and each of its ${max} attempts was cut off: none remains`;

/**
 * The lease of job `jobId`, held by `owner` for `leaseSeconds` at a time. Beats keep it while
 * the process lives (see `keep`); `abort` ends the job's work when it is lost.
 */
export function leaseOf(
  db: Db,
  jobId: string,
  owner: string,
  leaseSeconds: number,
  abort: AbortController,
): Lease {
  const lost = () => {
    abort.abort();
    return new Error(LEASE_LOST);
  };
  const holdStatement = (): Statement => ({
    sql: `SELECT id FROM jobs WHERE id = $1 AND lease_owner = $2 AND status = 'running' FOR UPDATE`,
    params: [jobId, owner],
    required: true,
  });
  let done = false;
  return {
    signal: abort.signal,
    heartbeat: async () => {
      const rows = await db.query(
        `UPDATE jobs SET lease_until = now() + make_interval(secs => $3), updated_at = now()
         WHERE id = $1 AND lease_owner = $2 AND status = 'running' RETURNING id`,
        [jobId, owner, leaseSeconds],
      );
      if (!rows.length) throw lost();
    },
    hold: async (tx) => {
      const { sql, params } = holdStatement();
      const [held] = await tx.query(sql, params);
      if (!held) throw lost();
    },
    holdStatement,
    lost,
    successStatement: () => ({ ...markSucceededStatement(jobId, owner), required: true }),
    succeeded: () => void (done = true),
    get done() {
      return done;
    },
  };
}

/**
 * A live process keeps its lease whatever the handler does between its own heartbeats; only a
 * dead (or frozen) process lets it expire. Returns the stop.
 */
export function keep(lease: Lease, leaseSeconds: number) {
  const beat = setInterval(
    () => void lease.heartbeat().catch(() => undefined),
    (leaseSeconds * 1000) / 3,
  );
  beat.unref();
  return () => clearInterval(beat);
}
