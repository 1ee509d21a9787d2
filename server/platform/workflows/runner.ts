import type { WorkflowStep } from '../../../src/api/contract';
import { actingAs } from '../access/principal';
import { PlatformError } from '../core/errors';
import type { JobHandler, JobQueue, Lease } from '../jobs/queue';
import type { Db } from '../store';
import type { RequestGauge } from '../store/priority';
import { Canceled, ReferenceError, StepFailure } from './errors';
import { MAX_OUTPUT_BYTES, jsonBytesOver } from './output';
import { ExpansionBudget, resolve, type ReferenceContext } from './references';
import { appendLogs, insertNotification, type RunRow, type StepState } from './repository';
import { ReceivedInput, durationText } from './step-record';
import {
  advance,
  finish as finishRun,
  interrupted,
  runTopic,
  workflowJobId,
  type Done,
  type Effect,
  type LogLine,
  type RunPayload,
} from './run-state';
import {
  executeStep,
  kindOf,
  type Log,
  type StepContext,
  type StepServices,
  type StepSettings,
} from './steps';
import { poll, waitUntil } from './waiting';
import { RunInMemory, UNSURE, type Wrote } from './run-in-memory';
import type { RunJournal } from './journal';

export { MAX_OUTPUT_BYTES } from './output';
export { MAX_RESUMES, WORKFLOW_RUN_JOB, workflowJobId } from './run-state';
export const INTERRUPTED = 'Interrupted: the platform stopped during the run';
/** Follows a service's refusal in a run's error: every step acts as the run's starter. */
export const REFUSED_TO_STARTER = ' (as the user who started the run)';
/** At most this many runs are held between their start and their claim (one process). */
const HELD_MAX = 10_000;
/** A quick step's start, and a run's, waits at most this long to be written (run-in-memory.ts). */
const DEFER_MS = 100;

/** What the runner keeps runs with (root.ts): the runs' store, the job queue and the log. */
export interface RunnerSetup {
  /** The runs, their steps and logs (the workflows area's repositories); never given to a step. */
  db: Db;
  queue: JobQueue;
  /** The requests being answered: a step waits for a burst of them, as a statement does. */
  requests: RequestGauge;
  /** Runs one process runs at once (WORKFLOW_CONCURRENCY). */
  concurrency: number;
  log: (line: string) => void;
}

/**
 * Runs workflow runs: each run is a row of the job table (jobs/queue.ts), claimed under a lease.
 * Every step is claimed and finished by a conditional update of the run row inside a transaction
 * that holds the lease (run-state.ts), so two processes never run one step twice; step outputs
 * are kept on the run, so a run whose process stopped continues where it was
 * (docs/platform-gaps.md). What a step does is its kind's (steps/): the runner knows none by name.
 */
export class WorkflowRunner {
  /** Runs of this process, to interrupt at once on a cancel. */
  private readonly cancels = new Map<string, AbortController>();
  /** Runs this process started, as inserted, until it claims them (their claim reads none). */
  private readonly inserted = new Map<string, RunRow>();

  constructor(
    private readonly setup: RunnerSetup,
    /** What the steps call, as the run's user: the services the routes call (steps/types.ts). */
    private readonly services: StepServices,
    private readonly settings: StepSettings,
    /** Runs as this process wrote them, for the live reads of this process (journal.ts). */
    private readonly journal: RunJournal,
  ) {}

  /** The process that enqueued the run (just inserted as `run`) starts it at once. */
  start(run: RunRow) {
    if (this.inserted.size >= HELD_MAX) this.inserted.delete(this.inserted.keys().next().value!);
    this.inserted.set(run.id, run);
    this.setup.queue.start(workflowJobId(run.id));
  }

  /**
   * Wakes whoever follows the run's log and state (the live read, workflows/live.ts), who reads
   * it; what the journal held of the run is dropped.
   */
  changed(runId: string) {
    this.setup.queue.signals.publish(runTopic(runId));
  }

  cancelLocal(runId: string) {
    this.cancels.get(runId)?.abort();
  }

  handler(): JobHandler {
    return {
      run: (job, lease) => this.run((job.payload as unknown as RunPayload).runId, lease),
      onFailed: (tx, job, reason) => interrupted(tx, job, reason),
      background: true,
      // Steps of different runs interleave, up to WORKFLOW_CONCURRENCY runs in this process;
      // a run needs nothing of the process that queued it, so any process takes it at once.
      concurrency: this.setup.concurrency,
      shared: true,
    };
  }

