import Papa from 'papaparse';
import { finishRowTable, numbersPlain, sqlType } from '../datasets/row-tables';
import type { StagedRows } from '../datasets/staged-rows';
import { newSet } from '../datasets/store';
import type { Db, Session } from '../store';
import { CHUNK_BYTES, headerNames, type ColumnType } from './csv';
import { engineCsvReadable } from './engine-csv-scan';

/**
 * A CSV source on PostgreSQL, parsed and typed by the engine: the text goes in with one
 * `COPY` into a temporary table of text columns, each column's type is judged by one scan, and the
 * values go by `INSERT … SELECT` into the typed table of a staging set. The result is exactly what
 * csv.ts (papaparse, then the same type rules) and stageRows would make of the same text; where
 * that cannot be sure, `null` comes back and the caller takes the Node path, which also gives the
 * exact error of a bad file (a ragged row, an open quote). See engine-csv-scan.ts for the text's
 * conditions, and docs/platform-gaps.md.
 */

/** JS's `trim()` on text with no other whitespace (engine-csv-scan.ts rules the others out). */
const trim = (c: string) => `btrim(${c}, E' \\t\\n\\x0B\\f\\r')`;
const LONG = `'^[+-]?(0|[1-9][0-9]*)$'`;
/** csv.ts's DOUBLE test with "has a digit" and "Number() is not NaN" folded in: a mantissa. */
const DOUBLE = `'^[+-]?((0|[1-9][0-9]*)(\\.[0-9]+)?|\\.[0-9]+)([eE][+-]?[0-9]+)?$'`;
/** csv.ts's DATE pattern without a regular expression (several times cheaper per value). */
const isDate = (t: string) => `(${t} LIKE '____-__-__' AND translate(${t}, '0123456789', '') = '--'
  AND substr(${t}, 6, 2) BETWEEN '01' AND '12' AND substr(${t}, 9, 2) BETWEEN '01' AND '31')`;
const DATETIME = `'^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$'`;

/** Type bits of a value's mask (a blank value fits all: 15). */
const BIT: Record<Exclude<ColumnType, 'STRING'>, number> = {
  LONG: 1,
  DOUBLE: 2,
  DATE: 4,
  DATETIME: 8,
};
/** Flag bit (above the mask): a number whose value JS and float8 may read or write apart. */
const UNSURE = 16;

/** The contract's isCalendarDay (as csv.ts types a day) for 'YYYY-MM-DD' at the start of `t`: no year before 100. */
function calendarDay(t: string) {
  const y = `substr(${t}, 1, 4)::int`;
  const m = `substr(${t}, 6, 2)`;
  const d = `substr(${t}, 9, 2)`;
  return `(substr(${t}, 1, 2) <> '00' AND (${d} <= '28' OR CASE ${m}
      WHEN '02' THEN ${d} = '29' AND ${y} % 4 = 0 AND (${y} % 100 <> 0 OR ${y} % 400 = 0)
      WHEN '04' THEN ${d} <> '31' WHEN '06' THEN ${d} <> '31'
      WHEN '09' THEN ${d} <> '31' WHEN '11' THEN ${d} <> '31' ELSE true END))`;
}

/**
 * A number JS and float8 both read and write alike: no 3-digit exponent, no 200-character
 * mantissa (finiteness), and below 2^53: above it the shortest text of a double may end on a
 * rounding boundary, which JS takes and PostgreSQL's float8 output does not (46372532844543456
 * is 46372532844543460 in JS), so such a column goes the Node way. The first test passes most
 * numbers without reading them as float8.
 */
const doubleValue = (t: string) => `CASE WHEN strpos(${t}, 'e') = 0 AND strpos(${t}, 'E') = 0
      AND length(${t}) < 16 THEN ${BIT.DOUBLE}
    WHEN length(${t}) > 200 OR ${t} ~ '[eE][+-]?[0-9]{3}'
      OR abs(${t}::float8) >= 9007199254740992 THEN ${UNSURE | 15}
    ELSE ${BIT.DOUBLE} END`;

