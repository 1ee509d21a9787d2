import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store';

/**
 * The one place that writes dataset rows: document-store sync, stream runs and the seed all
 * come through here, so row_count, data_version and last_updated stay true.
 * A row is a JSON array of cells in column order; partition '' means "not partitioned".
 */
export interface DatasetColumn {
  id: string;
  name: string;
  type: string;
  visible: boolean;
}
export type Cell = string | number | boolean | null;

const BATCH = 5_000;

export const columnsFrom = (defs: Array<{ name: string; type: string }>): DatasetColumn[] =>
  defs.map((d, i) => ({ id: `c${i + 1}`, name: d.name, type: d.type, visible: true }));

export async function createDataset(
  tx: Queryable,
  input: { id?: string; name: string; description?: string; owner: number; columns: DatasetColumn[] },
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

async function insertRows(tx: Queryable, datasetId: string, partitionId: string, rows: Cell[][], from = 0) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    // One JSON document per batch: Postgres parses it faster than a jsonb[] literal of the same rows.
    await tx.query(
      `INSERT INTO dataset_rows (dataset_id, partition_id, row_index, cells)
       SELECT $1, $2, $3::int + n::int - 1, cells FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS t(cells, n)`,
      [datasetId, partitionId, from + start, JSON.stringify(batch)],
    );
  }
}

async function touch(tx: Queryable, datasetId: string, columns?: DatasetColumn[]) {
  await tx.query(
    `UPDATE datasets SET
       row_count = (SELECT count(*) FROM dataset_rows WHERE dataset_id = $1),
       data_version = data_version + 1,
       last_updated = now(),
       columns = COALESCE($2::jsonb, columns)
     WHERE id = $1`,
    [datasetId, columns ? JSON.stringify(columns) : null],
  );
}

/** REPLACE: the dataset's rows become exactly `rows` (all partitions dropped). */
export async function replaceRows(tx: Queryable, datasetId: string, columns: DatasetColumn[], rows: Cell[][]) {
  await tx.query('DELETE FROM dataset_rows WHERE dataset_id = $1', [datasetId]);
  await tx.query('DELETE FROM dataset_partitions WHERE dataset_id = $1', [datasetId]);
  await insertRows(tx, datasetId, '', rows);
  await touch(tx, datasetId, columns);
}

/** APPEND: `rows` become partition `partitionId` (replacing a partition of the same id). */
export async function appendPartition(
  tx: Queryable,
  datasetId: string,
  partitionId: string,
  columns: DatasetColumn[],
  rows: Cell[][],
) {
  await tx.query('DELETE FROM dataset_rows WHERE dataset_id = $1 AND partition_id = $2', [datasetId, partitionId]);
  await insertRows(tx, datasetId, partitionId, rows);
  await touch(tx, datasetId, columns);
  await tx.query(
    `INSERT INTO dataset_partitions (dataset_id, partition_id, row_count, created_at, data_version)
     VALUES ($1, $2, $3, now(), (SELECT data_version FROM datasets WHERE id = $1))
     ON CONFLICT (dataset_id, partition_id) DO UPDATE
       SET row_count = EXCLUDED.row_count, created_at = EXCLUDED.created_at, data_version = EXCLUDED.data_version`,
    [datasetId, partitionId, rows.length],
  );
}

/** Spec 4.10: the partition's rows go, and it no longer appears in the list. */
export async function deletePartition(tx: Queryable, datasetId: string, partitionId: string): Promise<boolean> {
  const gone = await tx.query('DELETE FROM dataset_partitions WHERE dataset_id = $1 AND partition_id = $2 RETURNING 1', [
    datasetId,
    partitionId,
  ]);
  if (gone.length === 0) return false;
  await tx.query('DELETE FROM dataset_rows WHERE dataset_id = $1 AND partition_id = $2', [datasetId, partitionId]);
  await touch(tx, datasetId);
  return true;
}