  private async run(runId: string, lease: Lease) {
    const { db } = this.setup;
    const finish = (...args: Parameters<typeof finishRun>) =>
      finishRun(...args).finally(() => this.changed(runId));
    const cancel = new AbortController();
    this.cancels.set(runId, cancel);
    const signal = AbortSignal.any([lease.signal, cancel.signal]);
    // Each write of the run in memory is kept by the journal, and the live reads of this process
    // are told what it wrote (the others read it). The claim counts as the first: the run's
    // start then waits as a quick step's does, and a run of quick steps that ends within
    // DEFER_MS of its claim is one write, its end.
    let lastWrite = Date.now();
    const wrote: Wrote = (...args) => {
      lastWrite = Date.now();
      if (this.journal.wrote(...args)) this.journal.publish(runId);
      else this.changed(runId);
    };
    // A quick step that may run again starts without a write of its own, while the last write
    // is recent (run-in-memory.ts): its start is written with what comes next.
    const quick = (step: WorkflowStep) => {
      const kind = kindOf(step.type);
      return !!kind?.resumable && !kind.live && Date.now() - lastWrite < DEFER_MS;
    };
    // The run as this process last wrote it: each step is then one statement (run-in-memory.ts).
    const inserted = this.inserted.get(runId);
    this.inserted.delete(runId);
    let inMemory = inserted && new RunInMemory(db, lease, inserted, wrote);
    try {
      let done: Done | undefined;
      for (;;) {
        if (lease.signal.aborted) throw new Error(INTERRUPTED);
        // A step waits, as a statement does, while a burst of requests is answered.
        await this.setup.requests.turn();
        const fast = inMemory ? await inMemory.advance(done, quick) : UNSURE;
        let next = fast;
        if (fast === UNSURE) {
          // Steps done since the run was last written are done again, from where it was.
          const known = !inMemory || inMemory.writtenStep === done?.index;
          next = await advance(db, lease, runId, known ? done : undefined).finally(() =>
            this.changed(runId),
          );
          inMemory = next && new RunInMemory(db, lease, next.run, wrote);
        }
        if (!next) return;
        const { run, index, state } = next as Exclude<typeof next, typeof UNSURE | undefined>;
        const step = run.definition!.steps[index]!;
        // A deferred write waits at most DEFER_MS: a step that takes longer has it written
        // meanwhile, so the live log shows it started.
        let flushing: Promise<boolean> | undefined;
        const timer = inMemory?.deferred
          ? setTimeout(
              () => {
                flushing = inMemory!.flush();
                // Its error is the step's outcome's (awaited below), never an unhandled one.
                flushing.catch(() => undefined);
              },
              Math.max(0, DEFER_MS - (Date.now() - lastWrite)),
            )
          : undefined;
        const flushed = async () => {
          clearTimeout(timer);
          return (await flushing) ?? true;
        };
        const buffered: LogLine[] = [];
        let effect: Effect | undefined;
        const t0 = Date.now();
        const received = new ReceivedInput(step);
        const record = () => ({ input: received.record(), durationMs: Date.now() - t0 });
        let output: unknown;
        try {
          const ctx = this.context(
            run,
            index,
            state,
            signal,
            buffered,
            received,
            (e) => (effect = e),
          );
          output = (await executeStep(step, ctx)) ?? null;
          if (jsonBytesOver(output, MAX_OUTPUT_BYTES))
            throw new StepFailure(`its output is larger than ${MAX_OUTPUT_BYTES} bytes as JSON`);
        } catch (error) {
          if (lease.signal.aborted) throw new Error(INTERRUPTED, { cause: error });
          // What was deferred is written first; a cancel asked for meanwhile ends the run where
          // it was written.
          if (!(await flushed()) || !(await inMemory!.flush()))
            return await finish(db, lease, runId, 'CANCELED', null, inMemory!.writtenStep, []);
          if (cancel.signal.aborted || error instanceof Canceled)
            return await finish(db, lease, runId, 'CANCELED', null, index, buffered, record());
          const known =
            error instanceof StepFailure ||
            error instanceof ReferenceError ||
            error instanceof PlatformError;
          if (!known)
            this.setup.log(`workflow run ${runId} step ${step.id}: ${(error as Error).stack}`);
          // A service's refusal speaks to its actor ("You need …"): the run's reader is told
          // whose it was, for they may not be the user who started the run.
          const refused =
            error instanceof PlatformError && (error.status === 403 || error.status === 404);
          const message = `Step ${step.id} failed: ${(error as Error).message}${refused ? REFUSED_TO_STARTER : ''}`;
          return await finish(db, lease, runId, 'FAILED', message, index, buffered, record());
        }
        await flushed();
        const recorded = record();
        buffered.push({
          level: 'INFO',
          step: step.id,
          message: `Step ${step.id} completed in ${durationText(recorded.durationMs)}`,
        });
        done = { index, output, lines: buffered, effect, ...recorded };
      }
    } catch (error) {
      // Interrupted (the lease lost, a stop): its job's failure writes what the journal lacks.
      this.journal.forget(runId);
      throw error;
    } finally {
      this.cancels.delete(runId);
    }
  }

  /** What the step at `index` is given: the run's user, its references, log and waiting. */
  private context(
    run: RunRow,
    index: number,
    state: StepState,
    signal: AbortSignal,
    buffered: LogLine[],
    received: ReceivedInput,
    defer: (effect: Effect) => void,
  ): StepContext {
    const { db } = this.setup;
    const step = run.definition!.steps[index]!;
    // Lines of quick steps are written with the step's outcome (one transaction a step);
    // a step that may take long writes its lines at once, for the live log.
    const live = kindOf(step.type)?.live ?? false;
    const log: Log = async (level, message) => {
      const line = { level, step: step.id, message };
      if (!live) buffered.push(line);
      else {
        await db.transaction((tx) => appendLogs(tx, run.id, [line]));
        this.changed(run.id);
      }
    };
    const refs: ReferenceContext = {
      input: run.input,
      outputs: Object.fromEntries(run.steps.slice(0, index).map((s) => [s.id, s.output ?? null])),
    };
    const budget = new ExpansionBudget();
    return {
      // A run written before runs named who started them acts as user 1 (docs/platform-gaps.md).
      actor: actingAs(run.started_by ?? 1),
      services: this.services,
      settings: this.settings,
      runId: run.id,
      workflowName: run.workflow_name ?? null,
      state,
      refs,
      resolve: (value, options) => {
        const result = resolve(value, refs, { ...options, budget });
        received.note(value, result);
        return result;
      },
      expand: (chars) => budget.take(chars),
      log,
      signal,
      notify: (message) => defer((tx) => insertNotification(tx, message)),
      waitUntil: (deadline) => waitUntil(db, run.id, deadline, signal),
      poll: (timeoutSeconds, check) => poll(db, run.id, timeoutSeconds, signal, check),
    };
  }
}
