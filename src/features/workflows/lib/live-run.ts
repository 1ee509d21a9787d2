import type { RunLogEntry, RunStep, WorkflowRun } from '../../../api/contract';
import { formatDuration, toDate } from '../../../lib/format';

const ACTIVE = new Set(['QUEUED', 'IN_PROGRESS']);

/**
 * The run as its log already tells it. The log and the run's state are read on timers of their
 * own, so the log may be a moment ahead: a run whose log says it started is not shown as queued,
 * nor a step whose log says it started (or completed) as pending.
 */
export function withLog(run: WorkflowRun, entries: readonly RunLogEntry[]): WorkflowRun {
  if (!ACTIVE.has(run.status) || entries.length === 0) return run;
  const started = new Map<string, string>();
  const completed = new Map<string, string>();
  let runStarted = false;
  for (const e of entries) {
    if (e.step === '' && e.message.startsWith('Run started')) runStarted = true;
    if (!e.step) continue;
    if (e.message.startsWith(`Step ${e.step} started`)) started.set(e.step, e.at);
    if (e.message.startsWith(`Step ${e.step} completed`)) completed.set(e.step, e.at);
  }
  const steps = run.steps?.map((s): RunStep => {
    if (completed.has(s.id) && (s.status === 'PENDING' || s.status === 'IN_PROGRESS'))
      return {
        ...s,
        status: 'COMPLETED',
        startedAt: s.startedAt ?? started.get(s.id) ?? null,
        finishedAt: completed.get(s.id)!,
      };
    if (started.has(s.id) && s.status === 'PENDING')
      return { ...s, status: 'IN_PROGRESS', startedAt: started.get(s.id)! };
    return s;
  });
  const status =
    run.status === 'QUEUED' && (runStarted || started.size > 0) ? 'IN_PROGRESS' : run.status;
  return { ...run, status, ...(steps ? { steps } : {}) };
}

/**
 * How long a step ran: the figure the platform recorded (the one its log line gives), else from
 * its start to its end, or to `now` while it runs.
 */
export function stepDuration(step: RunStep, now = Date.now()): string | undefined {
  if (step.durationMs !== undefined) return formatDuration(step.durationMs);
  const start = toDate(step.startedAt)?.getTime();
  if (start === undefined) return undefined;
  const end = toDate(step.finishedAt)?.getTime();
  if (end === undefined && step.status !== 'IN_PROGRESS') return undefined;
  return formatDuration((end ?? now) - start);
}
