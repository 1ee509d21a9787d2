import Papa from 'papaparse';
import type { Cell } from '../datasets/store';
import { SourceError, type SourceTable } from './table';

type ColumnType = 'LONG' | 'DOUBLE' | 'DATE' | 'DATETIME' | 'STRING';

const LONG = /^[+-]?(0|[1-9]\d*)$/;
const DOUBLE = /^[+-]?(0|[1-9]\d*)?(\.\d+)?([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `Date.parse` rolls 2026-02-30 over to March; a calendar day must round-trip. */
const isCalendarDay = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === ymd;
};

/** Narrowest first; a value with a leading zero (a postcode, say) is text, not a number. */
const matchers: Array<[ColumnType, (v: string) => boolean]> = [
  ['LONG', (v) => LONG.test(v) && Number.isSafeInteger(Number(v))],
  ['DOUBLE', (v) => DOUBLE.test(v) && /\d/.test(v) && Number.isFinite(Number(v))],
  ['DATE', (v) => DATE.test(v) && isCalendarDay(v)],
  ['DATETIME', (v) => DATETIME.test(v) && isCalendarDay(v.slice(0, 10))],
];

function inferType(values: Iterable<string>): ColumnType {
  let candidates = matchers;
  let seen = false;
  for (const v of values) {
    if (v === '') continue;
    seen = true;
    candidates = candidates.filter(([, test]) => test(v));
    if (candidates.length === 0) return 'STRING';
  }
  if (!seen) return 'STRING';
  // LONG values also pass DOUBLE; the first candidate left is the narrowest that fits every value.
  return candidates[0]![0];
}

function* columnValues(rows: string[][], index: number) {
  for (const row of rows) yield row[index]!.trim();
}

const toCell = (type: ColumnType, raw: string): Cell => {
  const v = raw.trim();
  if (v === '') return null;
  return type === 'LONG' || type === 'DOUBLE' ? Number(v) : raw;
};

/** Header names: trimmed, blank ones named by position, repeats numbered. */
function headerNames(header: string[]) {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const base = raw.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** A CSV with a header row becomes a table; each column's type is the narrowest that fits all its values. */
export function parseCsv(text: string): SourceTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw new SourceError(`CSV: ${fatal.message} (row ${(fatal.row ?? 0) + 1})`);
  const [header, ...rows] = parsed.data;
  if (!header) throw new SourceError('CSV: the file is empty (a header row is needed)');
  const names = headerNames(header);
  rows.forEach((row, i) => {
    if (row.length !== names.length)
      throw new SourceError(
        `CSV: row ${i + 2} has ${row.length} fields; the header has ${names.length}`,
      );
  });
  const types = names.map((_, i) => inferType(columnValues(rows, i)));
  return {
    columns: names.map((name, i) => ({ name, type: types[i]! })),
    rows: rows.map((row) => row.map((v, i) => toCell(types[i]!, v))),
  };
}

export const decodeText = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);
