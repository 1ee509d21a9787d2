import type { CollectionColumn, JsonObject } from '../../../src/api/contract';
import type { Cell } from '../datasets/store';

/** A value that cannot become its column's cell: the whole sync fails with this reason. */
export class SyncValueError extends Error {}

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

const asNumber = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : undefined;

/**
 * One cell per schema column, by the column's type. gaps.md: DATE is `YYYY-MM-DD` and DATETIME
 * `YYYY-MM-DDTHH:MM:SSZ`; a missing value is null; numbers (or numeric text) fill LONG, DECIMAL
 * and DOUBLE, and LONG takes whole numbers only.
 */
export function toCell(column: CollectionColumn, value: unknown): Cell {
  if (value === undefined || value === null) return null;
  const refuse = (expected: string): never => {
    throw new SyncValueError(
      `column ${column.name} (${column.type}) cannot hold ${JSON.stringify(value)}: expected ${expected}`,
    );
  };
  switch (column.type) {
    case 'STRING':
      if (typeof value === 'string') return value;
      return typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
    case 'LONG': {
      const n = asNumber(value);
      return n !== undefined && Number.isInteger(n) ? n : refuse('a whole number');
    }
    case 'DECIMAL':
    case 'DOUBLE': {
      const n = asNumber(value);
      return n !== undefined ? n : refuse('a number');
    }
    case 'DATE': {
      const m = typeof value === 'string' ? DATE.exec(value) : null;
      return m && isCalendarDay(m[1]!, m[2]!, m[3]!)
        ? (value as string)
        : refuse('a date as YYYY-MM-DD');
    }
    case 'DATETIME': {
      const m = typeof value === 'string' ? DATETIME.exec(value) : null;
      const valid =
        m &&
        isCalendarDay(m[1]!, m[2]!, m[3]!) &&
        Number(m[4]) < 24 &&
        Number(m[5]) < 60 &&
        Number(m[6]) < 60;
      return valid ? (value as string) : refuse('a date and time as YYYY-MM-DDTHH:MM:SSZ');
    }
  }
}

/** The dataset row of a document: its content's top-level field of each column's name. */
export function toRow(
  columns: CollectionColumn[],
  documentId: string,
  content: JsonObject,
): Cell[] {
  return columns.map((column) => {
    try {
      return toCell(column, Object.hasOwn(content, column.name) ? content[column.name] : undefined);
    } catch (error) {
      if (error instanceof SyncValueError)
        throw new SyncValueError(`document ${documentId}: ${error.message}`);
      throw error;
    }
  });
}
