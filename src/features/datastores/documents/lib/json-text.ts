import type { JsonObject } from '../../../../api/contract';
import { findJsonError } from './json-syntax';

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Line and column (1-based) of a character offset. */
export function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/** Why JSON text does not parse, with its line and column: "line 2, column 5: expected …". */
export function describeJsonError(text: string, error: unknown): string {
  const found = findJsonError(text);
  if (!found) return error instanceof Error ? error.message : String(error);
  if (found.offset >= text.length) return found.reason;
  const { line, column } = lineAndColumn(text, found.offset);
  return `line ${line}, column ${column}: ${found.reason}`;
}

/** The 1-based line where JSON text goes wrong. */
export const jsonErrorLine = (text: string) => {
  const found = findJsonError(text);
  return found ? lineAndColumn(text, Math.min(found.offset, text.length)).line : 1;
};

export type JsonObjectCheck = { ok: true; value: JsonObject } | { ok: false; message: string };

/** Text that must hold one JSON object (a filter, a document's content). */
export function parseJsonObject(text: string, what: string): JsonObjectCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Invalid JSON: ${describeJsonError(text, error)}` };
  }
  if (!isJsonObject(value)) return { ok: false, message: `${what} must be a JSON object: {…}` };
  return { ok: true, value };
}
