import type { Db } from '../store';

/** A row set's column types and its rows as the engine writes each typed row, in load order. */
export async function typedRowsOf(db: Db, datasetId: string, storage: string) {
  const [set] = await db.query<{ row_table: string; types: string[] }>(
    'SELECT row_table, types FROM dataset_row_sets WHERE dataset_id = $1 AND storage = $2',
    [datasetId, storage],
  );
  const rows = await db.query<{ r: string }>(
    `SELECT t::text AS r FROM ${set!.row_table} t ORDER BY row_index`,
  );
  return { types: set!.types, rows: rows.map((row) => row.r) };
}
