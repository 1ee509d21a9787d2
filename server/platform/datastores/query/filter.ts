import { badRequest } from '../../core/errors';
import { compare, equals, exists, oneOf, regex } from './conditions';
import { parseField, type DocumentField } from './fields';
import { isDateLiteral, isPlainObject, literal } from './literals';
import { SqlParams, all, any, not, type Condition } from './sql-params';

/**
 * A MongoDB `find()` filter (gaps.md: document store, query) as a WHERE condition over the
 * `documents` table. Every value is a bound parameter. Every condition is two-valued (never
 * SQL NULL), so `$not`, `$ne`, `$nin` and `$nor` also match documents that lack the field, as
 * MongoDB does. Types are respected: `$gt: 5` matches numbers only, `$gt: "a"` strings only.
 */
export interface TranslatedFilter {
  sql: string;
  params: unknown[];
}

const MAX_DEPTH = 32;
const MAX_PARAMS = 20_000;

export function translateFilter(filter: unknown, params = new SqlParams()): TranslatedFilter {
  return { sql: filterCondition(filter)(params), params: params.values };
}

export const filterCondition =
  (filter: unknown): Condition =>
  (params) => {
    const sql = documentFilter(filter, params, 'the top level', 0);
    if (params.values.length > MAX_PARAMS)
      throw badRequest(`the filter is too large: more than ${MAX_PARAMS} values`);
    return sql;
  };

type Ops = Record<string, unknown>;

const isOperatorObject = (v: unknown): v is Ops =>
  isPlainObject(v) &&
  !isDateLiteral(v) &&
  Object.keys(v).length > 0 &&
  Object.keys(v).every((k) => k.startsWith('$'));

const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;

function documentFilter(filter: unknown, params: SqlParams, where: string, depth: number): string {
  if (depth > MAX_DEPTH) throw badRequest('the filter is nested too deeply');
  if (!isPlainObject(filter))
    throw badRequest(`malformed filter at ${where}: expected an object, got ${describe(filter)}`);
  return all(
    Object.entries(filter).map(([key, value]) =>
      key.startsWith('$')
        ? logical(key, value, params, where, depth)
        : fieldCondition(parseField(key), value, params, depth),
    ),
  );
}

function logical(op: string, value: unknown, params: SqlParams, where: string, depth: number) {
  switch (op) {
    case '$and':
    case '$or':
    case '$nor': {
      if (!Array.isArray(value) || value.length === 0)
        throw badRequest(`${op} at ${where} expects a non-empty array of filters`);
      const parts = value.map((f, i) => documentFilter(f, params, `${op}[${i}]`, depth + 1));
      return op === '$and' ? all(parts) : op === '$or' ? any(parts) : not(any(parts));
    }
    case '$not':
      return not(documentFilter(value, params, '$not', depth + 1));
    default:
      throw badRequest(`unknown operator ${op} at ${where}`);
  }
}

function fieldCondition(field: DocumentField, value: unknown, params: SqlParams, depth: number) {
  if (isPlainObject(value) && !isDateLiteral(value)) {
    const keys = Object.keys(value);
    const operators = keys.filter((k) => k.startsWith('$'));
    if (operators.length > 0) {
      const plain = keys.find((k) => !k.startsWith('$'));
      if (plain !== undefined)
        throw badRequest(
          `malformed filter at ${field.name}: an object mixes operators (${operators[0]}) and fields (${plain})`,
        );
      return operatorsCondition(field, value, params, depth);
    }
  }
  return equals(field, literal(value, field.name), params);
}

function operatorsCondition(
  field: DocumentField,
  ops: Ops,
  params: SqlParams,
  depth: number,
): string {
  if (depth > MAX_DEPTH) throw badRequest('the filter is nested too deeply');
  const parts: string[] = [];
  for (const [op, arg] of Object.entries(ops)) {
    switch (op) {
      case '$eq':
        parts.push(equals(field, literal(arg, field.name), params));
        break;
      case '$ne':
        parts.push(not(equals(field, literal(arg, field.name), params)));
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        parts.push(compare(field, op, literal(arg, field.name), params));
        break;
      case '$in':
        parts.push(oneOf(field, list(op, arg, field), params));
        break;
      case '$nin':
        parts.push(not(oneOf(field, list(op, arg, field), params)));
        break;
      case '$exists':
        parts.push(exists(field, arg, params));
        break;
      case '$regex':
        parts.push(regex(field, arg, ops.$options, params));
        break;
      case '$options':
        if (!Object.hasOwn(ops, '$regex'))
          throw badRequest(`$options without $regex at ${field.name}`);
        break;
      case '$not':
        if (!isOperatorObject(arg))
          throw badRequest(
            `$not at ${field.name} expects an object of operators, e.g. {"$not": {"$gt": 5}}`,
          );
        parts.push(not(operatorsCondition(field, arg, params, depth + 1)));
        break;
      default:
        throw badRequest(`unknown operator ${op} at ${field.name}`);
    }
  }
  return all(parts);
}

function list(op: string, arg: unknown, field: DocumentField) {
  if (!Array.isArray(arg)) throw badRequest(`${op} at ${field.name} expects an array`);
  return arg.map((v) => literal(v, field.name));
}
