import type {
  CellState,
  ExperimentCases,
  ExperimentScorer,
  ExperimentState,
  ExperimentVariant,
} from '../../../src/api/contract';
import type { ExperimentScope } from '../access/experiments';
import type { Queryable } from '../store';

export interface ExperimentRow {
  id: string;
  name: string;
  prompt_name: string;
  state: ExperimentState;
  owner: number;
  owner_name: string;
  dataset_id: string;
  dataset_name: string;
  cases: ExperimentCases;
  mapping: Record<string, string>;
  expected_column: string | null;
  variants: ExperimentVariant[];
  scorers: ExperimentScorer[];
  concurrency: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  error: string | null;
  summary: VariantTotals[] | null;
  progress: Progress | null;
}

export interface CaseRow {
  case_index: number;
  inputs: Record<string, string>;
  expected: string | null;
}

export interface CellRow {
  case_index: number;
  variant: number;
  state: CellState;
  output: string | null;
  truncated: boolean;
  error: string | null;
  scores: number[];
  score_reasons: Array<string | null>;
  input_tokens: number | null;
  output_tokens: number | null;
  latency_ms: number | null;
  attempts: number;
}

export interface Progress {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
}

/** One variant's counts, latencies, tokens and mean score per scorer. */
export interface VariantTotals {
  variant: number;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  passed: number;
  p50: number | null;
  p95: number | null;
  input_tokens: number;
  output_tokens: number;
  means: Array<number | null>;
}

const SELECT_EXPERIMENT = `SELECT e.*, coalesce(u.display_name, '') AS owner_name
  FROM experiments e LEFT JOIN users u ON u.id = e.owner`;

export async function insertExperiment(
  tx: Queryable,
  row: {
    id: string;
    name: string;
    promptName: string;
    owner: number;
    datasetId: string;
    datasetName: string;
    cases: ExperimentCases;
    mapping: Record<string, string>;
    expectedColumn: string | null;
    variants: ExperimentVariant[];
    scorers: ExperimentScorer[];
    concurrency: number;
  },
) {
  await tx.query(
    `INSERT INTO experiments (id, name, prompt_name, state, owner, dataset_id, dataset_name, cases,
       mapping, expected_column, variants, scorers, concurrency)
     VALUES ($1, $2, $3, 'QUEUED', $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::jsonb, $11::jsonb, $12)`,
    [
      row.id,
      row.name,
      row.promptName,
      row.owner,
      row.datasetId,
      row.datasetName,
      JSON.stringify(row.cases),
      JSON.stringify(row.mapping),
      row.expectedColumn,
      JSON.stringify(row.variants),
      JSON.stringify(row.scorers),
      row.concurrency,
    ],
  );
}

/** The cases, and a PENDING cell for each case × variant, in two statements. */
export async function insertCases(
  tx: Queryable,
  experimentId: string,
  cases: Array<{ inputs: Record<string, string>; expected: string | null }>,
  variants: number,
) {
  await tx.query(
    `INSERT INTO experiment_cases (experiment_id, case_index, inputs, expected)
     SELECT $1, c.n - 1, c.inputs::jsonb, c.expected
     FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS c(inputs, expected, n)`,
    [experimentId, cases.map((c) => JSON.stringify(c.inputs)), cases.map((c) => c.expected)],
  );
  await tx.query(
    `INSERT INTO experiment_cells (experiment_id, case_index, variant, state)
     SELECT $1, k, v, 'PENDING' FROM generate_series(0, $2 - 1) AS k, generate_series(0, $3 - 1) AS v`,
    [experimentId, cases.length, variants],
  );
}

export async function findExperiment(
  db: Queryable,
  id: string,
): Promise<ExperimentRow | undefined> {
  const [row] = await db.query<ExperimentRow>(`${SELECT_EXPERIMENT} WHERE e.id = $1`, [id]);
  return row;
}

