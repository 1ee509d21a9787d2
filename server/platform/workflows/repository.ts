import type {
  JsonObject,
  RunLogEntry,
  RunSort,
  RunStatus,
  RunStep,
  Workflow,
  WorkflowDefinition,
  WorkflowRun,
} from '../../../src/api/contract';
import { notFound } from '../core/errors';
import { principalOf } from '../access/policy';
import type { Queryable } from '../store';

export interface WorkflowRow {
  id: string;
  name: string;
  description: string;
  version: number;
  definition: WorkflowDefinition;
  owner: number;
  created_on: Date;
  updated_on: Date;
  last_run_id?: string | null;
  last_run_status?: RunStatus | null;
  last_run_started_at?: Date | null;
  last_run_finished_at?: Date | null;
}

/** A step's state as kept on the run row (its output too, so a resumed run continues). */
export interface StepState {
  id: string;
  name: string;
  type: string;
  status: RunStep['status'];
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  output?: unknown;
  /** What the step received: its settings with references resolved, masked, bounded. */
  input?: unknown;
  /** How long the step ran in the process that ran it (the log's "completed in"). */
  durationMs?: number;
}

export interface RunRow {
  id: string;
  workflow_id: string;
  workflow_name?: string;
  version: number;
  status: RunStatus;
  input: JsonObject;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
  definition: WorkflowDefinition | null;
  started_by: number | null;
  steps: StepState[];
  next_step: number;
  resumes: number;
  cancel_requested_by: number | null;
  /** Its place among its workflow's runs, by start: what the console calls it ("Run #12"). */
  number?: number;
}

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

export const toLogEntry = (r: {
  seq: number;
  at: Date;
  level: RunLogEntry['level'];
  step: string;
  message: string;
}): RunLogEntry => ({
  seq: r.seq,
  at: iso(r.at),
  level: r.level,
  step: r.step,
  message: r.message,
});

/**
 * Visibility (docs/platform-gaps.md): a user holding the Workflow API grant sees the workflows
 * they own; an Admin sees every workflow. Runs are seen with their workflow.
 */
export async function seesAll(db: Queryable, userId: number) {
  return (await principalOf(db, userId)).role === 'Admin';
}

const LAST_RUN = `LEFT JOIN LATERAL (SELECT id AS last_run_id, status AS last_run_status,
     started_at AS last_run_started_at, finished_at AS last_run_finished_at
   FROM workflow_runs r WHERE r.workflow_id = w.id ORDER BY started_at DESC, id DESC LIMIT 1) l ON true`;

export const listWorkflows = async (db: Queryable, userId: number) =>
  db.query<WorkflowRow>(
    `SELECT w.*, l.* FROM workflows w ${LAST_RUN}
     WHERE $1 OR w.owner = $2 ORDER BY lower(w.name), w.id LIMIT 1000`,
    [await seesAll(db, userId), userId],
  );

export const workflowNotFound = (id: string) =>
  notFound(`No workflow ${id}, or it is not visible to the user of this token`);
export const runNotFound = (id: string) =>
  notFound(`No workflow run ${id}, or it is not visible to the user of this token`);

/** The user `user` (an SQL expression) sees the workflow `w` (seesAll, in the statement). */
export const visibleToUser = (user: string) =>
  `(w.owner = ${user} OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${user} AND u.role = 'Admin'))`;
/** `$n` sees the workflow `w` (seesAll, in the statement that reads it: one round trip). */
const visibleTo = (n: number) => visibleToUser(`$${n}`);

export async function getWorkflow(db: Queryable, id: string, userId: number, lock = false) {
  const [row] = await db.query<WorkflowRow>(
    `SELECT w.* FROM workflows w WHERE w.id = $1 AND ${visibleTo(2)}${lock ? ' FOR UPDATE OF w' : ''}`,
    [id, userId],
  );
  if (!row) throw workflowNotFound(id);
  return row;
}

export async function withLastRun(db: Queryable, id: string) {
  const [row] = await db.query<WorkflowRow>(
    `SELECT w.*, l.* FROM workflows w ${LAST_RUN} WHERE w.id = $1`,
    [id],
  );
  return row!;
}

const RUN_COLUMNS = `r.*, w.name AS workflow_name`;
const SORT_COLUMNS = {
  startedAt: 'r.started_at',
  finishedAt: 'r.finished_at',
  status: 'r.status',
  workflowName: 'lower(w.name)',
} as const;

