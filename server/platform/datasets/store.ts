import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store';
import {
  createRowTable,
  dropRowTable,
  finishRowTable,
  insertJson,
  newRowTable,
  plainCell,
  storedType,
  type Cell,
} from './row-tables';

export type { Cell } from './row-tables';

/**
 * The one place that writes dataset rows: document-store sync, stream runs and the seed all
 * come through here, so row_count, data_version and last_updated stay true.
 * A row is an array of cells in column order; partition '' means "not partitioned".
 * Rows live in row sets (migration 150), each in a typed table of its own (row-tables.ts);
 * readers read the live sets only (liveSets).
 */
export interface DatasetColumn {
  id: string;
  name: string;
  type: string;
  visible: boolean;
}

const BATCH = 5_000;

/** A live set as a reader takes it: its partition, its table and the types it is stored as. */
export interface LiveSet {
  partition_id: string;
  row_table: string;
  types: string[];
  row_count: number;
  plain_csv: boolean;
}

/**
 * The live sets of dataset `$1`: the one place that decides what readers see. A subquery, so
 * that a reader may take them with what else it needs in one statement.
 */
export const LIVE_SETS = `SELECT partition_id, row_table, types, row_count, plain_csv
  FROM dataset_row_sets WHERE dataset_id = $1 AND state = 'live'`;

/** The dataset's live sets in partition order. */
export const liveSets = (db: Queryable, datasetId: string) =>
  db.query<LiveSet>(`${LIVE_SETS} ORDER BY partition_id`, [datasetId]);

/**
 * A new set's row: its table is made next (a set whose table never came is dropped IF EXISTS by
 * the sweep), its types are those of `columns`.
 */
export async function newSet(
  db: Queryable,
  set: {
    datasetId: string;
    partitionId: string;
    rowCount: number;
    state: 'staging' | 'live';
    jobId?: string;
    types: readonly string[];
    /** The position index is built when the set is finished (row-tables.ts `createRowTable`). */
    indexLater?: boolean;
  },
) {
  const storage = newStorage();
  const table = newRowTable();
  const types = set.types.map(storedType);
  await db.query(
    `INSERT INTO dataset_row_sets (dataset_id, storage, partition_id, row_count, state, job_id, row_table, types)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[])`,
    [
      set.datasetId,
      storage,
      set.partitionId,
      set.rowCount,
      set.state,
      set.jobId ?? null,
      table,
      types,
    ],
  );
  await createRowTable(db, table, types, set.indexLater);
  return { storage, table, types };
}

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

/** A fresh storage key: the set's name among its dataset's sets. */
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

/** Writes `rows` as a new live set of `partitionId`, `BATCH` rows a statement. */
async function writeLive(
  tx: Queryable,
  datasetId: string,
  partitionId: string,
  columns: DatasetColumn[],
  rows: Cell[][],
) {
  const set = await newSet(tx, {
    datasetId,
    partitionId,
    rowCount: rows.length,
    state: 'live',
    types: columns.map((c) => c.type),
  });
  let plain = true;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    if (plain) plain = batch.every((row) => set.types.every((t, i) => plainCell(row[i], t)));
    await insertJson(tx, set.table, set.types, start, batch);
  }
  await finishRowTable(tx, set.table);
  await tx.query(
    'UPDATE dataset_row_sets SET plain_csv = $3 WHERE dataset_id = $1 AND storage = $2',
    [datasetId, set.storage, plain],
  );
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
    writeLive(tx, datasetId, p, columns, rows),
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
    writeLive(tx, datasetId, p, columns, rows),
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

/**
 * Drops the tables of retired sets (after the grace) and of staging sets whose job has ended,
 * then the sets themselves. Any process may sweep; two at once drop the same table IF EXISTS.
 */
export async function sweepRowSets(db: Queryable, graceSeconds = RETIRED_GRACE_SECONDS) {
  for (;;) {
    const [set] = await db.query<{ dataset_id: string; storage: string; row_table: string | null }>(
      `SELECT dataset_id, storage, row_table FROM dataset_row_sets s
       WHERE (state = 'retired' AND changed_at < now() - make_interval(secs => $1))
          OR (state = 'staging' AND NOT EXISTS (
                SELECT 1 FROM jobs j WHERE j.id = s.job_id AND j.status IN ('queued', 'running')))
       ORDER BY changed_at LIMIT 1`,
      [graceSeconds],
    );
    if (!set) return;
    if (set.row_table) await dropRowTable(db, set.row_table);
    await db.query(
      `DELETE FROM dataset_row_sets WHERE dataset_id = $1 AND storage = $2 AND state <> 'live'`,
      [set.dataset_id, set.storage],
    );
  }
}
