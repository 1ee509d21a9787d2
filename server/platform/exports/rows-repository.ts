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
 * CRLF, a window of about WINDOW_BYTES a statement, read in the order the table holds its rows
 * (the order they were written in, so no sort), each row's position checked (`positioned`); a
 * window found in another order is read again sorted. Any other set comes back as rows
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
  windowBytes = WINDOW_BYTES,
): AsyncGenerator<{ bytes: Buffer; rows: number }> {
  for (const set of await liveSets(db, datasetId)) {
    const table = checkedTable(set.row_table);
    const where = (from: number, to: number) =>
      `FROM ${table} WHERE row_index >= ${from} AND row_index < ${to}`;
    // A plain set's window in the order the table holds it (no sort), each line led by its
    // position; in position order only when that order was not it.
    const copy = (from: number, to: number, sorted: boolean) =>
      `COPY (SELECT row_index, ${setColumns(set.types, types, indexes, csvValue)} ${where(from, to)}${
        sorted ? ' ORDER BY row_index' : ''
      }) TO STDOUT WITH (FORMAT csv)`;
    const most = Math.max(batchRows, Math.floor(COPY_CELLS / Math.max(1, indexes.length)));
    // A plain set's first window is `batchRows` rows; each next one is sized by the text of the one before.
    let step = batchRows;
    for (let from = 0; from < set.row_count;) {
      const expected = Math.min(step, set.row_count - from);
      let batch: { bytes: Buffer; rows: number };
      try {
        if (set.plain_csv) {
          const bytes =
            (await positionedCopy(db, copy(from, from + expected, false), from, windowBytes)) ??
            (await positionedCopy(db, copy(from, from + expected, true), from, windowBytes));
          if (!bytes) throw changedDuringExport();
          batch = bytes;
          // The next window holds about `windowBytes` of text, COPY_CELLS cells at most.
          step = Math.max(
            1,
            Math.min(most, Math.floor((expected * windowBytes) / Math.max(1, bytes.bytes.length))),
          );
        } else {
          const cells = cellsOf(
            await db.query(
              `SELECT ${setColumns(set.types, types, indexes, cellValue)} ${where(from, from + expected)} ORDER BY row_index`,
            ),
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
      } catch (error) {
        // The set's table went (swept after its grace): the export cannot have every row.
        if ((error as { code?: unknown }).code === '42P01') throw changedDuringExport();
        throw error;
      }
      if (batch.rows !== expected) throw changedDuringExport();
      yield batch;
      from += expected;
    }
  }
}

const changedDuringExport = () =>
  new Error('The dataset changed during the export: export it again');

/**
 * Cells per COPY of a plain set at most: each statement has a fixed cost; on PGlite one holds
 * the database some 20-30 ms at this size (the reader's budget is 100 ms).
 */
const COPY_CELLS = 100_000;
/** The text a window of a plain set is sized to hold (it is gathered whole before it is written). */
const WINDOW_BYTES = 2 << 20;

/**
 * The engine's CSV of a window of a plain set, each line led by its row's position (no value of
 * a plain set holds a line break, so each LF ends a row), as the export writes it: the positions
 * taken off, CRLF line ends; null unless the lines are the positions `first`, `first + 1`, … in
 * order (a table need not give its rows in the order they were written).
 */
export function positioned(data: Uint8Array, first: number) {
  const window = new PositionedLines(first, data.byteLength);
  for (let at = 0; at < data.byteLength;) at = window.line(data, at, data.byteLength);
  return window.result();
}

/**
 * `positioned` of what the COPY `sql` writes: on PostgreSQL each row as it comes, so the text
 * is never gathered twice. `capacity` is the text expected (a window's).
 */
async function positionedCopy(db: Db, sql: string, first: number, capacity: number) {
  if (!db.copyRows) return positioned(await db.copyTo(sql), first);
  const window = new PositionedLines(first, capacity);
  await db.copyRows(sql, (row) => {
    // A row is one line: a line break inside it (never in a plain set) fails the window.
    if (window.line(row, 0, row.length) !== row.length) window.refuse();
  });
  return window.result();
}

/**
 * The export's text of a window of a plain set, written a line at a time as the engine's lines
 * come (`positioned`), each line's position checked and taken off, CRLF after it.
 */
class PositionedLines {
  private out: Buffer;
  private size = 0;
  private next: number;
  private inOrder = true;
  constructor(
    private readonly first: number,
    capacity: number,
  ) {
    this.out = Buffer.allocUnsafe(Math.max(capacity, 1024));
    this.next = first;
  }
  /**
   * The line that starts at `at` (up to its LF, `end` at most), written; where the next one
   * starts. A line out of order ends the window's writing (`result` is null).
   */
  line(b: Uint8Array, at: number, end: number) {
    if (!this.inOrder) return end;
    let n = 0;
    let j = at;
    for (let c = b[j]!; j < end && c >= 48 && c <= 57; c = b[++j]!) n = n * 10 + c - 48;
    if (j === at || j >= end || b[j] !== 44 || n !== this.next) {
      this.inOrder = false;
      return end;
    }
    this.next++;
    j++;
    // Room for the rest of the text at most (a window's text is one line per row on PostgreSQL).
    if (this.size + (end - j) + 2 > this.out.length) {
      const wider = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.size + (end - j) + 2));
      this.out.copy(wider, 0, 0, this.size);
      this.out = wider;
    }
    // Byte by byte: most lines are short, and a call to copy costs more than their bytes.
    const out = this.out;
    let w = this.size;
    for (let c = b[j]!; j < end && c !== 10; c = b[++j]!) out[w++] = c;
    out[w++] = 13;
    out[w++] = 10;
    this.size = w;
    return j + 1;
  }
  /** The window is not the export's text (`result` is null). */
  refuse() {
    this.inOrder = false;
  }
  result(): { bytes: Buffer; rows: number } | null {
    return this.inOrder
      ? { bytes: this.out.subarray(0, this.size), rows: this.next - this.first }
      : null;
  }
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
