import type { CreateStreamBody } from '../../../src/api/contract';
import type { ListScope } from '../access/principal';
import { conflict, notFound } from '../core/errors';
import { datasetInScope, scopeParams } from '../datasets/repository';
import type { Queryable } from '../store';

export interface StreamRow {
  id: number;
  dataset_id: string;
  transport: CreateStreamBody['transport'];
  configuration: CreateStreamBody['configuration'];
  account_id: number;
  update_method: CreateStreamBody['updateMethod'];
  data_provider: string;
  advanced_schedule_json: string | null;
  next_run_at: Date | null;
  created_at: Date;
  created_by: number;
  dataset_name: string;
  dataset_description: string;
  /** The stream's latest execution as JSON (newest id), null before its first run. */
  last_execution:
    | (Omit<ExecutionRow, 'started_at' | 'ended_at'> & {
        started_at: string;
        ended_at: string | null;
      })
    | null;
}
export interface ExecutionRow {
  id: number;
  stream_id: number;
  state: 'ACTIVE' | 'SUCCESS' | 'ERROR';
  run_type: string;
  /** 1 for a stream's first run, then one more each run; null on rows written without it. */
  run_number: number | null;
  started_at: Date;
  ended_at: Date | null;
  rows_inserted: number;
  /** Rows read from the source so far; null until read. */
  rows_read?: number | null;
  partition_id: string | null;
  error_message: string | null;
}
export interface AccountRow {
  id: number;
  name: string;
  type: string;
}

/** Ids in paths are integers; anything else names no stream. */
export const numericId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : -1);

const streamSelect = `SELECT s.*, d.name AS dataset_name, d.description AS dataset_description,
    (SELECT row_to_json(e) FROM stream_executions e WHERE e.stream_id = s.id
      ORDER BY e.id DESC LIMIT 1) AS last_execution
  FROM streams s JOIN datasets d ON d.id = s.dataset_id`;

/** `id` may be the text of the path: text that is not an integer names no stream. */
export async function getStream(db: Queryable, id: string | number): Promise<StreamRow> {
  const [row] = await db.query<StreamRow>(`${streamSelect} WHERE s.id = $1`, [
    numericId(String(id)),
  ]);
  if (!row) throw notFound(`No stream ${id}`);
  return row;
}

/** The streams of the datasets the list scope shows (datasets/repository.ts), by id. */
export const listStreams = (
  db: Queryable,
  p: { datasetId?: string; limit: number; offset: number },
  scope: ListScope,
) =>
  db.query<StreamRow>(
    `${streamSelect} WHERE ($1::text IS NULL OR s.dataset_id = $1) AND ${datasetInScope(4)}
     ORDER BY s.id LIMIT $2 OFFSET $3`,
    [p.datasetId ?? null, p.limit, p.offset, ...scopeParams(scope)],
  );

export const dueStreams = (db: Queryable) =>
  db.query<StreamRow>(`${streamSelect} WHERE s.next_run_at <= now() ORDER BY s.next_run_at, s.id`);

