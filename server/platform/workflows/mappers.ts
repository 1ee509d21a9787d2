import type { RunLogEntry, Workflow, WorkflowRun } from '../../../src/api/contract';
import type { LogRow, RunRow, WorkflowRow } from './repository';

/** The contract's shapes of workflows, runs and log lines, from their rows. */
const iso = (d: Date | string) => new Date(d).toISOString();

export const toWorkflow = (r: WorkflowRow): Workflow => ({
  id: r.id,
  name: r.name,
  description: r.description,
  version: r.version,
  definition: r.definition,
  owner: r.owner,
  createdOn: iso(r.created_on),
  updatedOn: iso(r.updated_on),
  ...(r.last_run_id !== undefined
    ? {
        lastRun: r.last_run_id
          ? {
              id: r.last_run_id,
              status: r.last_run_status!,
              startedAt: iso(r.last_run_started_at!),
              finishedAt: r.last_run_finished_at ? iso(r.last_run_finished_at) : null,
            }
          : null,
      }
    : {}),
});

export const toRun = (r: RunRow, { outputs = false } = {}): WorkflowRun => ({
  id: r.id,
  workflowId: r.workflow_id,
  version: r.version,
  status: r.status,
  input: r.input,
  startedAt: iso(r.started_at),
  finishedAt: r.finished_at ? iso(r.finished_at) : null,
  error: r.error,
  ...(r.workflow_name !== undefined ? { workflowName: r.workflow_name } : {}),
  startedBy: r.started_by,
  ...(r.number !== undefined ? { number: Number(r.number) } : {}),
  steps: r.steps.map(({ output, input, ...s }) => ({
    ...s,
    ...(outputs && input !== undefined ? { input } : {}),
    ...(outputs && output !== undefined ? { output } : {}),
  })),
});

export const toLogEntry = (r: LogRow): RunLogEntry => ({
  seq: r.seq,
  at: iso(r.at),
  level: r.level,
  step: r.step,
  message: r.message,
});