export async function getRun(db: Queryable, id: string, userId: number) {
  const [row] = await db.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE r.id = $1 AND ${visibleTo(2)}`,
    [id, userId],
  );
  if (!row) throw runNotFound(id);
  return row;
}

export async function listRuns(
  db: Queryable,
  userId: number,
  params: {
    workflowId?: string;
    statuses?: RunStatus[];
    from?: string;
    to?: string;
    sort?: RunSort;
    limit: number;
    offset: number;
  },
) {
  const sort = params.sort ?? '-startedAt';
  const direction = sort.startsWith('-') ? 'DESC' : 'ASC';
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const where = `FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE ($1 OR w.owner = $2) AND ($3::text IS NULL OR r.workflow_id = $3)
       AND ($4::text[] IS NULL OR r.status = ANY($4::text[]))
       AND ($5::timestamptz IS NULL OR r.started_at >= $5)
       AND ($6::timestamptz IS NULL OR r.started_at < $6)`;
  const filters = [
    await seesAll(db, userId),
    userId,
    params.workflowId ?? null,
    params.statuses ?? null,
    params.from ?? null,
    params.to ?? null,
  ];
  // A list carries each step's state, not its input or output (up to 1 MiB), nor the definition.
  const rows = await db.query<RunRow>(
    `SELECT r.id, r.workflow_id, r.version, r.status, r.input, r.started_at, r.finished_at, r.error,
       r.started_by, r.number, w.name AS workflow_name,
       (SELECT coalesce(jsonb_agg(e.s - 'output' - 'input' ORDER BY e.i), '[]'::jsonb)
        FROM jsonb_array_elements(r.steps) WITH ORDINALITY AS e(s, i)) AS steps
     ${where}
     ORDER BY ${column} ${direction} NULLS LAST, r.started_at DESC, r.id DESC LIMIT $7 OFFSET $8`,
    [...filters, params.limit, params.offset],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, filters);
  return { rows, total: count!.n };
}

/**
 * Appends log lines to a run (seq per run, counted on the run row, which this locks); answers
 * them as written (seq, at), in order.
 */
export async function appendLogs(
  tx: Queryable,
  runId: string,
  lines: Array<{ level: RunLogEntry['level']; step: string; message: string }>,
) {
  if (!lines.length) return;
  // One statement: the run row's counter moves on (locking the row), the lines take its numbers.
  await tx.query(
    `WITH counter AS (
       UPDATE workflow_runs SET log_seq = log_seq + $2::int WHERE id = $1::text RETURNING log_seq
     )
     INSERT INTO workflow_run_logs (run_id, seq, at, level, step, message)
     SELECT $1::text, counter.log_seq - $2::int + x.n::int, clock_timestamp(), x.l, x.st, x.m
     FROM counter, unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS x(l, st, m, n)
     RETURNING seq, at, level, step, message`,
    [
      runId,
      lines.length,
      lines.map((l) => l.level),
      lines.map((l) => l.step),
      lines.map((l) => l.message.slice(0, 4000)),
    ],
  );
}

/**
 * The run (as `readRun` reads it) and its log lines after `after`, in one statement: one
 * snapshot, one round trip (the live read, live.ts). Undefined when there is no such run.
 */
export async function readRunAndLogs(db: Queryable, runId: string, after: number, limit: number) {
  const [row] = await db.query<RunRow & { log_lines: Array<Parameters<typeof toLogEntry>[0]> }>(
    `SELECT r.*, (SELECT w.name FROM workflows w WHERE w.id = r.workflow_id) AS workflow_name,
       (SELECT coalesce(jsonb_agg(to_jsonb(l) ORDER BY l.seq), '[]'::jsonb) FROM (
          SELECT seq, at, level, step, message FROM workflow_run_logs
          WHERE run_id = r.id AND seq > $2 ORDER BY seq LIMIT $3) l) AS log_lines
     FROM workflow_runs r WHERE r.id = $1`,
    [runId, after, limit],
  );
  if (!row) return undefined;
  const { log_lines: lines, ...run } = row;
  return { run, lines };
}

export const readLogs = (db: Queryable, runId: string, after: number, limit: number) =>
  db.query<{ seq: number; at: Date; level: RunLogEntry['level']; step: string; message: string }>(
    `SELECT seq, at, level, step, message FROM workflow_run_logs
     WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [runId, after, limit],
  );
