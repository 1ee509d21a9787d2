import type { CollectionColumnType } from './datastores';

/**
 * What a schema column accepts when a collection syncs to its dataset (gaps.md): numbers, or
 * numeric text, fill LONG (whole numbers only), DECIMAL and DOUBLE; DATE is `YYYY-MM-DD` and
 * DATETIME `YYYY-MM-DDTHH:MM:SSZ`; STRING takes anything. The platform's sync refuses a misfit;
 * the console's editor warns about it before saving.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether year `y`, month `m` (1-12) and day `d` name a day of the (proleptic Gregorian)
 * calendar, as a JS Date would read them back: years before 100 are not (Date.UTC reads them as
 * 19xx), so the stream's engine (streams/engine-csv.ts) and its JS parse agree. Arithmetic only:
 * a stream types every cell of a date column with it.
 */
export const isCalendarDay = (y: number, m: number, d: number) =>
  Number.isInteger(y) &&
  Number.isInteger(m) &&
  Number.isInteger(d) &&
  y >= 100 &&
  y <= 275_760 &&
  m >= 1 &&
  m <= 12 &&
  d >= 1 &&
  d <= (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : DAYS[m - 1]!);

/** A number, or numeric text, as a number; anything else undefined. */
export const columnNumber = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : undefined;

const isDate = (value: unknown) => {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
};

const isDateTime = (value: unknown) => {
  const m = typeof value === 'string' ? DATETIME.exec(value) : null;
  return (
    m !== null &&
    isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])) &&
    Number(m[4]) < 24 &&
    Number(m[5]) < 60 &&
    Number(m[6]) < 60
  );
};

/** What the column expects (e.g. "a whole number"), or undefined when the value fits. */
export function columnValueMisfit(type: CollectionColumnType, value: unknown): string | undefined {
  switch (type) {
    case 'STRING':
      return undefined;
    case 'LONG': {
      const n = columnNumber(value);
      return n !== undefined && Number.isInteger(n) ? undefined : 'a whole number';
    }
    case 'DECIMAL':
    case 'DOUBLE':
      return columnNumber(value) !== undefined ? undefined : 'a number';
    case 'DATE':
      return isDate(value) ? undefined : 'a date as YYYY-MM-DD';
    case 'DATETIME':
      return isDateTime(value) ? undefined : 'a date and time as YYYY-MM-DDTHH:MM:SSZ';
  }
}
