import { NoRows, recorded, type Db, type Statement } from '../store';
import type { Lease } from '../jobs/queue';
import type { JournalLine } from './journal';
import { appendLogs, type RunRow } from './repository';
import {
  TERMINAL,
  completedState,
  endingOf,
  saveStatement,
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
  const statements: Statement[] = [lease.holdStatement()];
  let index = run.next_step;
  if (done) {
    if (run.next_step !== done.index || steps[done.index]?.status !== 'IN_PROGRESS') return UNSURE;
    steps[done.index] = completedState(steps[done.index]!, done);
    lines.push(...done.lines);
    if (done.effect) statements.push(...(await recorded(done.effect)));
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
  const save = saveStatement(run, steps, index);
  // No cancel asked for since it was held: a cancel goes the way that reads the run.
  statements.push({
    ...save,
    sql: save.sql.replace(' RETURNING', ' AND cancel_requested_by IS NULL RETURNING'),
  });
  const saveAt = statements.length - 1;
  const moved: RunRow = { ...run, status: 'IN_PROGRESS', steps, next_step: index };
  let ending: ReturnType<typeof endingOf> | undefined;
  const endAt = statements.length;
  if (!step) {
    ending = endingOf(moved, 'COMPLETED', null);
    statements.push({
      sql: `UPDATE workflow_runs SET status = 'COMPLETED', error = NULL,
              finished_at = clock_timestamp(), steps = $2 WHERE id = $1 RETURNING finished_at`,
      params: [run.id, JSON.stringify(ending.steps)],
    });
    lines.push(...ending.lines);
  }
  const linesAt = statements.length;
  statements.push(...(await recorded((tx) => appendLogs(tx, run.id, lines))));
  // The run's end is its job's: committed together.
  if (!step) statements.push(lease.successStatement());
  try {
    const results = await db.batch(statements);
    const written = (results[linesAt] ?? []) as JournalLine[];
    const chars = String(statements[saveAt]!.params![1]).length;
    if (!ending) wrote?.(moved, written, chars);
    else {
      const [end] = results[endAt] as Array<{ finished_at: Date }>;
      const over = { ...moved, status: 'COMPLETED', error: null, steps: ending.steps } as const;
      wrote?.({ ...over, finished_at: end!.finished_at }, written, chars);
    }
  } catch (error) {
    if (!(error instanceof NoRows)) throw error;
    if (error.index === 0) throw lease.lost();
    if (error.index === saveAt) return UNSURE;
    throw error;
  }
  if (!step) lease.succeeded();
  return step ? { run: moved, index, state: state! } : undefined;
}
