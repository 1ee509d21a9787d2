import { randomUUID } from 'node:crypto';
import type { Jobs } from '../core/jobs';
import type { Db, Queryable } from '../store';
import {
  claimBatch,
  claimOne,
  expiredJobs,
  failIfExpired,
  markFailed,
  markSucceeded,
  requeue,
  type JobRow,
} from './claims';
import { LEASE_EXPIRED, attemptsSpent, keep, leaseOf, type Lease } from './lease';
import { Signals, jobsTopic } from './signals';

export { LEASE_EXPIRED, LEASE_LOST, attemptsSpent, type Lease } from './lease';
export type { JobRow } from './claims';

/** What a kind of job does; `signal` aborts when the lease is lost or the process stops. */
export interface JobHandler {
  run(job: JobRow, lease: Lease): Promise<void>;
  /** Called (in the failing transaction) when a job fails, so its owner record says why. */
  onFailed?(tx: Queryable, job: JobRow, reason: string): Promise<void>;
  /**
   * Runs of a job in all, when it is safe to run again from the start: a job whose process dies
   * (its lease expires) or stops is queued again for any process to claim, until this many runs
   * have begun; then it fails, saying so. Default 1: it fails at once.
   */
  maxAttempts?: number;
  /**
   * Called (in the transaction that queues it again) before a job runs again, so its owner
   * record shows the attempt and what the last one left is set aside.
   */
  onRetry?(tx: Queryable, job: JobRow, reason: string): Promise<void>;
  /**
   * Jobs that may run long (a workflow run's `wait`): `drain` starts them in the background
   * instead of running them one after another, so one never holds up the next.
   */
  background?: boolean;
  /** At most this many jobs of the kind run at once in one process (default: no bound). */
  concurrency?: number;
  /**
   * Any process may take a job of this kind the moment it is queued (it needs nothing of the
   * process that queued it: no file in its DATA_DIR, no secret in its memory). Otherwise the
   * process that queued it takes it, and others only after the fallback delay.
   */
  shared?: boolean;
}

/** A queued job that needs the process that queued it waits this long before others take it. */
const FALLBACK_SECONDS = 10;
/** At most this many jobs are claimed in one statement. */
const CLAIM_BATCH = 50;

/**
 * A durable job table: rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so two
 * processes on one PostgreSQL never run one job twice, and a job whose process died is
 * failed with a reason once its lease expires (never `running` forever).
 *
 * Work is claimed the moment it is queued: the process that queues a job wakes its own claim
 * (`start`), and on PostgreSQL the enqueueing transaction NOTIFYs the others (signals.ts), which
 * claim what they may at once; the timed `drain` stays the fallback. Each kind runs at most its
 * handler's `concurrency` jobs at once in a process; a finished job frees its slot and claims
 * the next at once.
 */