/**
 * Flag bit: a negative zero. float8 keeps its sign, csv.ts's cell (written by stageRows as "0")
 * does not, so a DOUBLE column holding one goes the Node way (a LONG one stores 0 either way).
 */
const NEGATIVE = 32;
const NEGATIVE_ZERO = `'^-(0(\\.0+)?|\\.0+)([eE][+-]?[0-9]+)?$'`;
const negativeBit = (t: string) =>
  `CASE WHEN ascii(${t}) = 45 AND ${t} ~ ${NEGATIVE_ZERO} THEN ${NEGATIVE} ELSE 0 END`;

/** One value's mask (and UNSURE), testing only the types still possible for its column. */
function valueBits(t: string, candidates: number) {
  const tests: string[] = [];
  if (candidates & BIT.LONG)
    tests.push(`WHEN ${t} ~ ${LONG} THEN CASE WHEN length(${t}) < 16
      OR abs(${t}::numeric) <= 9007199254740991 THEN ${BIT.LONG | BIT.DOUBLE} ELSE ${doubleValue(t)} END`);
  if (candidates & (BIT.LONG | BIT.DOUBLE))
    tests.push(`WHEN ${t} ~ ${DOUBLE} THEN ${doubleValue(t)}`);
  if (candidates & BIT.DATE)
    tests.push(`WHEN ${isDate(t)} THEN CASE WHEN ${calendarDay(t)} THEN ${BIT.DATE} ELSE 0 END`);
  if (candidates & BIT.DATETIME)
    tests.push(
      `WHEN ${t} ~ ${DATETIME} THEN CASE WHEN ${calendarDay(t)} THEN ${BIT.DATETIME} ELSE 0 END`,
    );
  return `CASE WHEN ${t} = '' THEN 15 ${tests.join(' ')} ELSE 0 END`;
}

const names = (k: number, prefix: string) =>
  Array.from({ length: k }, (_, i) => `${prefix}${i + 1}`);

/**
 * The rows of `stream_csv` (all but the header) that `where` picks, with the values of the
 * columns `trimmed` picks (all by default) trimmed as `t1`, `t2`...
 */
function trimmedRows(k: number, where: string, trimmed?: boolean[]) {
  const cs = names(k, 'c');
  const ts = cs.flatMap((c, i) =>
    trimmed && !trimmed[i] ? [] : [`coalesce(${trim(c)}, '') AS t${i + 1}`],
  );
  return `(SELECT n, ${[...cs, ...ts].join(', ')} FROM stream_csv WHERE n > 1 AND ${where} OFFSET 0) a`;
}

/** Whether text column `c` is blank without trimming it: most values start with a printing character. */
const blankText = (c: string) => `(${c} IS NULL OR (ascii(${c}) <= 32 AND ${trim(c)} = ''))`;

/** Each column's mask (bit_and), whether a value is UNSURE, and whether a row is blank. */
function judgeSql(k: number, candidates: number[], where: string) {
  const ts = names(k, 't');
  const bits = ts
    .map((t, i) => {
      const c = candidates[i]!;
      const negative = c & (BIT.LONG | BIT.DOUBLE) ? ` | ${negativeBit(t)}` : '';
      return `(${valueBits(t, c)})${negative} AS x${i + 1}`;
    })
    .join(', ');
  const aggregates = ts
    .map(
      (_, i) =>
        `bit_and(x${i + 1} & 15) AS m${i + 1}, bit_or(x${i + 1} & ${UNSURE}) AS u${i + 1}, bit_or(x${i + 1} & ${NEGATIVE}) AS z${i + 1}`,
    )
    .join(', ');
  return `SELECT coalesce(bool_or(blank), false) AS blank, ${aggregates}
    FROM (SELECT ${bits}, ${ts.map((t) => `${t} = ''`).join(' AND ')} AS blank
          FROM ${trimmedRows(k, where)} OFFSET 0) b`;
}

