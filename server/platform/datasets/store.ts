import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store';

/**
 * The one place that writes dataset rows: document-store sync, stream runs and the seed all
 * come through here, so row_count, data_version and last_updated stay true.
 * A row is a JSON array of cells in column order; partition '' means "not partitioned".
 * Rows live in row sets (migration 150): readers read the live sets only (LIVE_ROWS).
 */
export interface DatasetColumn {
  id: string;
  name: string;
  type: string;
  visible: boolean;
}
export type Cell = string | number | boolean | null;

const BATCH = 5_000;

/**
 * What every reader selects from: the rows of the dataset's live sets, `s.partition_id` their
 * partition and `r.row_index` their place in it; `$1` is the dataset's id.
 */
export const LIVE_ROWS = `dataset_row_sets s
  JOIN dataset_rows r ON r.dataset_id = s.dataset_id AND r.partition_id = s.storage
  WHERE s.dataset_id = $1 AND s.state = 'live'`;

export const columnsFrom = (defs: Array<{ name: string; type: string }>): DatasetColumn[] =>
  defs.map((d, i) => ({ id: `c${i + 1}`, name: d.name, type: d.type, visible: true }));

export async function createDataset(
  tx: Queryable,
  input: {
    id?: string;
    name: string;
    description?: string;
    owner: number;
    columns: DatasetColumn[];
  },
): Promise<string> {
  const id = input.id ?? randomUUID();
  const now = new Date();
  await tx.query(
    `INSERT INTO datasets (id, name, description, owner, columns, created, last_updated)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [id, input.name, input.description ?? '', input.owner, JSON.stringify(input.columns), now],
  );
  return id;
}

/** A set's rows under its storage key, `row_index` 0..n-1, `batch` rows per statement. */
async function insertRows(
  db: Queryable,
  datasetId: string,
  storage: string,
  rows: Cell[][],
  batch = BATCH,
) {
  for (let start = 0; start < rows.length; start += batch)
    await insertBatch(
      db,
      datasetId,
      storage,
      start,
      JSON.stringify(rows.slice(start, start + batch)),
    );
}

/** One JSON document per batch: Postgres parses it faster than a jsonb[] literal of the same rows. */
export const insertBatch = (
  db: Queryable,
  datasetId: string,
  storage: string,
  start: number,
  json: string,
) =>
  db.query(
    `INSERT INTO dataset_rows (dataset_id, partition_id, row_index, cells)
     SELECT $1, $2, $3::int + n::int - 1, cells FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS t(cells, n)`,
    [datasetId, storage, start, json],
  );

/** A fresh storage key: the value its rows carry in dataset_rows.partition_id. */
export const newStorage = () => `set:${randomUUID()}`;

/** The dataset's rows count its live sets' rows; its version moves on every change. */
async function touch(tx: Queryable, datasetId: string, columns?: DatasetColumn[]) {
  await tx.query(
    `UPDATE datasets SET
       row_count = COALESCE((SELECT sum(row_count) FROM dataset_row_sets
                             WHERE dataset_id = $1 AND state = 'live'), 0),
       data_version = data_version + 1,
       last_updated = now(),
       columns = COALESCE($2::jsonb, columns)
     WHERE id = $1`,
    [datasetId, columns ? JSON.stringify(columns) : null],
  );
}

/** Retires the live set of one partition, or of all (their rows go in the next sweep). */
const retire = (tx: Queryable, datasetId: string, partitionId?: string) =>
  tx.query(
    `UPDATE dataset_row_sets SET state = 'retired', changed_at = now()
     WHERE dataset_id = $1 AND state = 'live' AND ($2::text IS NULL OR partition_id = $2)`,
    [datasetId, partitionId ?? null],
  );

/** Writes `rows` under a fresh storage key as the live set of `partitionId`. */
async function writeLive(tx: Queryable, datasetId: string, partitionId: string, rows: Cell[][]) {
  const storage = newStorage();
  await tx.query(
    `INSERT INTO dataset_row_sets (dataset_id, storage, partition_id, row_count, state)
     VALUES ($1, $2, $3, $4, 'live')`,
    [datasetId, storage, partitionId, rows.length],
  );
  await insertRows(tx, datasetId, storage, rows);
}

const upsertPartition = (tx: Queryable, datasetId: string, partitionId: string, rowCount: number) =>
  tx.query(
    `INSERT INTO dataset_partitions (dataset_id, partition_id, row_count, created_at, data_version)
     VALUES ($1, $2, $3, now(), (SELECT data_version FROM datasets WHERE id = $1))
     ON CONFLICT (dataset_id, partition_id) DO UPDATE
       SET row_count = EXCLUDED.row_count, created_at = EXCLUDED.created_at, data_version = EXCLUDED.data_version`,
    [datasetId, partitionId, rowCount],
  );

/**
 * The one way a dataset's rows change, inside the caller's transaction: REPLACE (`partitionId`
 * undefined: every live set retires, the partitions go, the new set is partition '') or APPEND (the
 * live set of `partitionId` retires and the new one becomes that partition). `putLive` makes the
 * new set live under the partition it is given (rows written now, or a staged set).
 */
export async function swapLive(
  tx: Queryable,
  change: { datasetId: string; partitionId?: string; columns: DatasetColumn[]; rowCount: number },
  putLive: (partitionId: string) => Promise<void>,
) {
  const { datasetId, partitionId } = change;
  await retire(tx, datasetId, partitionId);
  if (partitionId === undefined)
    await tx.query('DELETE FROM dataset_partitions WHERE dataset_id = $1', [datasetId]);
  await putLive(partitionId ?? '');
  await touch(tx, datasetId, change.columns);
  if (partitionId !== undefined) await upsertPartition(tx, datasetId, partitionId, change.rowCount);
}

/** REPLACE: the dataset's rows become exactly `rows` (all partitions dropped). */
export const replaceRows = (
  tx: Queryable,
  datasetId: string,
  columns: DatasetColumn[],
  rows: Cell[][],
) =>
  swapLive(tx, { datasetId, columns, rowCount: rows.length }, (p) =>
    writeLive(tx, datasetId, p, rows),
  );

/** APPEND: `rows` become partition `partitionId` (replacing a partition of the same id). */
export const appendPartition = (
  tx: Queryable,
  datasetId: string,
  partitionId: string,
  columns: DatasetColumn[],
  rows: Cell[][],
) =>
  swapLive(tx, { datasetId, partitionId, columns, rowCount: rows.length }, (p) =>
    writeLive(tx, datasetId, p, rows),
  );

/** Spec 4.10: the partition's rows go, and it no longer appears in the list. */
export async function deletePartition(
  tx: Queryable,
  datasetId: string,
  partitionId: string,
): Promise<boolean> {
  const gone = await tx.query(
    'DELETE FROM dataset_partitions WHERE dataset_id = $1 AND partition_id = $2 RETURNING 1',
    [datasetId, partitionId],
  );
  if (gone.length === 0) return false;
  await retire(tx, datasetId, partitionId);
  await touch(tx, datasetId);
  return true;
}

/** How long a retired set's rows stay: an export reading it when it was retired may finish. */
export const RETIRED_GRACE_SECONDS = 60;
const SWEEP_BATCH = 1_000;

/**
 * Deletes the rows of retired sets (after the grace) and of staging sets whose job has ended,
 * `SWEEP_BATCH` rows a statement, then the sets themselves. Any process may sweep; two at once
 * only delete the same rows twice.
 */
export async function sweepRowSets(db: Queryable, graceSeconds = RETIRED_GRACE_SECONDS) {
  for (;;) {
    const [set] = await db.query<{ dataset_id: string; storage: string }>(
      `SELECT dataset_id, storage FROM dataset_row_sets s
       WHERE (state = 'retired' AND changed_at < now() - make_interval(secs => $1))
          OR (state = 'staging' AND NOT EXISTS (
                SELECT 1 FROM jobs j WHERE j.id = s.job_id AND j.status IN ('queued', 'running')))
       ORDER BY changed_at LIMIT 1`,
      [graceSeconds],
    );
    if (!set) return;
    for (;;) {
      const deleted = await db.query(
        `DELETE FROM dataset_rows WHERE ctid IN (
           SELECT ctid FROM dataset_rows WHERE dataset_id = $1 AND partition_id = $2 LIMIT $3)
         RETURNING 1`,
        [set.dataset_id, set.storage, SWEEP_BATCH],
      );
      if (deleted.length < SWEEP_BATCH) break;
    }
    await db.query(
      `DELETE FROM dataset_row_sets WHERE dataset_id = $1 AND storage = $2 AND state <> 'live'`,
      [set.dataset_id, set.storage],
    );
  }
}
