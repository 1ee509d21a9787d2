import { randomUUID } from 'node:crypto';
import type { Jobs } from '../core/jobs';
import type { Db, Queryable } from '../store';

export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  error: string | null;
}

/** What a kind of job does; `signal` aborts when the lease is lost or the process stops. */
export interface JobHandler {
  run(job: JobRow, lease: Lease): Promise<void>;
  /** Called (in the failing transaction) when a job fails, so its owner record says why. */
  onFailed?(tx: Queryable, job: JobRow, reason: string): Promise<void>;
  /**
   * Jobs that may run long (a workflow run's `wait`): `drain` starts them in the background
   * instead of running them one after another, so one never holds up the next.
   */
  background?: boolean;
}

export interface Lease {
  signal: AbortSignal;
  /** Extends the lease; throws when another process has taken the job over. */
  heartbeat(): Promise<void>;
  /**
   * Locks the job row inside the transaction that writes the job's outcome and throws when this
   * process no longer holds the lease: a job failed for an expired lease never commits a result.
   */
  hold(tx: Queryable): Promise<void>;
}

export const LEASE_LOST = 'the job lease was lost';

export const LEASE_EXPIRED =
  'Interrupted: the process running this job stopped and its lease expired';

/**
 * A durable job table: rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so two
 * processes on one PostgreSQL never run one job twice, and a job whose process died is
 * failed with a reason once its lease expires (never `running` forever).
 */
export class JobQueue {
  readonly owner = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  private readonly aborts = new Map<string, AbortController>();

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    readonly leaseSeconds: number,
    private readonly log: (line: string) => void,
  ) {}

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /** Adds a queued job inside the caller's transaction. */
  async enqueue(
    tx: Queryable,
    kind: string,
    payload: Record<string, unknown>,
    id: string = randomUUID(),
  ) {
    await tx.query('INSERT INTO jobs (id, kind, payload) VALUES ($1, $2, $3)', [
      id,
      kind,
      JSON.stringify(payload),
    ]);
    return id;
  }

  /** Claims one queued job (this one when `id` is given); undefined when none is free. */
  async claim(kinds: string[], id?: string): Promise<JobRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<JobRow>(
        `SELECT id, kind, payload, status, attempts, error FROM jobs
         WHERE status = 'queued' AND kind = ANY($1)
           AND ($2::text IS NULL AND created_at < now() - interval '10 seconds' OR id = $2)
         ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [kinds, id ?? null],
      );
      if (!row) return undefined;
      await tx.query(
        `UPDATE jobs SET status = 'running', lease_owner = $2, attempts = attempts + 1,
           lease_until = now() + make_interval(secs => $3), updated_at = now() WHERE id = $1`,
        [row.id, this.owner, this.leaseSeconds],
      );
      return { ...row, status: 'running' as const, attempts: row.attempts + 1 };
    });
  }

  /** Claims and runs the job `id` in the background (the process that enqueued it). */
  start(id: string) {
    this.jobs.run(`job ${id}`, () => this.runNow(id));
  }

  /** Claims and runs the job `id` now; false when it was not free (another process has it). */
  async runNow(id: string) {
    const job = await this.claim([...this.handlers.keys()], id);
    if (job) await this.execute(job);
    return job !== undefined;
  }

  /**
   * Claims and runs every free job (queued over 10 s ago: the process that enqueued a job
   * starts it itself); expired leases are failed first. `orphans`: a store only this process
   * can open (PGlite) fails every running job at once, its process is gone.
   */
  async drain(orphans = false) {
    await this.failExpired(orphans);
    for (;;) {
      const job = await this.claim([...this.handlers.keys()]);
      if (!job) return;
      if (this.handlers.get(job.kind)?.background)
        this.jobs.run(`job ${job.id}`, () => this.execute(job));
      else await this.execute(job);
    }
  }

  /** Runs `drain` on start and every `ms`. */
  schedule(ms: number) {
    this.jobs.run('jobs: first drain', () => this.drain(this.db.kind === 'pglite'));
    this.jobs.every('jobs: drain', ms, () => this.drain());
  }

  private async execute(job: JobRow) {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    const abort = new AbortController();
    this.aborts.set(job.id, abort);
    const lease: Lease = {
      signal: abort.signal,
      heartbeat: async () => {
        const rows = await this.db.query(
          `UPDATE jobs SET lease_until = now() + make_interval(secs => $3), updated_at = now()
           WHERE id = $1 AND lease_owner = $2 AND status = 'running' RETURNING id`,
          [job.id, this.owner, this.leaseSeconds],
        );
        if (!rows.length) {
          abort.abort();
          throw new Error(LEASE_LOST);
        }
      },
      hold: async (tx) => {
        const [held] = await tx.query(
          `SELECT id FROM jobs WHERE id = $1 AND lease_owner = $2 AND status = 'running' FOR UPDATE`,
          [job.id, this.owner],
        );
        if (!held) {
          abort.abort();
          throw new Error(LEASE_LOST);
        }
      },
    };
    // A live process keeps its lease whatever the handler does between its own heartbeats;
    // only a dead (or frozen) process lets it expire.
    const beat = setInterval(
      () => void lease.heartbeat().catch(() => undefined),
      (this.leaseSeconds * 1000) / 3,
    );
    beat.unref();
    try {
      await handler.run(job, lease);
      await this.db.query(
        `UPDATE jobs SET status = 'succeeded', lease_owner = NULL, lease_until = NULL, updated_at = now()
         WHERE id = $1 AND lease_owner = $2`,
        [job.id, this.owner],
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.fail(job, reason, this.owner);
    } finally {
      clearInterval(beat);
      this.aborts.delete(job.id);
    }
  }

  /** Marks a job failed (only while `owner` holds it, when given) and tells its handler. */
  async fail(job: JobRow, reason: string, owner?: string) {
    await this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE jobs SET status = 'failed', error = $2, lease_owner = NULL, lease_until = NULL, updated_at = now()
         WHERE id = $1 AND status IN ('queued', 'running') AND ($3::text IS NULL OR lease_owner = $3)
         RETURNING id`,
        [job.id, reason, owner ?? null],
      );
      if (rows.length) await this.handlers.get(job.kind)?.onFailed?.(tx, job, reason);
    });
  }

  /** Jobs whose lease ran out (their process died) fail with a reason. */
  async failExpired(orphans = false) {
    const expired = await this.db.query<JobRow>(
      `SELECT id, kind, payload, status, attempts, error FROM jobs
       WHERE status = 'running' AND (lease_until < now() OR $1 AND lease_owner IS DISTINCT FROM $2)`,
      [orphans, this.owner],
    );
    for (const job of expired) {
      await this.db.transaction(async (tx) => {
        const [still] = await tx.query(
          `SELECT id FROM jobs WHERE id = $1 AND status = 'running'
             AND (lease_until < now() OR $2 AND lease_owner IS DISTINCT FROM $3)
           FOR UPDATE SKIP LOCKED`,
          [job.id, orphans, this.owner],
        );
        if (!still) return;
        await tx.query(
          `UPDATE jobs SET status = 'failed', error = $2, lease_owner = NULL, lease_until = NULL, updated_at = now() WHERE id = $1`,
          [job.id, LEASE_EXPIRED],
        );
        await this.handlers.get(job.kind)?.onFailed?.(tx, job, LEASE_EXPIRED);
      });
      this.log(`job ${job.id} (${job.kind}): ${LEASE_EXPIRED}`);
    }
  }

  /** On a clean stop, running jobs are aborted (and fail with a reason). */
  abortAll() {
    for (const a of this.aborts.values()) a.abort();
  }
}