type Judged = { blank: boolean } & Record<string, number | null>;

const typeOf = (mask: number | null): ColumnType => {
  if (mask === null || mask === 15) return 'STRING';
  for (const type of ['LONG', 'DOUBLE', 'DATE', 'DATETIME'] as const)
    if (mask & BIT[type]) return type;
  return 'STRING';
};

/**
 * A row's typed values from its text columns. The values are not trimmed: the engine's input of
 * each type skips the same whitespace (ASCII) as JS's trim(), and a number's value is the one
 * JS's Number() reads (both round a decimal to the nearest double).
 */
function valuesSql(types: ColumnType[]) {
  return types
    .map((type, i) => {
      const c = `c${i + 1}`;
      const value = type === 'STRING' ? c : `${c}::${sqlType(type)}`;
      return `CASE WHEN ${blankText(c)} THEN NULL ELSE ${value} END`;
    })
    .join(', ');
}

/** Pages of the temporary table per INSERT: bounded statements whatever the file's size. */
const PIECE_PAGES = 4_096;

/** A data error of the engine's (SQLSTATE class 22: a ragged row, an open quote, a bad byte). */
const isDataError = (error: unknown) => /^22/.test(String((error as { code?: unknown }).code));

const UTF8 = async (s: Session) =>
  (await s.query<{ server_encoding: string }>('SHOW server_encoding'))[0]?.server_encoding ===
  'UTF8';

/** `body` into a new temporary table `stream_csv` of `k` text columns; false on a data error. */
async function load(s: Session, k: number, body: string) {
  const cs = names(k, 'c');
  await s.query(
    `CREATE TEMP TABLE stream_csv (n int GENERATED ALWAYS AS IDENTITY,
       ${cs.map((c) => `${c} text`).join(', ')}) ON COMMIT DROP`,
  );
  try {
    await s.copyFrom(`COPY stream_csv (${cs.join(', ')}) FROM STDIN WITH (FORMAT csv)`, body);
    return true;
  } catch (error) {
    if (isDataError(error)) return false;
    throw error;
  }
}

/** Each column's type judged on the first 1,000 rows, then on all; null when not sure. */
async function judge(s: Session, k: number, rows: 'sample' | 'all', candidates?: number[]) {
  const [judged] = await s.query<Judged>(
    judgeSql(
      k,
      candidates ?? new Array<number>(k).fill(15),
      rows === 'sample' ? 'n <= 1001' : 'true',
    ),
  );
  if (!judged || judged.blank || names(k, 'u').some((u) => judged[u])) return null;
  const masks = names(k, 'm').map((m) => judged[m] ?? 15);
  if (masks.some((mask, i) => typeOf(mask) === 'DOUBLE' && judged[`z${i + 1}`])) return null;
  return masks;
}

/** The full judgement on a connection of its own: the text loaded again, judged from a sample. */
const judgeAll = (db: Db, k: number, body: string) =>
  db.session!(async (s) => {
    await s.query('BEGIN');
    if (!(await load(s, k, body))) return null;
    const sample = await judge(s, k, 'sample');
    return sample && (await judge(s, k, 'all', sample));
  });

/** Runs judging on a second connection at once: each takes one connection beyond its slot. */
const MAX_PARALLEL_JUDGES = 1;
let parallelJudges = 0;

/**
 * Stages the CSV `text` as a staging set of `datasetId` (job `jobId`) in the engine, or `null`
 * when the Node path must read it. `onRows` hears the row count before the rows are written.
 * The rows are written with the types judged on the first rows while a second connection judges
 * every row (on another core); should that judgement differ, the write is undone and done again
 * with its types.
 */