export async function insertStream(
  tx: Queryable,
  s: CreateStreamBody & { datasetId: string; nextRunAt: Date | null; createdBy: number },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO streams (dataset_id, transport, configuration, account_id, update_method, data_provider,
       advanced_schedule_json, next_run_at, created_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9) RETURNING id`,
    [
      s.datasetId,
      JSON.stringify(s.transport),
      JSON.stringify(s.configuration),
      s.account.id,
      s.updateMethod,
      s.dataProvider.key,
      s.advancedScheduleJson ?? null,
      s.nextRunAt,
      s.createdBy,
    ],
  );
  return row!.id;
}

/** Moves a due stream's next run on; false when another tick already did. */
export async function advanceSchedule(db: Queryable, stream: StreamRow, next: Date | null) {
  const moved = await db.query(
    `UPDATE streams SET next_run_at = $2
     WHERE id = $1 AND date_trunc('milliseconds', next_run_at) = $3 RETURNING 1`,
    [stream.id, next, stream.next_run_at],
  );
  return moved.length > 0;
}

export async function getExecution(
  db: Queryable,
  streamId: number,
  id: string,
): Promise<ExecutionRow> {
  const [row] = await db.query<ExecutionRow>(
    'SELECT * FROM stream_executions WHERE stream_id = $1 AND id = $2',
    [streamId, numericId(id)],
  );
  if (!row) throw notFound(`No execution ${id} of stream ${streamId}`);
  return row;
}

/** The execution, while it is ACTIVE: what a run's job runs. */
export const activeExecution = async (db: Queryable, id: number) =>
  (
    await db.query<ExecutionRow>(
      `SELECT * FROM stream_executions WHERE id = $1 AND state = 'ACTIVE'`,
      [id],
    )
  )[0];

export const listExecutions = (db: Queryable, streamId: number, limit: number, offset: number) =>
  db.query<ExecutionRow>(
    'SELECT * FROM stream_executions WHERE stream_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
    [streamId, limit, offset],
  );

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** One ACTIVE execution per stream: a partial unique index keeps it true under concurrency. */
export async function insertExecution(
  db: Queryable,
  streamId: number,
  runType: string,
): Promise<ExecutionRow> {
  const busy = () =>
    conflict(`Stream ${streamId} is already running; wait for its execution to end`);
  try {
    const [row] = await db.query<ExecutionRow>(
      `INSERT INTO stream_executions (stream_id, state, run_type, started_at, run_number)
       SELECT $1, 'ACTIVE', $2, now(),
         (SELECT COALESCE(max(run_number), 0) + 1 FROM stream_executions WHERE stream_id = $1)
       WHERE NOT EXISTS (SELECT 1 FROM stream_executions WHERE stream_id = $1 AND state = 'ACTIVE')
       RETURNING *`,
      [streamId, runType],
    );
    if (!row) throw busy();
    return row;
  } catch (error) {
    throw isUniqueViolation(error) ? busy() : error;
  }
}

/** A running execution's progress: what has been read from its source. */
export const recordRowsRead = (db: Queryable, executionId: number, rows: number) =>
  db.query(`UPDATE stream_executions SET rows_read = $2 WHERE id = $1 AND state = 'ACTIVE'`, [
    executionId,
    rows,
  ]);

export const finishExecution = (
  db: Queryable,
  id: number,
  outcome: {
    state: 'SUCCESS' | 'ERROR';
    rowsInserted?: number;
    partitionId?: string | null;
    errorMessage?: string;
  },
) =>
  db.query(
    `UPDATE stream_executions SET state = $2, ended_at = now(), rows_inserted = $3, partition_id = $4, error_message = $5
     WHERE id = $1 AND state = 'ACTIVE'`,
    [
      id,
      outcome.state,
      outcome.rowsInserted ?? 0,
      outcome.partitionId ?? null,
      outcome.errorMessage ?? null,
    ],
  );

/** An ACTIVE execution ends in ERROR with `reason` (its job failed). */
export const failActiveExecution = (db: Queryable, id: number, reason: string) =>
  db.query(
    `UPDATE stream_executions SET state = 'ERROR', ended_at = now(), error_message = $2
     WHERE id = $1 AND state = 'ACTIVE'`,
    [id, reason],
  );

/**
 * An ACTIVE execution with no job was cut off by a platform from before the job table (its
 * process is gone): it ends in ERROR with `reason`. Execution and job are written together, so a
 * run that another process is starting right now always has its job.
 */
export const failExecutionsWithoutJob = (db: Queryable, reason: string) =>
  db.query(
    `UPDATE stream_executions e SET state = 'ERROR', ended_at = now(), error_message = $1
     WHERE e.state = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = 'stream-run-' || e.id)`,
    [reason],
  );

/** Whether the dataset already has the partition (an APPEND run names its own otherwise). */
export const partitionTaken = async (db: Queryable, datasetId: string, partitionId: string) =>
  (
    await db.query('SELECT 1 FROM dataset_partitions WHERE dataset_id = $1 AND partition_id = $2', [
      datasetId,
      partitionId,
    ])
  ).length > 0;

export const listAccounts = (db: Queryable) =>
  db.query<AccountRow>('SELECT * FROM accounts ORDER BY id');
export const getAccount = async (db: Queryable, id: number) =>
  (await db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]))[0];
