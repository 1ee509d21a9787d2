import type { WorkflowScope } from '../access/workflows';
import type { Queryable, Statement } from '../store';
import { scopeParams, type LogRow, type RunRow, type StepState } from './repository';

/**
 * The writes of runs: their starts (`insertRuns`), the runner's reads and conditional updates of
 * a run, and the one-statement write of a run with its log lines (`writeWithLines`).
 */
type Line = Pick<LogRow, 'level' | 'step' | 'message'>;

/** `$n` → `$(n + by)`: a statement's parameters placed after others (no `$` in our literals). */
const shifted = (sql: string, by: number) =>
  sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);

/**
 * One statement that writes a run's row and its log lines (on PGlite a statement's own cost is
 * most of a run's, and a counter of the lines apart would be a second update of the same row):
 * `write` is an INSERT or UPDATE of `workflow_runs` that moves `log_seq` on by `lines.length`
 * and returns it; the lines take the numbers below it. `before` are named statements it may
 * refer to (`held`: the job's lease, locked; they must write nothing), `after` statements that
 * write only where `w` wrote (`done`: the job's success, `… AND EXISTS (SELECT 1 FROM w)`). One
 * row per line as written (`line_seq`, `line_at`, …) beside what `write` returned; none when
 * `write` wrote nothing, so `required` rolls back whatever the batch wrote with it.
 */
export function writeWithLines(
  runId: string,
  write: Statement,
  lines: Line[],
  before: Record<string, Statement> = {},
  after: Record<string, Statement> = {},
): Statement {
  const params = [...(write.params ?? [])];
  const name = (named: Record<string, Statement>) =>
    Object.entries(named).map(([name, statement]) => {
      const sql = `${name} AS (${shifted(statement.sql, params.length)})`;
      params.push(...(statement.params ?? []));
      return sql;
    });
  const first = name(before);
  const then = name(after);
  const at = params.length;
  params.push(
    runId,
    lines.map((l) => l.level),
    lines.map((l) => l.step),
    lines.map((l) => l.message.slice(0, 4000)),
  );
  return {
    sql: `WITH ${[...first, `w AS (${write.sql})`].join(', ')},
       l AS (
         INSERT INTO workflow_run_logs (run_id, seq, at, level, step, message)
         SELECT $${at + 1}::text, w.log_seq - ${lines.length} + x.n::int, clock_timestamp(), x.l, x.st, x.m
         FROM w, unnest($${at + 2}::text[], $${at + 3}::text[], $${at + 4}::text[])
           WITH ORDINALITY AS x(l, st, m, n)
         RETURNING seq AS line_seq, at AS line_at, level AS line_level, step AS line_step,
           message AS line_message)${then.map((sql) => `, ${sql}`).join('')}
     SELECT w.*, l.* FROM w LEFT JOIN l ON true ORDER BY l.line_seq`,
    params,
    required: true,
    // Its lines and whatever comes `after` hang on `w`; what comes `before`, only if it writes
    // nothing (a lock): see Statement.alone.
    alone: true,
  };
}

type Written = {
  line_seq: number | null;
  line_at: Date;
  line_level: LogRow['level'];
  line_step: string;
  line_message: string;
};

/** `writeWithLines`' rows: what `write` returned (from the first row), and the lines. */
export function splitWritten<T>(rows: unknown[]): { row: T; lines: LogRow[] } {
  const all = rows as Array<Written & Record<string, unknown>>;
  const lines: LogRow[] = [];
  for (const r of all)
    if (r.line_seq !== null)
      lines.push({
        seq: r.line_seq,
        at: r.line_at,
        level: r.line_level,
        step: r.line_step,
        message: r.line_message,
      });
  const row = Object.fromEntries(
    Object.entries(all[0] ?? {}).filter(([key]) => !key.startsWith('line_')),
  );
  return { row: row as T, lines };
}

/** A run as a start inserts it (JSON as text), of the workflow's version its input was checked on. */
export interface NewRun {
  id: string;
  workflowId: string;
  version: number;
  input: string;
  definition: string;
  startedBy: number;
  steps: string;
  /** The workflows its user sees (access/workflows.ts): the run is written only into one. */
  scope: WorkflowScope;
}

/**
 * Runs that start together (start-group.ts) inserted in one statement, each QUEUED with its first
 * line (seq 1, "Run queued by <the user's name> (workflow version n)"). A run is written only
 * where its workflow still has the version its input was checked on and is in its user's scope
 * (the workflows they see, as parameters): a start may check against a workflow read earlier and read nothing now.
 * Either every run is written or none (`required`: no row, and the batch rolls back). Each run's
 * number follows its workflow's counter (`runs_started`), which the statement moves on (and so
 * locks the workflow's row until the batch commits: starts elsewhere number after these). Each
 * row: the run as inserted, with its number, and its line as `writeWithLines` answers.
 */