export async function stageCsvInEngine(
  db: Db,
  datasetId: string,
  text: string,
  jobId: string,
  onRows: (rows: number) => Promise<unknown>,
): Promise<{ columns: Array<{ name: string; type: string }>; staged: StagedRows } | null> {
  if (!db.session) return null;
  const readable = engineCsvReadable(text, (head) =>
    Papa.parse<string[]>(head.slice(0, CHUNK_BYTES), { preview: 1, skipEmptyLines: 'greedy' }),
  );
  if (!readable) return null;
  const { body, columns: k, plain } = readable;
  return db.session(async (s: Session) => {
    if (!(await UTF8(s))) return null;
    // One run at a time judges on a second connection (taken beside the background slots, so
    // that it never waits for one this run holds); the others judge on their own, first.
    const parallel = parallelJudges < MAX_PARALLEL_JUDGES;
    if (parallel) parallelJudges++;
    const judging = parallel
      ? judgeAll(db, k, body).finally(() => parallelJudges--)
      : Promise.resolve(undefined);
    // Awaited below, or dropped with this attempt; never an unhandled rejection meanwhile.
    judging.catch(() => undefined);
    await s.query('BEGIN');
    if (!(await load(s, k, body))) return null;
    const [header] = await s.query<Record<string, string | null>>(
      `SELECT * FROM stream_csv WHERE n = 1`,
    );
    const headerCells = names(k, 'c').map((c) => header?.[c] ?? '');
    if (headerCells.every((v) => v.trim() === '')) return null;
    const sample = await judge(s, k, 'sample');
    if (!sample) return null;
    const [count] = await s.query<{ rows: number }>(
      'SELECT count(*)::int - 1 AS rows FROM stream_csv',
    );
    const rowCount = count!.rows;
    await onRows(rowCount);
    const [size] = await s.query<{ pages: number }>(
      `SELECT (pg_relation_size('stream_csv') / current_setting('block_size')::int)::int AS pages`,
    );
    const insert = async (types: ColumnType[]) => {
      const set = await newSet(s, {
        datasetId,
        partitionId: '',
        rowCount,
        state: 'staging',
        jobId,
        types,
        indexLater: true,
      });
      const sql = (where: string) => `INSERT INTO ${set.table}
        SELECT n - 2, ${valuesSql(types)} FROM ${trimmedRows(k, where, [])}`;
      const pages = size?.pages ?? 0;
      for (let from = 0; from < pages; from += PIECE_PAGES) {
        const last = from + PIECE_PAGES >= pages;
        await s.query(sql(last ? 'ctid >= $1::tid' : 'ctid >= $1::tid AND ctid < $2::tid'), [
          `(${from},0)`,
          ...(last ? [] : [`(${from + PIECE_PAGES},0)`]),
        ]);
      }
      if (pages === 0) await s.query(sql('true'));
      return set;
    };
    const alone = parallel ? undefined : await judge(s, k, 'all', sample);
    if (alone === null) return null;
    const guessed = (alone ?? sample).map(typeOf);
    await s.query('SAVEPOINT typed');
    // A value past the sample that the guessed type refuses: the judgement of every row decides.
    let set = await insert(guessed).catch(async (error: unknown) => {
      if (!isDataError(error)) throw error;
      await s.query('ROLLBACK TO SAVEPOINT typed');
      return undefined;
    });
    const judged = alone ?? (await judging);
    if (!judged) return null;
    const types = judged.map(typeOf);
    if (!set || types.some((type, i) => type !== guessed[i])) {
      if (set) await s.query('ROLLBACK TO SAVEPOINT typed');
      // A value the judged type still refuses (a time zone out of range, say): the Node path
      // fails the run naming its row and column.
      set = await insert(types).catch((error: unknown) => {
        if (isDataError(error)) return undefined;
        throw error;
      });
      if (!set) return null;
    }
    await finishRowTable(s, set.table);
    if (plain && (await numbersPlain(s, set.table, types)))
      await s.query(
        'UPDATE dataset_row_sets SET plain_csv = true WHERE dataset_id = $1 AND storage = $2',
        [datasetId, set.storage],
      );
    await s.query('COMMIT');
    return {
      columns: headerNames(headerCells).map((name, i) => ({ name, type: types[i]! })),
      staged: { datasetId, storage: set.storage, rowCount },
    };
  });
}
