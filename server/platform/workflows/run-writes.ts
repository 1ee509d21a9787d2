import type { Statement } from '../store';
import { visibleToUser } from './repository';
import type { JournalLine } from './journal';

type Line = Pick<JournalLine, 'level' | 'step' | 'message'>;

/** `$n` → `$(n + by)`: a statement's parameters placed after others (no `$` in our literals). */
const shifted = (sql: string, by: number) =>
  sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);

/**
 * One statement that writes a run's row and its log lines (issue 26 §3: on PGlite a statement's
 * own cost is most of a run's, and the lines' counter was a second update of the same row):
 * `write` is an INSERT or UPDATE of `workflow_runs` that moves `log_seq` on by `lines.length`
 * and returns it; the lines take the numbers below it. `before` are named statements it may
 * refer to (`held`: the job's lease, locked; they must write nothing), `after` statements that
 * write only where `w` wrote (`done`: the job's success, `… AND EXISTS (SELECT 1 FROM w)`). One row per line as written (`line_seq`,
 * `line_at`, …) beside what `write` returned; none when `write` wrote nothing, so `required`
 * rolls back whatever the batch wrote with it.
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
  line_level: JournalLine['level'];
  line_step: string;
  line_message: string;
};

/** `writeWithLines`' rows: what `write` returned (from the first row), and the lines. */
export function splitWritten<T>(rows: unknown[]): { row: T; lines: JournalLine[] } {
  const all = rows as Array<Written & Record<string, unknown>>;
  const lines: JournalLine[] = [];
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
}

/**
 * Runs that start together (start-group.ts) inserted in one statement, each QUEUED with its first
 * line (seq 1, "Run queued by <the user's name> (workflow version n)"). A run is written only
 * where its workflow still has the version its input was checked on and its user still sees it
 * (`visibleToUser`): a start may check against a workflow read earlier and read nothing now.
 * Either every run is written or none (`required`: no row, and the batch rolls back). Each run's
 * number follows its workflow's counter (`runs_started`), which the statement moves on (and so
 * locks the workflow's row until the batch commits: starts elsewhere number after these). Each
 * row: the run as inserted, with its number, and its line as `writeWithLines` answers.
 */
export function insertRuns(runs: NewRun[]): Statement {
  const column = <K extends keyof NewRun>(key: K) => runs.map((r) => r[key]);
  return {
    sql: `WITH v AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[],
           $7::text[])
           WITH ORDINALITY AS v(id, workflow_id, version, input, definition, started_by, steps, n)),
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
         WHERE ${visibleToUser('v.started_by')}
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
    ],
    required: true,
  };
}
