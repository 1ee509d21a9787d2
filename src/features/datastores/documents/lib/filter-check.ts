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

/**
 * A filter the console can send (`renamed`: the bare field names it read as `content.<name>`),
 * or one it will not send, with the reason to show next to the box.
 */
export type FilterCheck =
  { kind: 'valid'; filter: JsonObject; renamed: string[] } | { kind: 'invalid'; message: string };

/** The document's own fields; every other field is a key of its content. */
export const DOCUMENT_FIELDS = ['id', 'owner', 'createdOn', 'updatedOn'] as const;
const documentFields = new Set<string>(DOCUMENT_FIELDS);
const LOGICAL = new Set(['$and', '$or']);

/**
 * Reads a bare field name that is a column of the collection's schema (`region`) as the content
 * field it means (`content.region`), at the top level and inside `$and`/`$or`.
 */
export function qualifyFields(
  filter: JsonObject,
  columns: readonly string[],
): { filter: JsonObject; renamed: string[] } {
  const names = new Set(columns);
  const renamed = new Set<string>();
  const visit = (node: JsonObject): JsonObject => {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (LOGICAL.has(key) && Array.isArray(value)) {
        out[key] = (value as JsonObject[string][]).map((item) =>
          isJsonObject(item) ? visit(item) : item,
        );
      } else if (!key.startsWith('$') && !documentFields.has(key) && names.has(key)) {
        renamed.add(key);
        out[`content.${key}`] = value;
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  const result = visit(filter);
  return { filter: result, renamed: [...renamed] };
}

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

/**
 * An empty filter matches every document, as `{}` does. A filter with an operator the platform
 * does not know is invalid here, so it is never sent (one message, next to the box). With the
 * schema's column names, bare field names are read as content fields.
 */
export function checkFilter(text: string, columns: readonly string[] = []): FilterCheck {
  if (text.trim() === '') return { kind: 'valid', filter: {}, renamed: [] };
  const parsed = parseJsonObject(text, 'A filter');
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  const unknown = unknownOperators(parsed.value);
  if (unknown.length > 0) {
    return {
      kind: 'invalid',
      message: `Unknown operator${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Supported: ${SUPPORTED_OPERATORS.join(' ')}`,
    };
  }
  return { kind: 'valid', ...qualifyFields(parsed.value, columns) };
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
