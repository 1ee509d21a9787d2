import { badRequest } from '../../core/errors';
import type { DocumentField } from './fields';
import { dateLiteral, type Literal } from './literals';
import { any, type SqlParams } from './sql-params';

/**
 * The SQL of one operator on one field. Content fields are jsonb (`content #> path`); equality
 * uses containment where it can, so the GIN index serves it.
 */
/** Nested object of a path, for `content @> ...` (the GIN index serves it). */
const nest = (path: string[], value: unknown): unknown =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

/** A numeric segment may index an array, which containment cannot express. */
const containable = (path: string[]) => !path.some((segment) => /^\d+$/.test(segment));

const json = (value: unknown) => JSON.stringify(value);

export function equals(field: DocumentField, lit: Literal, params: SqlParams): string {
  if (field.kind === 'column') {
    if (lit.kind === 'null') return 'FALSE';
    return `${field.column} = ${params.add(columnValue(field, lit))}::${castOf(field)}`;
  }
  const path = field.path;
  const at = () => `content #> ${params.add(path)}::text[]`;
  if (lit.kind === 'null') {
    const value = at();
    return `(${value} IS NULL OR ${value} = 'null'::jsonb)`;
  }
  if (lit.kind === 'structured') {
    const exact = `COALESCE(${at()} = ${params.add(json(lit.value))}::jsonb, false)`;
    if (!containable(path)) return exact;
    return `(content @> ${params.add(json(nest(path, lit.value)))}::jsonb AND ${exact})`;
  }
  const scalar = lit.kind === 'date' ? lit.text : lit.value;
  if (!containable(path)) return `COALESCE(${at()} = ${params.add(json(scalar))}::jsonb, false)`;
  // Equal, or an array holding it (MongoDB's reading of `{tags: "x"}`).
  return `(content @> ${params.add(json(nest(path, scalar)))}::jsonb OR content @> ${params.add(json(nest(path, [scalar])))}::jsonb)`;
}

export function oneOf(field: DocumentField, values: Literal[], params: SqlParams): string {
  if (field.kind === 'column') {
    const given = values.filter((v) => v.kind !== 'null').map((v) => columnValue(field, v));
    return given.length
      ? `${field.column} = ANY(${params.add(given)}::${castOf(field)}[])`
      : 'FALSE';
  }
  return any(values.map((v) => equals(field, v, params)));
}

const sqlOperators = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

export function compare(
  field: DocumentField,
  op: keyof typeof sqlOperators,
  lit: Literal,
  params: SqlParams,
) {
  const sqlOp = sqlOperators[op];
  if (field.kind === 'column') {
    if (lit.kind === 'null' || lit.kind === 'structured')
      throw badRequest(`${op} at ${field.name} expects ${expected(field)}`);
    const collate = field.type === 'text' ? ' COLLATE "C"' : '';
    return `${field.column}${collate} ${sqlOp} ${params.add(columnValue(field, lit))}::${castOf(field)}`;
  }
  const path = params.add(field.path);
  const value = `content #> ${path}::text[]`;
  if (lit.kind === 'date' || (lit.kind === 'scalar' && typeof lit.value === 'string')) {
    const text = lit.kind === 'date' ? lit.text : lit.value;
    // Byte order, so ISO dates and codes compare the same on every database's collation.
    return `COALESCE(jsonb_typeof(${value}) = 'string' AND (content #>> ${path}::text[]) COLLATE "C" ${sqlOp} ${params.add(text)}::text, false)`;
  }
  if (lit.kind === 'scalar') {
    const type = typeof lit.value === 'number' ? 'number' : 'boolean';
    return `COALESCE(jsonb_typeof(${value}) = '${type}' AND ${value} ${sqlOp} ${params.add(json(lit.value))}::jsonb, false)`;
  }
  throw badRequest(
    `${op} at ${field.name} expects a number, a string, a boolean or {"$date": ...}`,
  );
}

export function exists(field: DocumentField, arg: unknown, params: SqlParams) {
  if (typeof arg !== 'boolean' && typeof arg !== 'number')
    throw badRequest(`$exists at ${field.name} expects true or false`);
  if (field.kind === 'column') return arg ? 'TRUE' : 'FALSE';
  return `content #> ${params.add(field.path)}::text[] IS ${arg ? 'NOT ' : ''}NULL`;
}

/** Long patterns can make the regular-expression engine spin for minutes: refuse them. */
export const MAX_REGEX_LENGTH = 512;

export function regex(field: DocumentField, pattern: unknown, options: unknown, params: SqlParams) {
  if (typeof pattern !== 'string') throw badRequest(`$regex at ${field.name} expects a string`);
  if (pattern.length > MAX_REGEX_LENGTH)
    throw badRequest(
      `$regex at ${field.name} is ${pattern.length} characters long; at most ${MAX_REGEX_LENGTH}`,
    );
  if (options !== undefined && (typeof options !== 'string' || !/^i?$/.test(options)))
    throw badRequest(`$options at ${field.name}: only "i" (case-insensitive) is supported`);
  const op = options === 'i' ? '~*' : '~';
  if (field.kind === 'column') {
    if (field.type !== 'text') throw badRequest(`$regex at ${field.name}: the field is not text`);
    return `${field.column} ${op} ${params.add(pattern)}::text`;
  }
  const path = params.add(field.path);
  return `COALESCE(jsonb_typeof(content #> ${path}::text[]) = 'string' AND (content #>> ${path}::text[]) ${op} ${params.add(pattern)}::text, false)`;
}

type ColumnField = Extract<DocumentField, { kind: 'column' }>;

const castOf = (field: ColumnField) =>
  field.type === 'text' ? 'text' : field.type === 'integer' ? 'bigint' : 'timestamptz';

const expected = (field: ColumnField) =>
  field.type === 'text'
    ? 'a string'
    : field.type === 'integer'
      ? 'an integer user id'
      : 'a date: {"$date": "2026-01-31T00:00:00Z"} or an ISO 8601 string';

function columnValue(field: ColumnField, lit: Literal): string | number {
  if (field.type === 'text') {
    if (lit.kind === 'scalar' && typeof lit.value === 'string') return lit.value;
  } else if (field.type === 'integer') {
    const id = lit.kind === 'scalar' && /^-?\d+$/.test(String(lit.value)) ? Number(lit.value) : NaN;
    if (Number.isSafeInteger(id)) return id;
  } else {
    if (lit.kind === 'date') return lit.instant;
    if (lit.kind === 'scalar' && typeof lit.value !== 'boolean') {
      const date = dateLiteral(lit.value, field.name);
      if (date.kind === 'date') return date.instant;
    }
  }
  throw badRequest(`${field.name} expects ${expected(field)}`);
}
