import type { RunLogEntry, WorkflowStep } from '../../../src/api/contract';
import { LEASE_LOST, type JobRow, type Lease } from '../jobs/queue';
import type { Db, Queryable } from '../store';
import { appendLogs, type RunRow, type StepState } from './repository';
import { endRun, readRun, resumeRun, saveSteps } from './run-repository';
import { kindOf } from './steps';

export const WORKFLOW_RUN_JOB = 'workflow-run';
export const workflowJobId = (runId: string, resume = 0) =>
  resume ? `workflow-run-${runId}-r${resume}` : `workflow-run-${runId}`;
/** The signal (jobs/signals.ts) published when a run's log or state changed. */
export const runTopic = (runId: string) => `run:${runId}`;
/** A run whose process stopped is resumed this many times, then fails with the reason. */
export const MAX_RESUMES = 3;

export const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED']);

export interface RunPayload {
  runId: string;
}
/** A write committed together with a step's output (so a repeated step writes it once). */
export type Effect = (tx: Queryable) => Promise<unknown>;
export type LogLine = { level: RunLogEntry['level']; step: string; message: string };
/** A step finished in this process, recorded with the claim of the next. */
export interface Done {
  index: number;
  /** What the step writes besides its output, committed with it (a `notify`'s outbox row). */
  effect?: Effect;
  output: unknown;
  lines: LogLine[];
  /** What the step received and how long it ran (StepState). */
  input: unknown;
  durationMs: number;
}
/** The step to run now (its run as written, with it IN_PROGRESS); undefined: nothing to run. */
export type Advanced = { run: RunRow; index: number; state: StepState } | undefined;
/** What a step that ended without an output is recorded with. */
export type StepRecord = Pick<Done, 'input' | 'durationMs'>;
export type Ending = 'COMPLETED' | 'FAILED' | 'CANCELED';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Writes the run's steps and next step (only where it was: a conditional update) and lines. */
async function save(
  tx: Queryable,
  run: RunRow,
  steps: StepState[],
  index: number,
  lines: LogLine[],
) {
  // The lines go with it, sent at once: a run that was not where it was is rolled back anyway.
  const [saved] = await Promise.all([
    saveSteps(tx, run, steps, index),
    appendLogs(tx, run.id, lines),
  ]);
  if (!saved) throw new Error(LEASE_LOST);
}

/** The step just `done`, as the run records it. */
export const completedState = (state: StepState, done: Done): StepState => ({
  ...state,
  status: 'COMPLETED',
  finishedAt: new Date().toISOString(),
  output: done.output,
  input: done.input,
  durationMs: done.durationMs,
});

/** The step claimed to run now, and its line. */
export const startedState = (state: StepState, step: WorkflowStep) => ({
  state: { ...state, status: 'IN_PROGRESS', startedAt: new Date().toISOString() } as StepState,
  line: {
    level: 'INFO',
    step: step.id,
    message: `Step ${step.id} started (${step.type}: ${step.name})`,
  } satisfies LogLine,
});

/** A line about the whole run, not one of its steps. */
const RUN_LEVEL = '';

export const startLines = (run: RunRow): LogLine[] => {
  const { steps } = run.definition!;
  const step = RUN_LEVEL;
  return [
    {
      level: 'INFO',
      step,
      message: `Run started (workflow version ${run.version}, ${steps.length} step${steps.length === 1 ? '' : 's'})`,
    },
    { level: 'DEBUG', step, message: `Input: ${JSON.stringify(run.input)}` },
  ];
};

/**
 * The run with the step just `done` recorded: its steps, its lines so far (the run's first ones
 * when it was queued) and the index of the step after; undefined when `done` is not the run's
 * step in progress.
 */
export function withDone(run: RunRow, done: Done | undefined) {
  const steps = [...run.steps];
  const lines: LogLine[] = run.status === 'QUEUED' ? startLines(run) : [];
  if (!done) return { steps, lines, index: run.next_step };
  if (run.next_step !== done.index || steps[done.index]?.status !== 'IN_PROGRESS') return undefined;
  steps[done.index] = completedState(steps[done.index]!, done);
  lines.push(...done.lines);
  return { steps, lines, index: done.index + 1 };
}

/**
 * One transaction under the lease: records the step just `done` (its output, `next_step`
 * moved on, by a conditional update), then ends the run (all done, or a cancel asked for) or
 * claims the next step (PENDING → IN_PROGRESS). Undefined when there is nothing to run here.
 */
