import Papa from 'papaparse';
import { isCalendarDay } from '../../../src/api/contract/column-values';
import type { Cell } from '../datasets/store';
import { SourceError, type SourceTable } from './table';

export type ColumnType = 'LONG' | 'DOUBLE' | 'DATE' | 'DATETIME' | 'STRING';

const LONG = /^[+-]?(0|[1-9]\d*)$/;
const DOUBLE = /^[+-]?(0|[1-9]\d*)?(\.\d+)?([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `Date.parse` rolls 2026-02-30 over to March: the day must be one of the calendar's. */
const isDay = (ymd: string) =>
  isCalendarDay(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)), Number(ymd.slice(8, 10)));

/** Narrowest first; a value with a leading zero (a postcode, say) is text, not a number. */
export const matchers: Array<[ColumnType, (v: string) => boolean]> = [
  ['LONG', (v) => LONG.test(v) && Number.isSafeInteger(Number(v))],
  ['DOUBLE', (v) => DOUBLE.test(v) && /\d/.test(v) && Number.isFinite(Number(v))],
  ['DATE', (v) => DATE.test(v) && isDay(v)],
  ['DATETIME', (v) => DATETIME.test(v) && isDay(v.slice(0, 10))],
];

/** The most of a CSV's head read for its header row. */
export const CHUNK_BYTES = 128 * 1024;
/**
 * Papa parses this much text at a time; between pieces the event loop runs (a few ms each, up
 * to some 20 on a loaded machine, collections included).
 */
const PARSE_BYTES = 64 * 1024;
/**
 * The longest the parse holds the thread between two turns of the event loop while it types
 * and converts rows (ms): a read of the platform that arrives meanwhile waits no longer.
 */
const SLICE_MS = 8;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Calls `each(i)` for i in [0, n), giving the event loop a turn every SLICE_MS of work. */
async function sliced(n: number, each: (i: number) => boolean | void) {
  let turnAt = performance.now();
  for (let i = 0; i < n; i++) {
    if ((i & 255) === 0 && performance.now() - turnAt > SLICE_MS) {
      await nextTurn();
      turnAt = performance.now();
    }
    if (each(i) === false) return;
  }
}

/** The narrowest type that fits every value of column `index`, a slice of rows per turn. */
async function inferType(rows: string[][], index: number): Promise<ColumnType> {
  let candidates = matchers;
  let seen = false;
  await sliced(rows.length, (i) => {
    const v = rows[i]![index]!.trim();
    if (v === '') return;
    seen = true;
    candidates = candidates.filter(([, test]) => test(v));
    return candidates.length > 0;
  });
  if (!seen || candidates.length === 0) return 'STRING';
  // LONG values also pass DOUBLE; the first candidate left is the narrowest that fits every value.
  return candidates[0]![0];
}

const toCell = (type: ColumnType, raw: string): Cell => {
  const v = raw.trim();
  if (v === '') return null;
  return type === 'LONG' || type === 'DOUBLE' ? Number(v) : raw;
};

/** Header names: trimmed, blank ones named by position, repeats numbered. */
export function headerNames(header: string[]) {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const base = raw.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * The CSV's records, parsed a piece at a time so that other requests are answered meanwhile.
 * Papa's types offer `chunk` for files only; its string reader honours it too (csv.test.ts).
 */
function parseRecords(text: string) {
  return new Promise<string[][]>((resolve, reject) => {
    const records: string[][] = [];
    const chunk = (result: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
      const fatal = result.errors.find((e) => e.type === 'Quotes');
      if (fatal) {
        parser.abort();
        const row = records.length + (fatal.row ?? 0) + 1;
        return reject(new SourceError(`CSV: ${fatal.message} (row ${row})`));
      }
      for (const record of result.data) records.push(record);
      parser.pause();
      setImmediate(() => parser.resume());
    };
    const config = {
      skipEmptyLines: 'greedy',
      chunkSize: PARSE_BYTES,
      chunk,
      complete: () => resolve(records),
    } as const;
    Papa.parse<string[]>(text, config as Papa.ParseConfig<string[]>);
  });
}

/**
 * A CSV with a header row becomes a table; each column's type is the narrowest that fits all
 * its values. The work is cut in pieces (a large CSV takes a few hundred milliseconds of CPU),
 * so the platform's thread keeps answering other requests while a stream reads one.
 */
export async function parseCsv(text: string): Promise<SourceTable> {
  const { columns, records } = await typedRecords(text);
  const types = columns.map((c) => c.type);
  const cells: Cell[][] = [];
  await sliced(records.length, (r) => {
    cells.push(records[r]!.map((v, i) => toCell(types[i]!, v)));
  });
  return { columns, rows: cells };
}

/** What parseCsv finds without making the cells: the columns and the number of rows. */
export async function csvColumns(text: string) {
  const { columns, records } = await typedRecords(text);
  return { columns, rowCount: records.length };
}

async function typedRecords(text: string) {
  const [header, ...records] = await parseRecords(text.replace(/^\uFEFF/, ''));
  if (!header) throw new SourceError('CSV: the file is empty (a header row is needed)');
  const names = headerNames(header);
  records.forEach((row, i) => {
    if (row.length !== names.length)
      throw new SourceError(
        `CSV: row ${i + 2} has ${row.length} fields; the header has ${names.length}`,
      );
  });
  const types: ColumnType[] = [];
  for (let i = 0; i < names.length; i++) types.push(await inferType(records, i));
  return { columns: names.map((name, i) => ({ name, type: types[i]! })), records };
}

export const decodeText = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);
