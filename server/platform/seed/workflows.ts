import { z } from 'zod';
import {
  jsonObject,
  stepId,
  userIdInt,
  workflowInput,
  workflowStep,
} from '../../../src/api/contract';
import type { Queryable } from '../store';
import { seededRandom } from './datastores';
import { stableUuid } from './ids';
import { isoMillis, readDataFolder } from './load';
import { runLog, stepStates } from './workflow-logs';

/** A run as a sample file gives it; its log and step states are made as the runner would write them. */
const sampleRun = z.strictObject({
  startedAt: isoMillis,
  version: z.number().int().min(1),
  status: z.enum(['COMPLETED', 'FAILED', 'CANCELED']),
  input: z.optional(jsonObject),
  /** Default: the workflow's own trigger type. */
  trigger: z.enum(['schedule', 'manual']).optional(),
  at: stepId.optional(),
  error: z.string().optional(),
  canceledBy: z.optional(userIdInt),
  cause: z.string().optional(),
  retried: stepId.optional(),
});

/** One file of `data/workflows/`: the workflow (its steps as the contract defines them) and its runs. */
const sampleWorkflow = z.strictObject({
  key: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  version: z.number().int().min(1),
  owner: userIdInt,
  createdOn: isoMillis,
  updatedOn: isoMillis,
  trigger: jsonObject,
  inputs: z.array(workflowInput).optional(),
  steps: z.array(workflowStep).min(1),
  runs: z.array(sampleRun),
});

export const SAMPLE_WORKFLOWS = readDataFolder('workflows', sampleWorkflow).map((w) => ({
  ...w,
  id: stableUuid(`workflow:${w.key}`),
}));

export function sampleWorkflowRuns() {
  const rnd = seededRandom(413);
  return SAMPLE_WORKFLOWS.flatMap((workflow) =>
    workflow.runs.map((spec, i) => {
      const id = stableUuid(`workflow-run:${workflow.key}:${i}`);
      const trigger =
        spec.trigger ?? (workflow.trigger.type === 'schedule' ? 'schedule' : 'manual');
      const run = { ...spec, input: spec.input ?? {}, trigger };
      const logs = runLog(workflow, run, id, rnd);
      return {
        id,
        workflowId: workflow.id,
        version: run.version,
        status: run.status,
        input: run.input,
        startedAt: run.startedAt,
        finishedAt: logs.at(-1)!.at,
        error: run.status === 'FAILED' ? (run.error ?? null) : null,
        steps: stepStates(workflow, run, logs),
        logs,
      };
    }),
  );
}

export async function seedWorkflows(tx: Queryable) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const workflows = SAMPLE_WORKFLOWS;
  await tx.query(
    `INSERT INTO workflows (id, name, description, version, definition, owner, created_on, updated_on)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::jsonb[], $6::int[],
       $7::timestamptz[], $8::timestamptz[])`,
    [
      workflows.map((w) => w.id),
      workflows.map((w) => w.name),
      workflows.map((w) => w.description),
      workflows.map((w) => w.version),
      workflows.map((w) =>
        JSON.stringify({
          trigger: w.trigger,
          ...(w.inputs ? { inputs: w.inputs } : {}),
          steps: w.steps,
        }),
      ),
      workflows.map((w) => w.owner),
      workflows.map((w) => iso(w.createdOn)),
      workflows.map((w) => iso(w.updatedOn)),
    ],
  );
  const runs = sampleWorkflowRuns();
  await tx.query(
    `INSERT INTO workflow_runs (id, workflow_id, version, status, input, started_at, finished_at, error,
       steps, next_step, log_seq, definition, number)
     SELECT x.*, w.definition,
       row_number() OVER (PARTITION BY x.workflow_id ORDER BY x.started_at, x.id)
     FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::jsonb[],
       $6::timestamptz[], $7::timestamptz[], $8::text[], $9::jsonb[], $10::int[], $11::int[])
       AS x(id, workflow_id, version, status, input, started_at, finished_at, error, steps, next_step, log_seq)
     JOIN workflows w ON w.id = x.workflow_id`,
    [
      runs.map((r) => r.id),
      runs.map((r) => r.workflowId),
      runs.map((r) => r.version),
      runs.map((r) => r.status),
      runs.map((r) => JSON.stringify(r.input)),
      runs.map((r) => iso(r.startedAt)),
      runs.map((r) => iso(r.finishedAt)),
      runs.map((r) => r.error),
      runs.map((r) => JSON.stringify(r.steps)),
      runs.map((r) => r.steps.filter((s) => s.status === 'COMPLETED').length),
      runs.map((r) => r.logs.length),
    ],
  );
  // Each workflow's counter says how many of its runs were started (run-writes.ts numbers after).
  await tx.query(
    `UPDATE workflows w
     SET runs_started = (SELECT count(*) FROM workflow_runs r WHERE r.workflow_id = w.id)
     WHERE w.id = ANY($1::text[])`,
    [workflows.map((w) => w.id)],
  );
  const logs = runs.flatMap((r) => r.logs);
  await tx.query(
    `INSERT INTO workflow_run_logs (run_id, seq, at, level, step, message)
     SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::text[], $5::text[], $6::text[])`,
    [
      logs.map((l) => l.runId),
      logs.map((l) => l.seq),
      logs.map((l) => iso(l.at)),
      logs.map((l) => l.level),
      logs.map((l) => l.step),
      logs.map((l) => l.message),
    ],
  );
}
