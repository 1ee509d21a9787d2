import { NoRows, recorded, type Db, type Statement } from '../store';
import type { Lease } from '../jobs/queue';
import type { JournalLine } from './journal';
import type { RunRow } from './repository';
import { splitWritten, writeWithLines } from './run-writes';
import {
  TERMINAL,
  completedState,
  endingOf,
  startLines,
  startedState,
  type Advanced,
  type Done,
  type LogLine,
} from './run-state';

/** The run is not where this process held it: read it (run-state.ts `advance`). */
export const UNSURE = Symbol('unsure');

/** What a batch wrote: the run as it now is, its lines as numbered, the state's JSON size. */
export type Wrote = (run: RunRow, lines: JournalLine[], stateChars: number) => void;

/**
 * `advance` without reading the run: the run as this process last wrote it (or as its start
 * inserted it) is held in memory, and the step just done (its output, lines and effect), the
 * claim of the next step or the run's end are one `Db.batch`, conditional on the lease and on
 * the run being where it was held with no cancel asked for. Any other case (a cancel, a resumed
 * step, a run moved on elsewhere) answers UNSURE, nothing written, and the caller reads the run.
 */
export async function advanceHeld(
  db: Db,
  lease: Lease,
  run: RunRow,
  done: Done | undefined,
  wrote?: Wrote,
): Promise<Advanced | typeof UNSURE> {
  if (TERMINAL.has(run.status) || run.cancel_requested_by !== null) return UNSURE;
  const definition = run.definition!;
  const steps = [...run.steps];
  const lines: LogLine[] = run.status === 'QUEUED' ? startLines(run) : [];
  let index = run.next_step;
  if (done) {
    if (run.next_step !== done.index || steps[done.index]?.status !== 'IN_PROGRESS') return UNSURE;
    steps[done.index] = completedState(steps[done.index]!, done);
    lines.push(...done.lines);
    index = done.index + 1;
  }
  const step = definition.steps[index];
  let state = steps[index];
  if (step) {
    if (state?.status !== 'PENDING') return UNSURE;
    const started = startedState(state, step);
    state = started.state;
    steps[index] = state;
    lines.push(started.line);
  }
  const moved: RunRow = { ...run, status: 'IN_PROGRESS', steps, next_step: index };
  const ending = step ? undefined : endingOf(moved, 'COMPLETED', null);
  if (ending) lines.push(...ending.lines);
  const stepsJson = JSON.stringify(ending?.steps ?? steps);
  // One statement: the lease held, the run moved on from where it was held (no cancel asked
  // for since: a cancel goes the way that reads the run) or ended, and its lines.
  const statements: Statement[] = [
    writeWithLines(
      run.id,
      {
        sql: `UPDATE workflow_runs SET steps = $2, next_step = $3, log_seq = log_seq + ${lines.length},
           ${ending ? `status = 'COMPLETED', error = NULL, finished_at = clock_timestamp()` : `status = 'IN_PROGRESS'`}
         WHERE id = $1 AND next_step = $4 AND status = $5 AND cancel_requested_by IS NULL
           AND EXISTS (SELECT 1 FROM held)
         RETURNING log_seq, finished_at`,
        params: [run.id, stepsJson, index, run.next_step, run.status],
      },
      lines,
      { held: lease.holdStatement() },
    ),
  ];
  if (done?.effect) statements.push(...(await recorded(done.effect)));
  // The run's end is its job's: committed together.
  if (ending) statements.push(lease.successStatement());
  try {
    const [rows] = await db.batch(statements);
    const { row, lines: written } = splitWritten<{ finished_at: Date | null }>(rows!);
    wrote?.(
      ending
        ? {
            ...moved,
            status: 'COMPLETED',
            error: null,
            steps: ending.steps,
            finished_at: row.finished_at,
          }
        : moved,
      written,
      stepsJson.length,
    );
  } catch (error) {
    // Nothing written: the lease lost, or the run not where it was held. Reading it tells which.
    if (error instanceof NoRows && error.index === 0) return UNSURE;
    throw error;
  }
  if (!step) lease.succeeded();
  return step ? { run: moved, index, state: state! } : undefined;
}