export async function listExperiments(
  db: Queryable,
  scope: ExperimentScope,
  filter: { state?: ExperimentState; limit: number; offset: number },
): Promise<ExperimentRow[]> {
  return db.query<ExperimentRow>(
    `${SELECT_EXPERIMENT}
     WHERE ($1::boolean OR e.owner = $2::int) AND ($3::text IS NULL OR e.state = $3)
     ORDER BY e.created_at DESC, e.id LIMIT $4 OFFSET $5`,
    [scope.all, scope.all ? 0 : scope.owner, filter.state ?? null, filter.limit, filter.offset],
  );
}

/** Each variant's totals of the experiments `ids`, counted from their cells. */
export async function variantTotals(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, VariantTotals[]>> {
  const out = new Map<string, VariantTotals[]>();
  if (ids.length === 0) return out;
  // One after the other: `db` may be a transaction's one connection.
  const counts = await db.query<Omit<VariantTotals, 'means'> & { experiment_id: string }>(
    `SELECT experiment_id, variant, count(*)::int AS total,
         count(*) FILTER (WHERE state = 'DONE')::int AS done,
         count(*) FILTER (WHERE state = 'FAILED')::int AS failed,
         count(*) FILTER (WHERE state = 'CANCELLED')::int AS cancelled,
         count(*) FILTER (WHERE state = 'DONE' AND 1 = ALL (scores))::int AS passed,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE state = 'DONE') AS p50,
         percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE state = 'DONE') AS p95,
         coalesce(sum(input_tokens) FILTER (WHERE state = 'DONE'), 0)::int AS input_tokens,
         coalesce(sum(output_tokens) FILTER (WHERE state = 'DONE'), 0)::int AS output_tokens
       FROM experiment_cells WHERE experiment_id = ANY ($1::text[])
       GROUP BY experiment_id, variant ORDER BY experiment_id, variant`,
    [ids],
  );
  const means = await db.query<{
    experiment_id: string;
    variant: number;
    scorer: number;
    mean: number;
  }>(
    `SELECT c.experiment_id, c.variant, (s.n - 1)::int AS scorer, avg(s.score) AS mean
       FROM experiment_cells c CROSS JOIN LATERAL unnest(c.scores) WITH ORDINALITY AS s(score, n)
       WHERE c.experiment_id = ANY ($1::text[]) AND c.state = 'DONE'
       GROUP BY c.experiment_id, c.variant, s.n`,
    [ids],
  );
  for (const row of counts) {
    const { experiment_id, ...totals } = row;
    const list = out.get(experiment_id) ?? [];
    list.push({
      ...totals,
      p50: totals.p50 === null ? null : Number(totals.p50),
      p95: totals.p95 === null ? null : Number(totals.p95),
      means: [],
    });
    out.set(experiment_id, list);
  }
  for (const m of means) {
    const totals = out.get(m.experiment_id)?.find((t) => t.variant === m.variant);
    if (totals) totals.means[m.scorer] = Number(m.mean);
  }
  return out;
}

/** The run takes the experiment: RUNNING from now (its first start kept); undefined once ended. */
export async function markRunning(db: Queryable, id: string) {
  const [row] = await db.query<{ id: string }>(
    `UPDATE experiments SET state = 'RUNNING', started_at = coalesce(started_at, now()),
       summary = NULL, progress = NULL
     WHERE id = $1 AND state IN ('QUEUED', 'RUNNING') RETURNING id`,
    [id],
  );
  return row !== undefined;
}

/** Cells a stopped run left RUNNING are PENDING again: their answers were never kept. */
export const resetRunningCells = (db: Queryable, id: string) =>
  db.query(
    `UPDATE experiment_cells SET state = 'PENDING' WHERE experiment_id = $1 AND state = 'RUNNING'`,
    [id],
  );

export const pendingCells = (db: Queryable, id: string) =>
  db.query<{ case_index: number; variant: number }>(
    `SELECT case_index, variant FROM experiment_cells
     WHERE experiment_id = $1 AND state = 'PENDING' ORDER BY case_index, variant`,
    [id],
  );

export const casesOf = (db: Queryable, id: string, indexes?: readonly number[]) =>
  db.query<CaseRow>(
    `SELECT case_index, inputs, expected FROM experiment_cases
     WHERE experiment_id = $1 AND ($2::int[] IS NULL OR case_index = ANY ($2::int[]))
     ORDER BY case_index`,
    [id, indexes ? [...indexes] : null],
  );

export async function experimentState(db: Queryable, id: string) {
  const [row] = await db.query<{ state: ExperimentState }>(
    'SELECT state FROM experiments WHERE id = $1',
    [id],
  );
  return row?.state;
}

/** A PENDING cell is taken; false when it is no longer pending (cancelled). */
export async function startCell(db: Queryable, id: string, caseIndex: number, variant: number) {
  const rows = await db.query(
    `UPDATE experiment_cells SET state = 'RUNNING'
     WHERE experiment_id = $1 AND case_index = $2 AND variant = $3 AND state = 'PENDING'
     RETURNING variant`,
    [id, caseIndex, variant],
  );
  return rows.length > 0;
}

/** A cell's outcome, kept only while it is still RUNNING (a cancel wins). */
export async function finishCell(
  db: Queryable,
  id: string,
  cell: {
    caseIndex: number;
    variant: number;
    state: 'DONE' | 'FAILED';
    output: string | null;
    truncated: boolean;
    error: string | null;
    scores: Array<{ score: number; reason: string | null }>;
    inputTokens: number | null;
    outputTokens: number | null;
    latencyMs: number | null;
    attempts: number;
  },
) {
  await db.query(
    `UPDATE experiment_cells SET state = $4, output = $5, truncated = $6, error = $7,
       scores = $8::float8[], score_reasons = $9::text[], input_tokens = $10, output_tokens = $11,
       latency_ms = $12, attempts = attempts + $13, finished_at = now()
     WHERE experiment_id = $1 AND case_index = $2 AND variant = $3 AND state = 'RUNNING'`,
    [
      id,
      cell.caseIndex,
      cell.variant,
      cell.state,
      cell.output,
      cell.truncated,
      cell.error,
      cell.scores.map((s) => s.score),
      cell.scores.map((s) => s.reason),
      cell.inputTokens,
      cell.outputTokens,
      cell.latencyMs,
      cell.attempts,
    ],
  );
}

/** Ends a RUNNING experiment (its totals kept with it); false when it had already ended. */
export async function finishExperiment(
  tx: Queryable,
  id: string,
  end: {
    state: 'SUCCESS' | 'FAILED';
    error: string | null;
    summary: VariantTotals[];
    progress: Progress;
  },
) {
  const rows = await tx.query(
    `UPDATE experiments SET state = $2, error = $3, finished_at = now(), summary = $4::jsonb,
       progress = $5::jsonb
     WHERE id = $1 AND state IN ('QUEUED', 'RUNNING') RETURNING id`,
    [id, end.state, end.error, JSON.stringify(end.summary), JSON.stringify(end.progress)],
  );
  return rows.length > 0;
}

/** Fails a QUEUED or RUNNING experiment as a whole (its job failed), with the reason. */
export const failExperiment = (tx: Queryable, id: string, reason: string) =>
  tx.query(
    `UPDATE experiments SET state = 'FAILED', error = $2, finished_at = now()
     WHERE id = $1 AND state IN ('QUEUED', 'RUNNING')`,
    [id, reason],
  );

/** Cancels a QUEUED or RUNNING experiment and its unfinished cells; false when it had ended. */
export async function cancelExperiment(tx: Queryable, id: string) {
  const rows = await tx.query(
    `UPDATE experiments SET state = 'CANCELLED', finished_at = now()
     WHERE id = $1 AND state IN ('QUEUED', 'RUNNING') RETURNING id`,
    [id],
  );
  if (rows.length === 0) return false;
  await tx.query(
    `UPDATE experiment_cells SET state = 'CANCELLED'
     WHERE experiment_id = $1 AND state IN ('PENDING', 'RUNNING')`,
    [id],
  );
  return true;
}

/** Keeps the totals of an experiment that ended (a cancel). */
export const keepTotals = (
  tx: Queryable,
  id: string,
  summary: VariantTotals[],
  progress: Progress,
) =>
  tx.query(`UPDATE experiments SET summary = $2::jsonb, progress = $3::jsonb WHERE id = $1`, [
    id,
    JSON.stringify(summary),
    JSON.stringify(progress),
  ]);

/**
 * One cell is PENDING again and its ended experiment RUNNING again; false when the experiment is
 * still running (or the cell does not exist).
 */
export async function requeueCell(tx: Queryable, id: string, caseIndex: number, variant: number) {
  const [experiment] = await tx.query(
    `UPDATE experiments SET state = 'RUNNING', finished_at = NULL, error = NULL, summary = NULL,
       progress = NULL
     WHERE id = $1 AND state IN ('SUCCESS', 'FAILED', 'CANCELLED')
       AND EXISTS (SELECT 1 FROM experiment_cells
                   WHERE experiment_id = $1 AND case_index = $2 AND variant = $3)
     RETURNING id`,
    [id, caseIndex, variant],
  );
  if (!experiment) return false;
  await tx.query(
    `UPDATE experiment_cells SET state = 'PENDING', output = NULL, truncated = false, error = NULL,
       scores = '{}', score_reasons = '{}', input_tokens = NULL, output_tokens = NULL,
       latency_ms = NULL, attempts = 0, finished_at = NULL
     WHERE experiment_id = $1 AND case_index = $2 AND variant = $3`,
    [id, caseIndex, variant],
  );
  return true;
}

export interface ResultsQuery {
  offset: number;
  limit: number;
  variant: number;
  scorer: number;
  sort: 'case' | 'score';
  direction: 'asc' | 'desc';
  minScore?: number;
  maxScore?: number;
  states?: CellState[];
}

/** The cases of a results page (sorted and filtered by one variant's cell) and how many match. */
export async function resultsPage(db: Queryable, id: string, q: ResultsQuery) {
  const where = `k.experiment_id = $1
    AND ($3::float8 IS NULL OR c.scores[$2] >= $3) AND ($4::float8 IS NULL OR c.scores[$2] <= $4)
    AND ($5::text[] IS NULL OR c.state = ANY ($5::text[]))`;
  const from = `FROM experiment_cases k LEFT JOIN experiment_cells c
    ON c.experiment_id = k.experiment_id AND c.case_index = k.case_index AND c.variant = $6`;
  const direction = q.direction === 'desc' ? 'DESC' : 'ASC';
  const order =
    q.sort === 'score'
      ? `c.scores[$2] ${direction} NULLS LAST, k.case_index`
      : `k.case_index ${direction}`;
  const params = [
    id,
    q.scorer + 1,
    q.minScore ?? null,
    q.maxScore ?? null,
    q.states ?? null,
    q.variant,
  ];
  const [cases, [count]] = await Promise.all([
    db.query<CaseRow>(
      `SELECT k.case_index, k.inputs, k.expected ${from} WHERE ${where}
       ORDER BY ${order} LIMIT $7 OFFSET $8`,
      [...params, q.limit, q.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${from} WHERE ${where}`, params),
  ]);
  return { cases, total: count?.total ?? 0 };
}

export const cellsOf = (db: Queryable, id: string, caseIndexes: readonly number[]) =>
  db.query<CellRow>(
    `SELECT case_index, variant, state, output, truncated, error, scores, score_reasons,
       input_tokens, output_tokens, latency_ms, attempts
     FROM experiment_cells WHERE experiment_id = $1 AND case_index = ANY ($2::int[])
     ORDER BY case_index, variant`,
    [id, [...caseIndexes]],
  );

/** The first failed cell's error, in case order. */
export async function firstCellError(db: Queryable, id: string) {
  const [row] = await db.query<{ error: string | null }>(
    `SELECT error FROM experiment_cells WHERE experiment_id = $1 AND state = 'FAILED'
     ORDER BY case_index, variant LIMIT 1`,
    [id],
  );
  return row?.error ?? undefined;
}
