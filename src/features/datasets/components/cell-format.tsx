import { NoValue } from '../../../components/NoValue';
import { formatDateTime, formatDay, formatFixed, formatCount, toDate } from '../../../lib/format';

/** Column types whose values are numbers: right-aligned, grouped, even decimals. */
export const NUMERIC_TYPES: ReadonlySet<string> = new Set([
  'LONG',
  'DOUBLE',
  'DECIMAL',
  'INTEGER',
  'NUMBER',
]);

/** A dataset cell as every dataset screen shows it: the one formatter, typed by the schema. */
export function formatCell(value: unknown, type: string | undefined, decimals: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return Number.isInteger(value) && decimals === 0
      ? formatCount(value)
      : formatFixed(value, decimals);
  if (typeof value === 'string' && (type === 'DATE' || type === 'DATETIME')) {
    const date = toDate(value);
    if (date) return type === 'DATE' ? formatDay(date) : formatDateTime(date);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function CellText({
  value,
  type,
  decimals,
}: {
  value: unknown;
  type: string | undefined;
  decimals: number;
}) {
  if (value === null || value === undefined) return <NoValue>null</NoValue>;
  const text = formatCell(value, type, decimals);
  // A date keeps its exact value in the tooltip-free title for copy and reading.
  return (
    <span title={typeof value === 'string' && text !== value ? value : undefined}>{text}</span>
  );
}
