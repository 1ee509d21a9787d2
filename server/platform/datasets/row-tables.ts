import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../store/db';

/**
 * The physical layout of a dataset's rows: each row set (datasets/store.ts) is a table of its own,
 * `row_index` (0..n-1, the load order) and one typed column per schema column, `c1`..`cN`. Its
 * name and column types are kept on its `dataset_row_sets` row (`row_table`, `types`). A set's
 * table is written once, while it is staged, and read until the set is swept, when it is dropped.
 * Everything here is the engine's SQL for those tables: writers and readers stay elsewhere.
 */

/** A cell as the platform's API shows it: a JSON value. */
export type Cell = string | number | boolean | null;

const SQL_TYPES: Record<string, string> = {
  STRING: 'text',
  LONG: 'bigint',
  DOUBLE: 'double precision',
  DECIMAL: 'numeric',
  DATE: 'date',
  DATETIME: 'timestamptz',
};

/** The engine's type of a schema type; a type the platform does not know is kept as text. */
export const sqlType = (type: string) => SQL_TYPES[type] ?? 'text';
/** The schema type a set's column is stored as (an unknown type is STRING). */
export const storedType = (type: string) => (SQL_TYPES[type] ? type : 'STRING');

export const column = (i: number) => `c${i + 1}`;

/** A fresh table name: a letter, then hex, so it never needs quoting. */
export const newRowTable = () => `dataset_rows_${randomUUID().replaceAll('-', '')}`;

/** Only names this module made are ever put in a statement. */
export function checkedTable(name: string) {
  if (!/^dataset_rows_[0-9a-f]{32}$/.test(name)) throw new Error(`not a row table: ${name}`);
  return name;
}

/**
 * A BRIN index on `row_index` (a few pages a million rows: the rows come in load order, so a
 * range of positions is a few pages).
 */
const positionIndex = (name: string) =>
  `CREATE INDEX IF NOT EXISTS ${name}_at ON ${name} USING brin (row_index) WITH (pages_per_range = 8)`;

/**
 * The set's table, empty, with its position index and the column's statistics kept small (the
 * planner then reads a window of positions from its pages, not the whole table). Each writer
 * summarizes the index as its pieces go in and finishes the table at its end.
 * `indexLater`: the index is built by `finishRowTable`, once every row is in. That suits
 * PostgreSQL, where a build holds no reader and costs less than the COPY's keeping the index up
 * row by row; on PGlite a build would hold the database for the whole table at once.
 */
export async function createRowTable(
  db: Queryable,
  table: string,
  types: readonly string[],
  indexLater = false,
) {
  const name = checkedTable(table);
  const columns = types.map((t, i) => `, ${column(i)} ${sqlType(t)}`).join('');
  await db.query(`CREATE TABLE ${name} (row_index bigint NOT NULL${columns})`);
  if (!indexLater) await db.query(positionIndex(name));
  await db.query(`ALTER TABLE ${name} ALTER row_index SET STATISTICS 1`);
}

/** Whether a writer on this engine leaves the position index to `finishRowTable` (above). */
export const indexesLater = (kind: 'pglite' | 'postgres') => kind === 'postgres';

/**
 * The index's summary of the pages written since the last (a millisecond or two a piece); none
 * while the index is yet to be built.
 */
export const summarizeRowTable = (db: Queryable, table: string) =>
  db.query(`SELECT brin_summarize_new_values(to_regclass('${checkedTable(table)}_at'))`);

/**
 * After a writer's piece: its pages summarized where the index is kept as rows go in; where it
 * is built at the end there is nothing to ask the engine (a round trip a piece saved).
 */
export async function summarizePiece(db: Db, table: string) {
  if (!indexesLater(db.kind)) await summarizeRowTable(db, table);
}

/**
 * Once every row is in: the index built if it was left for later, its last pages summarized,
 * and `row_index`'s statistics (a few ms).
 */
export async function finishRowTable(db: Queryable, table: string) {
  const name = checkedTable(table);
  await db.query(positionIndex(name));
  await summarizeRowTable(db, table);
  await db.query(`ANALYZE ${name} (row_index)`);
}

export const dropRowTable = (db: Queryable, table: string) =>
  db.query(`DROP TABLE IF EXISTS ${checkedTable(table)}`);

