import type { CollectionColumnType } from './datastores';

/**
 * What a schema column accepts when a collection syncs to its dataset (gaps.md): numbers, or
 * numeric text, fill LONG (whole numbers only), DECIMAL and DOUBLE; DATE is `YYYY-MM-DD` and
 * DATETIME `YYYY-MM-DDTHH:MM:SSZ`; STRING takes anything. The platform's sync refuses a misfit;
 * the console's editor warns about it before saving.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

const isCalendarDay = (y: string, m: string, d: string) => {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d)
  );
};

/** A number, or numeric text, as a number; anything else undefined. */
export const columnNumber = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : undefined;

const isDate = (value: unknown) => {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  return m !== null && isCalendarDay(m[1]!, m[2]!, m[3]!);
};

const isDateTime = (value: unknown) => {
  const m = typeof value === 'string' ? DATETIME.exec(value) : null;
  return (
    m !== null &&
    isCalendarDay(m[1]!, m[2]!, m[3]!) &&
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
