import {
  columnNumber,
  columnValueMisfit,
  type CollectionColumn,
  type JsonObject,
} from '../../../src/api/contract';
import type { Cell } from '../datasets/store';

/** A value that cannot become its column's cell: the whole sync fails with this reason. */
export class SyncValueError extends Error {}

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
  const expected = columnValueMisfit(column.type, value);
  if (expected) return refuse(expected);
  switch (column.type) {
    case 'STRING':
      if (typeof value === 'string') return value;
      return typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
    case 'LONG':
    case 'DECIMAL':
    case 'DOUBLE':
      return columnNumber(value)!;
    case 'DATE':
    case 'DATETIME':
      return value as string;
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
