import type { Cell } from '../datasets/store';
import type { Db } from '../store';
import { csvLines } from './csv';

// The rows of a dataset as an export writes them: read from its live row sets (datasets/store.ts)
// in batches, as CSV.

/** A literal for a COPY statement (which takes no parameters). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The CSV lines of the dataset's rows in (partition, index) order, `batchRows` rows at a time
 * (EXPORT_BATCH_ROWS): each live row set (datasets/store.ts) in partition order, read as windows
 * of row_index, which the store writes as 0..n-1. So each batch costs its own, whatever the
 * planner believes: PGlite runs no autovacuum, and on a table it has never analyzed a keyset
 * `LIMIT` reads and sorts every remaining row.
 * A set marked `plain_csv` (a stream run saw that the engine's CSV writer writes its cells as
 * csv.ts does) is written by the engine: `COPY (SELECT ...) TO STDOUT WITH CSV`, its line ends
 * made CRLF; on PostgreSQL streamed, STREAM_CELLS cells a statement. Any other set comes back
 * as one JSON text a batch (PGlite's per-row decoding costs more than the query) and csv.ts
 * writes it.
 * A set replaced during the export stays readable for RETIRED_GRACE_SECONDS; should it go
 * before the export has read it, the export fails and says so rather than miss rows.
 */
export async function* csvBatches(
  db: Db,
  datasetId: string,
  indexes: readonly number[],
  batchRows: number,
): AsyncGenerator<{ bytes: Buffer; rows: number }> {
  let partition: string | undefined;
  for (;;) {
    const [set] = await db.query<{
      partition_id: string;
      storage: string;
      row_count: number;
      plain_csv: boolean;
    }>(
      `SELECT partition_id, storage, row_count, plain_csv FROM dataset_row_sets
       WHERE dataset_id = $1 AND state = 'live' AND partition_id ${partition === undefined ? '>=' : '>'} $2
       ORDER BY partition_id LIMIT 1`,
      [datasetId, partition ?? ''],
    );
    if (!set) return;
    partition = set.partition_id;
    const fields = indexes.map((i) => `NULLIF(cells->>${Number(i)}, '')`).join(', ');
    const copy = (from: number, to: number) =>
      `COPY (SELECT ${fields} FROM dataset_rows
             WHERE dataset_id = ${literal(datasetId)} AND partition_id = ${literal(set.storage)}
               AND row_index >= ${from} AND row_index < ${to}
             ORDER BY row_index) TO STDOUT WITH (FORMAT csv)`;
    // PostgreSQL streams a plain set's CSV in large pieces (a statement each, few round trips).
    const streamed = set.plain_csv && db.copyToStream ? db.copyToStream.bind(db) : undefined;
    const step = streamed
      ? Math.max(batchRows, Math.floor(STREAM_CELLS / indexes.length))
      : batchRows;
    for (let from = 0; from < set.row_count; from += step) {
      const expected = Math.min(step, set.row_count - from);
      let rows = 0;
      if (streamed) {
        for await (const batch of streamedBatches(streamed(copy(from, from + expected)))) {
          rows += batch.rows;
          yield batch;
        }
      } else {
        let batch: { bytes: Buffer; rows: number };
        if (set.plain_csv) batch = crlf(await db.copyTo(copy(from, from + expected)));
        else {
          const [json] = await db.query<{ cells: string | null; n: number }>(
            `SELECT string_agg(cells::text, ',' ORDER BY row_index) AS cells, count(*)::int AS n
             FROM dataset_rows
             WHERE dataset_id = $1 AND partition_id = $2 AND row_index >= $3 AND row_index < $4`,
            [datasetId, set.storage, from, from + batchRows],
          );
          const cells = json?.cells ? (JSON.parse(`[${json.cells}]`) as Cell[][]) : [];
          batch = { bytes: Buffer.from(csvLines(cells, indexes)), rows: json?.n ?? 0 };
        }
        rows = batch.rows;
        yield batch;
      }
      if (rows !== expected)
        throw new Error('The dataset changed during the export: export it again');
    }
  }
}

/** Cells per streamed COPY statement: its time stays bounded however slow the target. */
const STREAM_CELLS = 1_000_000;
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
