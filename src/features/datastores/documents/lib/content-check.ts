import type { CollectionColumn, JsonObject } from '../../../../api/contract';
import { parseJsonObject } from './json-text';

/**
 * Where a value will not fit its schema column when the collection syncs to its dataset. The
 * rules are the sync's (gaps.md): numbers, or numeric text, fill LONG (whole numbers only),
 * DECIMAL and DOUBLE; DATE is YYYY-MM-DD and DATETIME YYYY-MM-DDTHH:MM:SSZ; STRING takes anything.
 */
export interface ColumnWarning {
  column: string;
  message: string;
}

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

/** What the column expects, or undefined when the value fits. */
function misfit(column: CollectionColumn, value: unknown): string | undefined {
  switch (column.type) {
    case 'STRING':
      return undefined;
    case 'LONG': {
      const n = asNumber(value);
      return n !== undefined && Number.isInteger(n) ? undefined : 'a whole number';
    }
    case 'DECIMAL':
    case 'DOUBLE':
      return asNumber(value) !== undefined ? undefined : 'a number';
    case 'DATE':
      return isDate(value) ? undefined : 'a date as YYYY-MM-DD';
    case 'DATETIME':
      return isDateTime(value) ? undefined : 'a date and time as YYYY-MM-DDTHH:MM:SSZ';
  }
}

export function columnWarnings(content: JsonObject, columns: CollectionColumn[]): ColumnWarning[] {
  const warnings: ColumnWarning[] = [];
  for (const column of columns) {
    const value = Object.hasOwn(content, column.name) ? content[column.name] : undefined;
    if (value === undefined || value === null) continue;
    const expected = misfit(column, value);
    if (expected)
      warnings.push({
        column: column.name,
        message: `${column.name} (${column.type}) is ${JSON.stringify(value)}: expected ${expected}`,
      });
  }
  return warnings;
}

export type ContentCheck =
  | { kind: 'valid'; content: JsonObject; warnings: ColumnWarning[] }
  | { kind: 'invalid'; message: string };

/** Invalid JSON refuses to save; a misfit only warns (the platform stores any JSON). */
export function checkContent(text: string, columns: CollectionColumn[]): ContentCheck {
  const parsed = parseJsonObject(text, 'The content');
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  return { kind: 'valid', content: parsed.value, warnings: columnWarnings(parsed.value, columns) };
}
