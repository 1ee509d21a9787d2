import {
  cellValue,
  cellsOf,
  checkedTable,
  csvValue,
  setColumns,
  setsUnion,
} from '../datasets/row-tables';
import { liveSets } from '../datasets/store';
import type { Db, Queryable } from '../store';
import { csvLines } from './csv';
import type { QueryPlan } from './query-plan';

// The rows of a dataset as an export writes them: read from its live row sets (datasets/store.ts)
// in batches, as CSV.

/**
 * The CSV lines of the dataset's rows in (partition, index) order, `batchRows` rows at a time
 * (EXPORT_BATCH_ROWS): each live row set's typed table (datasets/row-tables.ts) in partition
 * order, read as windows of row_index (0..n-1, found through its BRIN index), each window
 * costing its own whatever the set's size. `types` are the dataset's column types.
 * A set marked `plain_csv` (its writer saw no cell that the engine's CSV writer writes apart from
 * csv.ts) is written by the engine: `COPY (SELECT ...) TO STDOUT WITH CSV`, its line ends made
 * CRLF, COPY_CELLS cells a statement (on PostgreSQL streamed). Any other set comes back as rows
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
    // PostgreSQL streams a plain set's CSV as it is written.
    const streamed = set.plain_csv && db.copyToStream ? db.copyToStream.bind(db) : undefined;
    const cells = set.plain_csv ? COPY_CELLS : 0;
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
              indexes.map((i) => types[i] ?? 'STRING'),
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

/**
 * Cells per COPY of a plain set. Each statement has a fixed cost, but its window is sorted by
 * row_index: at this size the sort stays within the engine's default work_mem (4 MB), in memory,
 * where a larger window spills to disk and costs more than the statements saved (PostgreSQL: a
 * window of 200,000 rows took 30% longer a row). On PGlite a statement holds the database some
 * 20-30 ms at this size (the reader's budget is 100 ms). A streamed statement's time stays
 * bounded however slow the target.
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

/** The table an export's query result is kept in while it is written (one per export). */
export function resultTable(exportId: string) {
  const hex = exportId.replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`not an export id: ${exportId}`);
  return `export_result_${hex}`;
}

/** Drops an export's result table, if a run left one (its process stopped midway). */
export const dropResultTable = (db: Queryable, exportId: string) =>
  db.query(`DROP TABLE IF EXISTS ${resultTable(exportId)}`);

/**
 * The one statement of an export's query: the dataset's live sets as one relation (each set's
 * columns widened to the dataset's types, `s` its place and `r` its row), grouped and
 * aggregated, each result row numbered in the asked order (ties: the rows' own order, or the
 * groups'). Outputs are `o1`..`oN`.
 */
export function querySql(
  sets: ReadonlyArray<{ row_table: string; types: string[] }>,
  types: readonly string[],
  plan: QueryPlan,
) {
  const needed = [
    ...new Set([
      ...plan.outputs.map((o) => o.index),
      ...plan.groupBy,
      ...plan.orderBy.flatMap((o) => (o.column === undefined ? [] : [o.column])),
    ]),
  ];
  const inner = (i: number) => `u.v${needed.indexOf(i) + 1}`;
  const union = setsUnion(sets, types, needed);
  const grouped = plan.groupBy.length > 0 || plan.outputs.some((o) => o.fn !== 'COLUMN');
  const outputs = plan.outputs.map((o, k) => {
    const value = inner(o.index);
    const expr =
      o.fn === 'COLUMN'
        ? value
        : o.fn === 'COUNT'
          ? `count(${value})`
          : // An average of whole numbers is a DECIMAL; of doubles, a DOUBLE (the engine's own).
            `${o.fn.toLowerCase()}(${value})`;
    return `${expr} AS o${k + 1}`;
  });
  // Order-only columns (a plain export ordered by a column it does not write) and the rows' place.
  const hidden = grouped
    ? []
    : [
        ...plan.orderBy.flatMap((o, k) =>
          o.column === undefined ? [] : [`${inner(o.column)} AS h${k + 1}`],
        ),
        'u.s',
        'u.row_index AS r',
      ];
  const orderTerms = plan.orderBy.map(
    (o, k) =>
      `${o.output !== undefined ? `q.o${o.output + 1}` : `q.h${k + 1}`} ${o.descending ? 'DESC' : 'ASC'}`,
  );
  const ties = grouped
    ? plan.groupBy.map((i) => {
        const at = plan.outputs.findIndex((o) => o.fn === 'COLUMN' && o.index === i);
        return at >= 0 ? `q.o${at + 1}` : undefined;
      })
    : ['q.s', 'q.r'];
  const order = [...orderTerms, ...ties.filter((t): t is string => t !== undefined)];
  const groupBy = plan.groupBy.length ? ` GROUP BY ${plan.groupBy.map(inner).join(', ')}` : '';
  const selected = [...outputs, ...hidden].join(', ');
  const outs = plan.outputs.map((_, k) => `q.o${k + 1}`).join(', ');
  return `SELECT (row_number() OVER (${order.length ? `ORDER BY ${order.join(', ')}` : ''}) - 1) AS row_index, ${outs}
    FROM (SELECT ${selected} FROM (${union}) u${groupBy}) q`;
}

/**
 * The CSV lines of an export's query, `batchRows` rows at a time: its one statement is run into
 * the export's result table (UNLOGGED: it is the export's scratch, gone with it), then read as
 * windows of its row numbers and written by csv.ts; the table is dropped at the end, whether the
 * export succeeds or not. Memory stays flat whatever the result's size.
 */
export async function* queryBatches(
  db: Db,
  exportId: string,
  datasetId: string,
  types: readonly string[],
  plan: QueryPlan,
  batchRows: number,
): AsyncGenerator<{ bytes: Buffer; rows: number }> {
  const table = resultTable(exportId);
  await dropResultTable(db, exportId);
  try {
    const sets = await liveSets(db, datasetId);
    await db.query(`CREATE UNLOGGED TABLE ${table} AS ${querySql(sets, types, plan)}`);
    await db.query(
      `CREATE INDEX ${table}_at ON ${table} USING brin (row_index) WITH (pages_per_range = 8)`,
    );
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)) as [
      { n: number },
    ];
    const render = plan.outputs
      .map((o, k) => `${cellValue(`o${k + 1}`, o.type)} AS v${k + 1}`)
      .join(', ');
    const all = plan.outputs.map((_, k) => k);
    for (let from = 0; from < n; from += batchRows) {
      const rows = cellsOf(
        await db.query(
          `SELECT ${render} FROM ${table} WHERE row_index >= ${from} AND row_index < ${from + batchRows}
           ORDER BY row_index`,
        ),
        plan.outputs.map((o) => o.type),
      );
      yield { bytes: Buffer.from(csvLines(rows, all)), rows: rows.length };
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === '42P01') throw changedDuringExport();
    throw error;
  } finally {
    await dropResultTable(db, exportId);
  }
}