/** A DATETIME as the platform writes it: UTC, ISO 8601, seconds, a fraction only when there is one. */
export const isoDatetime = (c: string) =>
  `(to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || CASE WHEN date_part('microseconds', ${c})::int % 1000000 = 0 THEN '' ELSE rtrim(to_char(${c} AT TIME ZONE 'UTC', '.US'), '0') END || 'Z')`;

/**
 * Column `c` of a set stored as `from`, as the dataset's column type `to` (APPEND widens a
 * column: LONG and DOUBLE to DOUBLE, DATE and DATETIME to DATETIME, anything else to STRING).
 */
export function widened(c: string, from: string, to: string): string {
  const target = storedType(to);
  const source = storedType(from);
  if (source === target) return c;
  if (target === 'STRING') return textOf(c, source);
  if (source === 'STRING' || source === 'DATETIME' || target === 'DATE')
    return `(${textOf(c, source)})::${sqlType(target)}`;
  return `${c}::${sqlType(target)}`;
}

/** Text of a stored value (DATE in ISO; DateStyle is ISO on both engines). */
const textOf = (c: string, type: string) =>
  type === 'STRING' ? c : type === 'DATETIME' ? isoDatetime(c) : `${c}::text`;

/**
 * A column as a reader gets it: a number, text, or a day or instant as ISO text (the drivers
 * read bigint and numeric as numbers, store/postgres.ts and store/pglite-worker.ts). Text comes
 * after one character that cellsOf drops: PGlite's decoder drops a byte-order mark at the start
 * of a text value, not inside one (cheaper than the value as JSON).
 */
export function cellValue(c: string, type: string) {
  const stored = storedType(type);
  if (stored === 'STRING') return `'.' || ${c}`;
  if (stored === 'DATE') return `${c}::text`;
  if (stored === 'DATETIME') return isoDatetime(c);
  return c;
}

/** A field of COPY's CSV: a string always quoted (so '' stays '' and an unquoted empty is null). */
function copyField(cell: Cell | undefined) {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return '"' + cell.replaceAll('"', '""') + '"';
  return String(cell);
}

/**
 * What may make the engine's CSV of a cell differ from exports/csv.ts's: text with a space at
 * either end, a byte-order mark, a line break (the export counts rows by line ends), or `\.`;
 * a number the engine writes with an exponent where JavaScript does not (or the reverse): PostgreSQL
 * writes a double outside [1e-4, 1e15) with one, JavaScript outside [1e-6, 1e21); and -0.
 */
const NOT_PLAIN_TEXT = /^ | $|[\r\n\uFEFF]|^\\\.$/;
export function plainCell(cell: Cell | undefined, type: string) {
  if (cell === null || cell === undefined) return true;
  const stored = storedType(type);
  if (stored === 'STRING') return !NOT_PLAIN_TEXT.test(String(cell));
  if ((stored === 'DOUBLE' || stored === 'DECIMAL') && typeof cell === 'number') {
    if (Object.is(cell, -0)) return false;
    const a = Math.abs(cell);
    return a === 0 || (a >= 1e-4 && a < 1e15);
  }
  return true;
}

/**
 * The COPY input (CSV) of `rows` for columns of `types`, numbered from `first`, and whether
 * every cell is plain.
 */
export function copyText(
  rows: ReadonlyArray<readonly Cell[]>,
  types: readonly string[],
  first: number,
) {
  let text = '';
  let plain = true;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let line = String(first + r);
    for (let i = 0; i < types.length; i++) {
      const cell = row[i];
      if (plain && !plainCell(cell, types[i]!)) plain = false;
      line += ',' + copyField(cell);
    }
    text += line + '\n';
  }
  return { text, plain };
}

/**
 * The COPY of rows into a set's table, each its `row_index` first: CSV lines, or tuples of COPY's
 * binary format (streams/copy-binary.ts).
 */
export const copyInto = (table: string, width: number, format: 'csv' | 'binary' = 'csv') =>
  `COPY ${checkedTable(table)} (row_index${Array.from({ length: width }, (_, i) => `, ${column(i)}`).join('')}) FROM STDIN WITH (FORMAT ${format})`;

/**
 * Rows written by one INSERT from one JSON document (inside a transaction, where no COPY is
 * to hand): each cell cast to its column's type.
 */