export function advance(db: Db, lease: Lease, runId: string, done: Done | undefined) {
  return db.transaction(async (tx): Promise<Advanced> => {
    // Sent together (the store runs them in order): the lease, then the run's row.
    const [, run] = await Promise.all([lease.hold(tx), readRun(tx, runId, true)]);
    if (!run || TERMINAL.has(run.status)) return undefined;
    const definition = run.definition!;
    const recorded = withDone(run, done);
    if (!recorded) throw new Error(LEASE_LOST);
    const { steps, lines, index } = recorded;
    await done?.effect?.(tx);
    const step = definition.steps[index];
    const ending = !step || run.cancel_requested_by !== null;
    let state = steps[index];
    if (step && state && !ending) {
      if (state.status === 'IN_PROGRESS') {
        // The process that started this step stopped in its middle.
        if (!kindOf(step.type)?.resumable) {
          await save(tx, run, steps, index, lines);
          await finishIn(
            tx,
            runId,
            'FAILED',
            `Step ${step.id} was interrupted when the platform stopped; a ${step.type} step is not repeated, as it may already have done its work: run the workflow again`,
            index,
          );
          return undefined;
        }
        lines.push({
          level: 'WARN',
          step: step.id,
          message: `Step ${step.id} resumed after an interruption`,
        });
      } else {
        const started = startedState(state, step);
        state = started.state;
        steps[index] = state;
        lines.push(started.line);
      }
    }
    await save(tx, run, steps, index, lines);
    if (ending) {
      await finishIn(tx, runId, step ? 'CANCELED' : 'COMPLETED', null, step ? index : undefined);
      return undefined;
    }
    return {
      run: { ...run, status: 'IN_PROGRESS', steps, next_step: index },
      index,
      state: state!,
    };
  });
}

export function finish(
  db: Db,
  lease: Lease,
  runId: string,
  status: Ending,
  error: string | null,
  index: number,
  lines: LogLine[],
  record?: StepRecord,
) {
  return db.transaction(async (tx) => {
    await Promise.all([
      lease.hold(tx),
      appendLogs(tx, runId, lines),
      finishIn(tx, runId, status, error, index, record),
    ]);
  });
}

/** Ends a run (the step at `index` failed or was canceled; the ones after it are skipped). */
export async function finishIn(
  tx: Queryable,
  runId: string,
  status: Ending,
  error: string | null,
  index?: number,
  record?: StepRecord,
) {
  const run = await readRun(tx, runId, true);
  if (!run || TERMINAL.has(run.status)) return;
  const { steps, lines } = endingOf(run, status, error, index, record);
  await endRun(tx, runId, status, error, steps);
  await appendLogs(tx, runId, lines);
}

/** The steps and closing lines of `run` ended with `status` (at the step `index`). */
export function endingOf(
  run: RunRow,
  status: Ending,
  error: string | null,
  index?: number,
  record?: StepRecord,
) {
  const now = new Date().toISOString();
  const steps = run.steps.map((s, i): StepState => {
    if (index === undefined || i < index) return s;
    if (i === index)
      return {
        ...s,
        status: status === 'FAILED' ? 'FAILED' : 'CANCELED',
        startedAt: s.startedAt ?? (status === 'CANCELED' ? null : now),
        finishedAt: now,
        error: status === 'FAILED' ? error : null,
        ...record,
      };
    return { ...s, status: 'SKIPPED' };
  });
  const last = run.definition?.steps[Math.min(index ?? Infinity, steps.length - 1)]?.id ?? '';
  const took = seconds(Date.now() - new Date(run.started_at).getTime());
  const lines: LogLine[] = [];
  if (status === 'FAILED') {
    lines.push({ level: 'ERROR', step: last, message: error ?? 'failed' });
    lines.push({
      level: 'ERROR',
      step: RUN_LEVEL,
      message: index === undefined ? 'Run failed' : `Run failed at step ${last} after ${took}`,
    });
  } else if (status === 'CANCELED') {
    if (index !== undefined && run.steps[index]?.status === 'IN_PROGRESS')
      lines.push({ level: 'INFO', step: last, message: `Step ${last} interrupted` });
    lines.push({ level: 'INFO', step: RUN_LEVEL, message: `Run canceled after ${took}` });
  } else lines.push({ level: 'INFO', step: RUN_LEVEL, message: `Run completed in ${took}` });
  return { steps, lines };
}

/**
 * The run's job failed without its outcome: its process stopped (a clean stop, or a lease that
 * expired). The run is resumed by a new job (claimable at once) up to MAX_RESUMES times, then
 * fails with the reason; it is never left IN_PROGRESS.
 */
export async function interrupted(tx: Queryable, job: JobRow, reason: string) {
  const { runId } = job.payload as unknown as RunPayload;
  const run = await readRun(tx, runId, true);
  if (!run || TERMINAL.has(run.status)) return;
  const step = run.definition?.steps[Math.min(run.next_step, run.steps.length - 1)]?.id ?? '';
  if (run.resumes >= MAX_RESUMES) {
    await finishIn(
      tx,
      runId,
      'FAILED',
      `${reason} (after ${MAX_RESUMES} resumes)`,
      run.status === 'QUEUED' ? 0 : run.next_step,
    );
    return;
  }
  await appendLogs(tx, runId, [{ level: 'WARN', step, message: `${reason}; the run will resume` }]);
  await resumeRun(tx, runId, {
    id: workflowJobId(runId, run.resumes + 1),
    kind: WORKFLOW_RUN_JOB,
    payload: { runId },
  });
}