export function insertRuns(runs: NewRun[]): Statement {
  const column = <K extends keyof NewRun>(key: K) => runs.map((r) => r[key]);
  const scopes = runs.map((r) => scopeParams(r.scope));
  return {
    sql: `WITH v AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[],
           $7::text[], $8::boolean[], $9::int[])
           WITH ORDINALITY AS v(id, workflow_id, version, input, definition, started_by, steps,
             sees_all, scope_owner, n)),
       counted AS (
         UPDATE workflows w SET runs_started = w.runs_started + c.k
         FROM (SELECT workflow_id, count(*)::int AS k FROM v GROUP BY workflow_id) c
         WHERE w.id = c.workflow_id
         RETURNING w.id, w.runs_started - c.k AS before),
       ins AS (
         INSERT INTO workflow_runs (id, workflow_id, version, status, input, started_at, definition,
           started_by, steps, log_seq, number)
         SELECT v.id, v.workflow_id, v.version, 'QUEUED', v.input::jsonb, clock_timestamp(),
           v.definition::jsonb, v.started_by, v.steps::jsonb, 1,
           counted.before + row_number() OVER (PARTITION BY v.workflow_id ORDER BY v.n)
         FROM v JOIN workflows w ON w.id = v.workflow_id AND w.version = v.version
           JOIN counted ON counted.id = v.workflow_id
         WHERE v.sees_all OR w.owner = v.scope_owner
         ORDER BY v.n
         RETURNING *),
       -- Each run with its line (written at the run's start), answered from here rather than
       -- joined back to the lines' insert: that join was a nested loop over every pair.
       r AS (
         SELECT ins.*, 1 AS line_seq, ins.started_at AS line_at, 'INFO' AS line_level,
           '' AS line_step,
           left('Run queued by ' || coalesce(u.display_name, 'user ' || ins.started_by)
             || ' (workflow version ' || ins.version || ')', 4000) AS line_message
         FROM ins LEFT JOIN users u ON u.id = ins.started_by),
       l AS (
         INSERT INTO workflow_run_logs (run_id, seq, at, level, step, message)
         SELECT id, line_seq, line_at, line_level, line_step, line_message FROM r)
     SELECT * FROM r WHERE (SELECT count(*) FROM ins) = (SELECT count(*) FROM v)`,
    params: [
      column('id'),
      column('workflowId'),
      column('version'),
      column('input'),
      column('definition'),
      column('startedBy'),
      column('steps'),
      scopes.map(([all]) => all),
      scopes.map(([, owner]) => owner),
    ],
    required: true,
  };
}

/** The run as the runner reads it, locked until the transaction ends with `lock`. */
export async function readRun(db: Queryable, runId: string, lock = false) {
  const [row] = await db.query<RunRow>(
    `SELECT r.*, (SELECT w.name FROM workflows w WHERE w.id = r.workflow_id) AS workflow_name
     FROM workflow_runs r WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [runId],
  );
  return row;
}

/**
 * The run IN_PROGRESS with `steps`, at the step `index`, only where it still was (`run`'s next
 * step and status: a conditional update); false when it was not.
 */
export async function saveSteps(
  tx: Queryable,
  run: Pick<RunRow, 'id' | 'next_step' | 'status'>,
  steps: StepState[],
  index: number,
) {
  const updated = await tx.query(
    `UPDATE workflow_runs SET status = 'IN_PROGRESS', steps = $2, next_step = $3
     WHERE id = $1 AND next_step = $4 AND status = $5 RETURNING id`,
    [run.id, JSON.stringify(steps), index, run.next_step, run.status],
  );
  return updated.length > 0;
}

/** The run ended with `status` (its error kept when FAILED) and its steps as given. */
export async function endRun(
  tx: Queryable,
  runId: string,
  status: 'COMPLETED' | 'FAILED' | 'CANCELED',
  error: string | null,
  steps: StepState[],
) {
  await tx.query(
    `UPDATE workflow_runs SET status = $2, error = $3, finished_at = clock_timestamp(), steps = $4
     WHERE id = $1`,
    [runId, status, status === 'FAILED' ? error : null, JSON.stringify(steps)],
  );
}

/** One more resume of the run, counted; its job `jobId` claimable at once. */
export async function resumeRun(
  tx: Queryable,
  runId: string,
  job: { id: string; kind: string; payload: object },
) {
  await tx.query('UPDATE workflow_runs SET resumes = resumes + 1 WHERE id = $1', [runId]);
  await tx.query(
    `INSERT INTO jobs (id, kind, payload, created_at) VALUES ($1, $2, $3, now() - interval '1 minute')`,
    [job.id, job.kind, JSON.stringify(job.payload)],
  );
}

/**
 * The run moved on from where it was written (`from`: its next step and status, no cancel asked
 * for, the lease `held`) to `steps` at `nextStep`, or ended COMPLETED (`end`), its log counter
 * moved on by `lines`: the write `writeWithLines` takes, answering the counter and its end.
 */
export const moveRunOn = (
  runId: string,
  stepsJson: string,
  nextStep: number,
  from: Pick<RunRow, 'next_step' | 'status'>,
  lines: number,
  end: boolean,
): Statement => ({
  sql: `UPDATE workflow_runs SET steps = $2, next_step = $3, log_seq = log_seq + ${lines},
     ${end ? `status = 'COMPLETED', error = NULL, finished_at = clock_timestamp()` : `status = 'IN_PROGRESS'`}
   WHERE id = $1 AND next_step = $4 AND status = $5 AND cancel_requested_by IS NULL
     AND EXISTS (SELECT 1 FROM held)
   RETURNING log_seq, finished_at`,
  params: [runId, stepsJson, nextStep, from.next_step, from.status],
});

/** `statement` (an UPDATE … RETURNING) only where the run's write `w` wrote (`writeWithLines`). */
export const onlyWith = (statement: Statement): Statement => ({
  sql: statement.sql.replace(/\sRETURNING\s/, ' AND EXISTS (SELECT 1 FROM w) RETURNING '),
  params: statement.params,
});
