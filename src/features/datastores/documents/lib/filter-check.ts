import type { JsonObject } from '../../../../api/contract';
import { isJsonObject, parseJsonObject } from './json-text';

/** The operators of a document query (gaps.md). */
export const SUPPORTED_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$and',
  '$or',
  '$not',
  '$exists',
  '$regex',
] as const;

/** Not operators of their own: `$options` qualifies `$regex`, `{"$date": ...}` writes a date. */
const COMPANIONS = ['$options', '$date'];
const known = new Set<string>([...SUPPORTED_OPERATORS, ...COMPANIONS]);

export type FilterCheck =
  | { kind: 'valid'; filter: JsonObject; unknownOperators: string[] }
  | { kind: 'invalid'; message: string };

function collectOperators(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectOperators(item, into);
  } else if (isJsonObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('$') && !known.has(key)) into.add(key);
      collectOperators(inner, into);
    }
  }
}

export const unknownOperators = (filter: JsonObject) => {
  const found = new Set<string>();
  collectOperators(filter, found);
  return [...found];
};

/** An empty filter matches every document, as `{}` does. */
export function checkFilter(text: string): FilterCheck {
  if (text.trim() === '') return { kind: 'valid', filter: {}, unknownOperators: [] };
  const parsed = parseJsonObject(text, 'A filter');
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  return { kind: 'valid', filter: parsed.value, unknownOperators: unknownOperators(parsed.value) };
}

/** The form a filter takes in the address and in the history: compact JSON, '' for all. */
export const filterText = (filter: JsonObject) =>
  Object.keys(filter).length === 0 ? '' : JSON.stringify(filter);

/** Two texts that say the same filter. */
export const sameFilter = (a: string, b: string) => {
  const left = checkFilter(a);
  const right = checkFilter(b);
  if (left.kind !== 'valid' || right.kind !== 'valid') return a.trim() === b.trim();
  return filterText(left.filter) === filterText(right.filter);
};