export function insertJson(
  db: Queryable,
  table: string,
  types: readonly string[],
  first: number,
  rows: ReadonlyArray<readonly Cell[]>,
) {
  const casts = types.map((t, i) => `, (e->>${i})::${sqlType(t)}`).join('');
  return db.query(
    `INSERT INTO ${checkedTable(table)} SELECT $1::bigint + n - 1${casts}
     FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, n)`,
    [first, JSON.stringify(rows)],
  );
}

/**
 * Whether every value of the set's DOUBLE and DECIMAL columns is written alike by the engine and
 * by JavaScript (plainCell): one scan of those columns, for a set the engine loaded itself.
 */
export async function numbersPlain(db: Queryable, table: string, types: readonly string[]) {
  const tests = types.flatMap((t, i) => {
    const c = column(i);
    return t === 'DOUBLE' || t === 'DECIMAL'
      ? [
          `bool_and(${c} IS NULL OR (${c} <> 0 AND abs(${c}) >= 1e-4 AND abs(${c}) < 1e15) OR ${c}::text = '0')`,
        ]
      : [];
  });
  if (tests.length === 0) return true;
  const [row] = await db.query<{ plain: boolean | null }>(
    `SELECT ${tests.join(' AND ')} AS plain FROM ${checkedTable(table)}`,
  );
  return row?.plain !== false;
}

/** A value of a set's column that the type refuses, said as the row and column (1-based rows after the header). */
export function refusedValue(
  error: unknown,
  names: readonly string[],
): { row: number; column: string } | undefined {
  const e = error as { code?: unknown; where?: unknown; message?: unknown };
  if (!/^22/.test(String(e.code))) return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const where = `${text(e.where)} ${text(e.message)}`;
  const line = /line (\d+), column c(\d+)/.exec(where);
  if (!line) return undefined;
  return { row: Number(line[1]), column: names[Number(line[2]) - 1] ?? `c${line[2]}` };
}

/**
 * The select list of the dataset's columns `indexes` (into `types`, the dataset's column types)
 * from a set stored as `setTypes`, each widened to the dataset's type and shaped by `render`,
 * named `v1`, `v2`... A column the set lacks is null.
 */
export function setColumns(
  setTypes: readonly string[],
  types: readonly string[],
  indexes: readonly number[],
  render: (expr: string, type: string) => string = (expr) => expr,
) {
  return indexes
    .map((i, k) => {
      const type = types[i] ?? 'STRING';
      const expr =
        i < setTypes.length ? widened(column(i), setTypes[i]!, type) : `NULL::${sqlType(type)}`;
      return `${render(expr, type)} AS v${k + 1}`;
    })
    .join(', ');
}

/**
 * The live sets `sets` (in partition order) as one relation: `s` each set's place, `row_index`
 * its row, and the dataset's columns `indexes` as `v1`..`vN` (setColumns). With no set, no row.
 */
export function setsUnion(
  sets: ReadonlyArray<{ row_table: string; types: readonly string[] }>,
  types: readonly string[],
  indexes: readonly number[] = types.map((_, i) => i),
) {
  if (sets.length === 0)
    return `SELECT 0 AS s, 0::bigint AS row_index, ${indexes.map((i, k) => `NULL::${sqlType(types[i] ?? 'STRING')} AS v${k + 1}`).join(', ')} WHERE false`;
  return sets
    .map(
      (set, k) =>
        `SELECT ${k} AS s, row_index, ${setColumns(set.types, types, indexes)} FROM ${checkedTable(set.row_table)}`,
    )
    .join(' UNION ALL ');
}

/** A value as an export's CSV field text: '' is written as an empty field, as null is. */
export const csvValue = (expr: string, type: string) =>
  storedType(type) === 'STRING'
    ? `NULLIF(${expr}, '')`
    : storedType(type) === 'DATETIME'
      ? isoDatetime(expr)
      : expr;

/** The cells of rows selected as `v1`..`vN` with cellValue, of columns of `types`. */
export function cellsOf(
  rows: ReadonlyArray<Record<string, unknown>>,
  types: readonly string[],
): Cell[][] {
  const text = types.map((t) => storedType(t) === 'STRING');
  const names = types.map((_, k) => `v${k + 1}`);
  return rows.map((row) =>
    names.map((name, k) => {
      const value = (row[name] ?? null) as Cell;
      return text[k] && typeof value === 'string' ? value.slice(1) : value;
    }),
  );
}
