import {
  columnValueMisfit,
  type CollectionColumn,
  type JsonObject,
} from '../../../../api/contract';
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

export function columnWarnings(content: JsonObject, columns: CollectionColumn[]): ColumnWarning[] {
  const warnings: ColumnWarning[] = [];
  for (const column of columns) {
    const value = Object.hasOwn(content, column.name) ? content[column.name] : undefined;
    if (value === undefined || value === null) continue;
    const expected = columnValueMisfit(column.type, value);
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
