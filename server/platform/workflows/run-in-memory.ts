import type { WorkflowStep } from '../../../src/api/contract';
import { NoRows, recorded, type Db, type Statement } from '../store';
import type { Lease } from '../jobs/queue';
import type { JournalLine } from './journal';
import type { RunRow } from './repository';
import { moveRunOn, onlyWith, splitWritten, writeWithLines } from './run-repository';
import {
  TERMINAL,
  endingOf,
  startedState,
  withDone,
  type Advanced,
  type Done,
  type Effect,
  type LogLine,
} from './run-state';

/** The run is not where this process held it: read it (run-state.ts `advance`). */
export const UNSURE = Symbol('unsure');

/** What a batch wrote: the run as it now is, its lines as numbered, the state's JSON size. */
export type Wrote = (run: RunRow, lines: JournalLine[], stateChars: number) => void;

/** At most this many lines wait in a deferred write. */
const DEFERRED_LINES_MAX = 200;

/**
 * `advance` without reading the run: the run as this process last wrote it (or as its start
 * inserted it) is held in memory, and the step just done (its output, lines and effect), the
 * claim of the next step or the run's end (with its job's) are one statement (and the step's
 * effect, if any), conditional on the lease and on the run being where it was last written,
 * with no cancel asked for. Any other case (a cancel, a resumed step, a run moved on elsewhere)
 * answers UNSURE, nothing written, and the caller reads the run.
 *
 * A step that may run again (`resumable`, and quick: not `live`) may start without a write of
 * its own (`defer`): the run moves on in memory, and what it wrote is written with the next
 * write (a run of quick steps is then one write, its end, instead of one a step, when it ends
 * within the bound of its claim; else its start is written at the bound). Nothing
 * is lost by a stop meanwhile: the store still says the run is where it was written (QUEUED,
 * until its first write), and each step since may run again. The runner bounds how long a write
 * waits.
 */
export class RunInMemory {
  /** Where the store has the run: the next write is conditional on it. */
  private written: Pick<RunRow, 'next_step' | 'status'>;
  private lines: LogLine[] = [];
  private effects: Effect[] = [];

  constructor(
    private readonly db: Db,
    private readonly lease: Lease,
    /** The run as this process moved it on (written or not). */
    private run: RunRow,
    private readonly wrote?: Wrote,
  ) {
    this.written = { next_step: run.next_step, status: run.status };
  }

  /** Steps moved on in memory and not yet written. */
  get deferred() {
    return this.lines.length > 0;
  }

  /** The step the store has the run at (its index). */
  get writtenStep() {
    return this.written.next_step;
  }

  /**
   * Records `done` and claims the next step, or ends the run. Written now unless `defer` (and
   * the run goes on): then on the next write.
   */
  async advance(
    done: Done | undefined,
    defer: (step: WorkflowStep) => boolean = () => false,
  ): Promise<Advanced | typeof UNSURE> {
    const { run } = this;
    if (TERMINAL.has(run.status) || run.cancel_requested_by !== null) return UNSURE;
    const recorded = withDone(run, done);
    if (!recorded) return UNSURE;
    const { steps, lines, index } = recorded;
    const step = run.definition!.steps[index];
    let state = steps[index];
    if (step) {
      if (state?.status !== 'PENDING') return UNSURE;
      const started = startedState(state, step);
      state = started.state;
      steps[index] = state;
      lines.push(started.line);
    }
    this.lines.push(...lines);
    if (done?.effect) this.effects.push(done.effect);
    this.run = { ...run, status: 'IN_PROGRESS', steps, next_step: index };
    if (step && defer(step) && this.lines.length <= DEFERRED_LINES_MAX)
      return { run: this.run, index, state: state! };
    if (!(await this.write(!step))) return UNSURE;
    return step ? { run: this.run, index, state: state! } : undefined;
  }

  /** Writes what was deferred (the run as held); false when the run is not where it was. */
  async flush() {
    return !this.deferred || this.write(false);
  }

  /**
   * One statement: the lease held, the run moved from where it was written to where it is held
   * (no cancel asked for since: a cancel goes the way that reads the run) or ended, with its
   * lines; then the deferred steps' effects, and the job's success with the run's end.
   */
  private async write(end: boolean) {
    const { run, lines } = this;
    const ending = end ? endingOf(run, 'COMPLETED', null) : undefined;
    const all = ending ? [...lines, ...ending.lines] : lines;
    const stepsJson = JSON.stringify(ending?.steps ?? run.steps);
    const statements: Statement[] = [
      writeWithLines(
        run.id,
        moveRunOn(run.id, stepsJson, run.next_step, this.written, all.length, !!ending),
        all,
        { held: this.lease.holdStatement() },
        // The run's end is its job's: written together, and only with it.
        ending ? { done: onlyWith(this.lease.successStatement()) } : {},
      ),
    ];
    for (const effect of this.effects) statements.push(...(await recorded(effect)));
    let rows: unknown[];
    try {
      [rows = []] = await this.db.batch(statements);
    } catch (error) {
      // Nothing written: the lease lost, or the run not where it was. Reading it tells which.
      if (error instanceof NoRows && error.index === 0) return false;
      throw error;
    }
    const { row, lines: written } = splitWritten<{ finished_at: Date | null }>(rows);
    this.lines = [];
    this.effects = [];
    if (ending) {
      this.run = {
        ...run,
        status: 'COMPLETED',
        error: null,
        steps: ending.steps,
        finished_at: row.finished_at,
      };
      this.lease.succeeded();
    }
    this.written = { next_step: this.run.next_step, status: this.run.status };
    this.wrote?.(this.run, written, stepsJson.length);
    return true;
  }
}