export class JobQueue {
  readonly owner = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  private readonly aborts = new Map<string, AbortController>();
  private readonly running = new Map<string, number>();
  /** Jobs this process queued (id → when): it claims them before the fallback delay. */
  private readonly own = new Map<string, number>();
  /** The kind of each job this process queued, until it is started (a wake looks at it alone). */
  private readonly kinds = new Map<string, string>();
  /** Kinds to look at on the next claim pass (every kind: undefined in the set). */
  private dirty = new Set<string | undefined>();
  private pumping: Promise<void> | undefined;
  /** Set by `abortAll`: the jobs it cuts off are handed back, if they may run again. */
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    readonly leaseSeconds: number,
    private readonly log: (line: string) => void,
    readonly signals: Signals = new Signals(),
  ) {}

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
    this.signals.on(jobsTopic(kind), () => this.wake(kind));
  }

  /**
   * Adds a queued job inside the caller's transaction; on PostgreSQL the other processes are
   * woken when it commits. The caller wakes this process (`start`) once it has committed.
   */
  async enqueue(
    tx: Queryable,
    kind: string,
    payload: Record<string, unknown>,
    id: string = randomUUID(),
  ) {
    await this.enqueueAll(tx, kind, [{ id, payload }]);
    return id;
  }

  /** Jobs of one kind queued in one statement (starts that arrive together), one wake. */
  async enqueueAll(tx: Queryable, kind: string, jobs: Array<{ id: string; payload: object }>) {
    await tx.query(
      `INSERT INTO jobs (id, kind, payload)
       SELECT j.id, $2, j.payload::jsonb FROM unnest($1::text[], $3::text[]) AS j(id, payload)`,
      [jobs.map((j) => j.id), kind, jobs.map((j) => JSON.stringify(j.payload))],
    );
    if (this.kinds.size > 10_000) this.kinds.clear(); // started by no one: a hint lost, no more
    for (const { id } of jobs) this.kinds.set(id, kind);
    await this.signals.notifyIn(tx, jobsTopic(kind));
  }

  /** Claims one queued job (this one when `id` is given); undefined when none is free. */
  claim(kinds: string[], id?: string) {
    return claimOne(this.db, this, kinds, id);
  }

  /**
   * Claims up to `limit` queued jobs of `kind` in one statement: any of them when the kind is
   * `shared`, else those this process queued and those queued over FALLBACK_SECONDS ago.
   */
  private async claimMany(kind: string, limit: number, shared: boolean): Promise<JobRow[]> {
    const now = Date.now();
    for (const [id, at] of this.own)
      if (now - at > 2 * FALLBACK_SECONDS * 1000) this.own.delete(id);
    const rows = await claimBatch(this.db, this, {
      kind,
      limit,
      shared,
      own: [...this.own.keys()],
      fallbackSeconds: FALLBACK_SECONDS,
    });
    for (const row of rows) this.own.delete(row.id);
    return rows;
  }

  /** The process that queued the job `id` (committed) claims it now, if a slot is free. */
  start(id: string) {
    this.own.set(id, Date.now());
    const kind = this.kinds.get(id);
    this.kinds.delete(id);
    this.wake(kind);
  }

  /** Claims and runs the job `id` now; false when it was not free (another process has it). */
  async runNow(id: string) {
    const job = await this.claim([...this.handlers.keys()], id);
    if (job) await this.launch(job);
    return job !== undefined;
  }

  /**
   * Claims free jobs into free slots, soon. Calls made while a claim is under way make it
   * look once more when it ends, so a wake is never lost and never runs two claims at once.
   */
  wake(kind?: string) {
    // Stopping: what it would claim is left to another process (or the next start).
    if (this.stopping) return;
    this.dirty.add(kind);
    if (!this.pumping) this.jobs.run('jobs: claim', () => this.pump());
  }

  private pump(): Promise<void> {
    this.pumping = (async () => {
      try {
        while (this.dirty.size) {
          const kinds = this.dirty.has(undefined) ? undefined : (this.dirty as Set<string>);
          this.dirty = new Set();
          await this.claimFree(kinds && [...kinds]);
        }
      } finally {
        this.pumping = undefined;
      }
    })();
    return this.pumping;
  }

  /** One pass over the kinds with free slots; the executions it started. */
  private async claimFree(only?: string[]) {
    const started: Array<{ job: JobRow; done: Promise<void> }> = [];
    for (let more = true; more;) {
      more = false;
      for (const [kind, handler] of this.handlers) {
        if (only && !only.includes(kind)) continue;
        const free = (handler.concurrency ?? Infinity) - (this.running.get(kind) ?? 0);
        if (free <= 0) continue;
        const limit = Math.min(free, CLAIM_BATCH);
        const jobs = await this.claimMany(kind, limit, handler.shared ?? false);
        for (const job of jobs) started.push({ job, done: this.launch(job) });
        if (jobs.length === limit) more = true;
      }
    }
    return started;
  }

  /** Runs a claimed job in its kind's slot; its end frees the slot and claims the next. */
  private launch(job: JobRow) {
    this.running.set(job.kind, (this.running.get(job.kind) ?? 0) + 1);
    let done: Promise<void> | undefined;
    this.jobs.run(
      `job ${job.id}`,
      () =>
        (done = this.execute(job).finally(() => {
          this.running.set(job.kind, (this.running.get(job.kind) ?? 1) - 1);
          this.wake(job.kind);
        })),
    );
    // Stopping: the job keeps its lease, which runs out (or the next start fails it).
    return done ?? Promise.resolve();
  }

  /**
   * Claims every job it may (the timed fallback: jobs queued elsewhere over 10 s ago, and work
   * whose wake was lost); expired leases are failed first. `orphans`: a store only this process
   * can open (PGlite) fails every running job at once, its process is gone. Resolves once the
   * jobs it claimed of kinds that are not `background` have ended.
   */
  async drain(orphans = false) {
    await this.failExpired(orphans);
    while (this.pumping) await this.pumping;
    let claimed: Array<{ job: JobRow; done: Promise<void> }> = [];
    this.pumping = (async () => {
      try {
        claimed = await this.claimFree();
      } finally {
        this.pumping = undefined;
        if (this.dirty.size) this.jobs.run('jobs: claim', () => this.pump());
      }
    })();
    await this.pumping;
    await Promise.all(
      claimed.filter(({ job }) => !this.handlers.get(job.kind)?.background).map((c) => c.done),
    );
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
    const lease = leaseOf(this.db, job.id, this.owner, this.leaseSeconds, abort);
    const stop = keep(lease, this.leaseSeconds);
    try {
      await handler.run(job, lease);
      if (!lease.done) await markSucceeded(this.db, job.id, this.owner);
      this.signals.publish(`job:${job.id}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A clean stop hands a job that may run again back to the queue for another process.
      if (this.stopping && abort.signal.aborted && this.mayRetry(job)) {
        if (await this.retry(job, reason, { owner: this.owner })) return;
      }
      await this.fail(job, reason, this.owner);
    } finally {
      stop();
      this.aborts.delete(job.id);
    }
  }

  /** Marks a job failed (only while `owner` holds it, when given) and tells its handler. */
  async fail(job: JobRow, reason: string, owner?: string) {
    await this.db.transaction(async (tx) => {
      if (await markFailed(tx, job.id, reason, owner))
        await this.handlers.get(job.kind)?.onFailed?.(tx, job, reason);
    });
    // Its handler may have queued a follow-up (a workflow run resumes): claim it now.
    this.signals.publish(`job:${job.id}`);
    this.wake(job.kind);
  }

  /** Whether the job's kind lets it run again: it has attempts left. */
  private mayRetry(job: JobRow) {
    return job.attempts < (this.handlers.get(job.kind)?.maxAttempts ?? 1);
  }

  /**
   * Queues the job again (expired, or held by `owner`) and tells its handler; any process may
   * claim it, this one at once. False when it was not queued again (another process had it).
   */
  private async retry(job: JobRow, reason: string, which: Parameters<typeof requeue>[3]) {
    const queued = await this.db.transaction(async (tx) => {
      if (!(await requeue(tx, job.id, reason, which))) return false;
      await this.handlers.get(job.kind)?.onRetry?.(tx, job, reason);
      await this.signals.notifyIn(tx, jobsTopic(job.kind));
      return true;
    });
    if (!queued) return false;
    const max = this.handlers.get(job.kind)?.maxAttempts ?? 1;
    this.log(
      `job ${job.id} (${job.kind}): ${reason}; queued for attempt ${job.attempts + 1} of ${max}`,
    );
    this.signals.publish(`job:${job.id}`);
    this.wake(job.kind);
    return true;
  }

  /**
   * Jobs whose lease ran out (their process died) run again while their kind allows it, in
   * whichever process claims them; otherwise, or once their attempts are spent, they fail with a
   * reason.
   */
  async failExpired(orphans = false) {
    for (const job of await expiredJobs(this.db, orphans, this.owner)) {
      if (this.mayRetry(job)) {
        await this.retry(job, LEASE_EXPIRED, { expired: { orphans, owner: this.owner } });
        continue;
      }
      const max = this.handlers.get(job.kind)?.maxAttempts ?? 1;
      const reason = max > 1 ? attemptsSpent(max) : LEASE_EXPIRED;
      await this.db.transaction(async (tx) => {
        if (!(await failIfExpired(tx, job.id, reason, orphans, this.owner))) return;
        await this.handlers.get(job.kind)?.onFailed?.(tx, job, reason);
      });
      this.signals.publish(`job:${job.id}`);
      this.log(`job ${job.id} (${job.kind}): ${reason}`);
    }
  }

  /**
   * On a clean stop, running jobs are aborted: those that may run again are queued again for
   * another process (or this one's next start), the others fail with a reason.
   */
  abortAll() {
    this.stopping = true;
    for (const a of this.aborts.values()) a.abort();
  }
}
