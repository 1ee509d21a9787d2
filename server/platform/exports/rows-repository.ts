import { cellValue, cellsOf, checkedTable, csvValue, setColumns } from '../datasets/row-tables';
import { liveSets } from '../datasets/store';
import type { Db } from '../store';
import { csvLines } from './csv';

// The rows of a dataset as an export writes them: read from its live row sets (datasets/store.ts)
// in batches, as CSV.

/**
 * The CSV lines of the dataset's rows in (partition, index) order, `batchRows` rows at a time
 * (EXPORT_BATCH_ROWS): each live row set's typed table (datasets/row-tables.ts) in partition
 * order, read as windows of row_index (0..n-1, found through its BRIN index), each window
 * costing its own whatever the set's size. `types` are the dataset's column types.
 * A set marked `plain_csv` (its writer saw no cell that the engine's CSV writer writes apart from
 * csv.ts) is written by the engine: `COPY (SELECT ...) TO STDOUT WITH CSV`, its line ends made
 * CRLF: on PostgreSQL streamed, STREAM_CELLS cells a statement, on PGlite COPY_CELLS. Any other set comes back as rows
 * and csv.ts writes it; both read the same SQL values (a DATETIME as ISO text).
 * A set replaced during the export stays readable for RETIRED_GRACE_SECONDS; should it go
 * before the export has read it, the export fails and says so rather than miss rows.
 */
export async function* csvBatches(
  db: Db,
  datasetId: string,
  types: readonly string[],
  indexes: readonly number[],
  batchRows: number,
): AsyncGenerator<{ bytes: Buffer; rows: number }> {
  for (const set of await liveSets(db, datasetId)) {
    const table = checkedTable(set.row_table);
    const select = (render: (expr: string, type: string) => string, from: number, to: number) =>
      `SELECT ${setColumns(set.types, types, indexes, render)} FROM ${table}
       WHERE row_index >= ${from} AND row_index < ${to} ORDER BY row_index`;
    const copy = (from: number, to: number) =>
      `COPY (${select(csvValue, from, to)}) TO STDOUT WITH (FORMAT csv)`;
    // PostgreSQL streams a plain set's CSV in large pieces (a statement each, few round trips).
    const streamed = set.plain_csv && db.copyToStream ? db.copyToStream.bind(db) : undefined;
    const cells = streamed ? STREAM_CELLS : set.plain_csv ? COPY_CELLS : 0;
    const step = Math.max(batchRows, Math.floor(cells / Math.max(1, indexes.length)));
    for (let from = 0; from < set.row_count; from += step) {
      const expected = Math.min(step, set.row_count - from);
      let rows = 0;
      try {
        if (streamed) {
          for await (const batch of streamedBatches(streamed(copy(from, from + expected)))) {
            rows += batch.rows;
            yield batch;
          }
        } else {
          let batch: { bytes: Buffer; rows: number };
          if (set.plain_csv) batch = crlf(await db.copyTo(copy(from, from + expected)));
          else {
            const cells = cellsOf(
              await db.query(select(cellValue, from, from + expected)),
              indexes.length,
            );
            batch = {
              bytes: Buffer.from(
                csvLines(
                  cells,
                  indexes.map((_, k) => k),
                ),
              ),
              rows: cells.length,
            };
          }
          rows = batch.rows;
          yield batch;
        }
      } catch (error) {
        // The set's table went (swept after its grace): the export cannot have every row.
        if ((error as { code?: unknown }).code === '42P01') throw changedDuringExport();
        throw error;
      }
      if (rows !== expected) throw changedDuringExport();
    }
  }
}

const changedDuringExport = () =>
  new Error('The dataset changed during the export: export it again');

/** Cells per streamed COPY statement: its time stays bounded however slow the target. */
const STREAM_CELLS = 1_000_000;
/**
 * Cells per COPY of a plain set on PGlite: each statement has a fixed cost, and holds the
 * database some 20-30 ms at this size (the reader's budget is 100 ms).
 */
const COPY_CELLS = 100_000;
/** Bytes handed on at a time from a streamed COPY. */
const STREAM_CHUNK = 1 << 20;

/**
 * The engine's CSV (LF line ends) with CRLF line ends, and its rows: no value of a plain set
 * holds a line break, so each LF ends a row.
 */
export function crlf(data: Uint8Array): { bytes: Buffer; rows: number } {
  const chunk = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let rows = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  const out = Buffer.allocUnsafe(chunk.length + rows);
  let from = 0;
  let at = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
    at += chunk.copy(out, at, from, i);
    out[at++] = 13;
    out[at++] = 10;
    from = i + 1;
  }
  chunk.copy(out, at, from);
  return { bytes: out, rows };
}

/** A streamed COPY's chunks, CRLF, gathered to about STREAM_CHUNK bytes. */
async function* streamedBatches(chunks: AsyncIterable<Uint8Array>) {
  let held: Buffer[] = [];
  let size = 0;
  let rows = 0;
  for await (const chunk of chunks) {
    const batch = crlf(chunk);
    held.push(batch.bytes);
    size += batch.bytes.length;
    rows += batch.rows;
    if (size >= STREAM_CHUNK) {
      yield { bytes: Buffer.concat(held, size), rows };
      held = [];
      size = 0;
      rows = 0;
    }
  }
  if (size > 0) yield { bytes: Buffer.concat(held, size), rows };
}
