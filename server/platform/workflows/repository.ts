import type {
  JsonObject,
  RunLogEntry,
  RunSort,
  RunStatus,
  RunStep,
  WorkflowDefinition,
} from '../../../src/api/contract';
import type { WorkflowScope } from '../access/workflows';
import { notFound } from '../core/errors';
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

/** A log line as stored. */
export interface LogRow {
  seq: number;
  at: Date;
  level: RunLogEntry['level'];
  step: string;
  message: string;
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

/**
 * SQL over `workflows w`: true for a workflow the scope shows (access/workflows.ts: every
 * workflow, or the owner's), its parameters at `$at` and `$at + 1`, given by `scopeParams`.
 */
export const workflowInScope = (at: number) => `($${at}::boolean OR w.owner = $${at + 1}::int)`;
export const scopeParams = (scope: WorkflowScope): [boolean, number | null] =>
  scope.all ? [true, null] : [false, scope.owner];

const LAST_RUN = `LEFT JOIN LATERAL (SELECT id AS last_run_id, status AS last_run_status,
     started_at AS last_run_started_at, finished_at AS last_run_finished_at
   FROM workflow_runs r WHERE r.workflow_id = w.id ORDER BY started_at DESC, id DESC LIMIT 1) l ON true`;

export const listWorkflows = (db: Queryable, scope: WorkflowScope) =>
  db.query<WorkflowRow>(
    `SELECT w.*, l.* FROM workflows w ${LAST_RUN}
     WHERE ${workflowInScope(1)} ORDER BY lower(w.name), w.id LIMIT 1000`,
    scopeParams(scope),
  );

export const workflowNotFound = (id: string) =>
  notFound(`No workflow ${id}, or it is not visible to the user of this token`);
export const runNotFound = (id: string) =>
  notFound(`No workflow run ${id}, or it is not visible to the user of this token`);

/** The workflow, with its last run (`lastRun`) or locked for a change (`lock`); or none. */
export async function findWorkflow(
  db: Queryable,
  id: string,
  { lastRun = false, lock = false } = {},
): Promise<WorkflowRow | undefined> {
  const [row] = await db.query<WorkflowRow>(
    lastRun
      ? `SELECT w.*, l.* FROM workflows w ${LAST_RUN} WHERE w.id = $1`
      : `SELECT w.* FROM workflows w WHERE w.id = $1${lock ? ' FOR UPDATE OF w' : ''}`,
    [id],
  );
  return row;
}

/**
 * The workflows starts ask for, in one statement: the row of each id asked, undefined where
 * there is none. Whether the user of a start sees it is the policy's (access/workflows.ts).
 */
export async function workflowsToStart(db: Queryable, ids: string[]) {
  const rows = await db.query<WorkflowRow & { asked: number }>(
    `SELECT w.*, k.n::int AS asked
     FROM unnest($1::text[]) WITH ORDINALITY AS k(id, n)
     JOIN workflows w ON w.id = k.id`,
    [ids],
  );
  const byAsk = new Map(rows.map(({ asked: n, ...row }) => [n, row]));
  return ids.map((_, i) => byAsk.get(i + 1));
}

export async function withLastRun(db: Queryable, id: string) {
  return (await findWorkflow(db, id, { lastRun: true }))!;
}

export async function insertWorkflow(
  tx: Queryable,
  workflow: { id: string; name: string; description: string; definition: WorkflowDefinition },
  owner: number,
) {
  await tx.query(
    `INSERT INTO workflows (id, name, description, version, definition, owner, created_on, updated_on)
     VALUES ($1, $2, $3, 1, $4, $5, now(), now())`,
    [workflow.id, workflow.name, workflow.description, JSON.stringify(workflow.definition), owner],
  );
}

/** A new version of the workflow: its name, description and definition as given. */
export async function updateWorkflow(
  tx: Queryable,
  id: string,
  workflow: { name: string; description: string; definition: WorkflowDefinition },
) {
  await tx.query(
    `UPDATE workflows SET name = $2, description = $3, definition = $4, version = version + 1,
       updated_on = now() WHERE id = $1`,
    [id, workflow.name, workflow.description, JSON.stringify(workflow.definition)],
  );
}

const RUN_COLUMNS = `r.*, w.name AS workflow_name, w.owner AS workflow_owner`;
const SORT_COLUMNS = {
  startedAt: 'r.started_at',
  finishedAt: 'r.finished_at',
  status: 'r.status',
  workflowName: 'lower(w.name)',
} as const;

/** A run with its workflow's owner (a run is seen with its workflow); or none. */
export async function findRun(db: Queryable, id: string) {
  const [row] = await db.query<RunRow & { workflow_owner: number }>(
    `SELECT ${RUN_COLUMNS} FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE r.id = $1`,
    [id],
  );
  return row;
}

export async function listRuns(
  db: Queryable,
  scope: WorkflowScope,
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
     WHERE ${workflowInScope(1)} AND ($3::text IS NULL OR r.workflow_id = $3)
       AND ($4::text[] IS NULL OR r.status = ANY($4::text[]))
       AND ($5::timestamptz IS NULL OR r.started_at >= $5)
       AND ($6::timestamptz IS NULL OR r.started_at < $6)`;
  const filters = [
    ...scopeParams(scope),
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

/** The run's status and steps, locked until the transaction ends (a cancel); none: no run. */
export async function lockRun(tx: Queryable, id: string) {
  const [row] = await tx.query<{ status: RunStatus; steps: StepState[] }>(
    'SELECT status, steps FROM workflow_runs WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row;
}

/** A queued run canceled before it started: its steps (as given) skipped. */
export async function cancelQueuedRun(tx: Queryable, id: string, by: number, steps: StepState[]) {
  await tx.query(
    `UPDATE workflow_runs SET status = 'CANCELED', finished_at = clock_timestamp(),
       cancel_requested_by = $2, steps = $3 WHERE id = $1`,
    [id, by, JSON.stringify(steps)],
  );
}

/** A running run asked to stop: its runner stops between steps (run-state.ts). */
export async function requestCancel(tx: Queryable, id: string, by: number) {
  await tx.query('UPDATE workflow_runs SET cancel_requested_by = $2 WHERE id = $1', [id, by]);
}

/** Whether a cancel was asked for the run (or it was canceled); a run that is gone: yes. */
export async function cancelRequested(db: Queryable, runId: string) {
  const [row] = await db.query<{ requested: boolean }>(
    `SELECT cancel_requested_by IS NOT NULL OR status = 'CANCELED' AS requested FROM workflow_runs WHERE id = $1`,
    [runId],
  );
  return row?.requested ?? true;
}

/** A `notify` step's message, written to the outbox (in the transaction of the step's output). */
export const insertNotification = (
  tx: Queryable,
  message: { id: string; to: string; subject: string; body: string },
) =>
  tx.query(
    `INSERT INTO outbox (id, recipient, subject, body, created_at, recipient_user_id)
     VALUES ($1, $2, $3, $4, now(), NULL)`,
    [message.id, message.to, message.subject, message.body],
  );

/** How a log line names a user: their display name, or their id when they are gone. */
export const displayNameOf = async (db: Queryable, id: number) =>
  (
    await db.query<{ display_name: string }>('SELECT display_name FROM users WHERE id = $1', [id])
  )[0]?.display_name ?? `user ${id}`;

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
  const [row] = await db.query<RunRow & { log_lines: LogRow[] }>(
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
  db.query<LogRow>(
    `SELECT seq, at, level, step, message FROM workflow_run_logs
     WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [runId, after, limit],
  );
