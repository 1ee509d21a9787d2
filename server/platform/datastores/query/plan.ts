import type { DocumentQueryParams } from '../../../../src/api/contract';
import { badRequest } from '../../core/errors';
import { fieldSql, parseField, shortName, type DocumentField } from './fields';
import { SqlParams, type Condition } from './sql-params';

/**
 * The query string of a document query (gaps.md): `limit` (default 10,000), `offset`,
 * `orderby=field ascending|descending`, and `groupby`, `count=alias`,
 * `sum|avg|min|max=content.field alias`. Lists are comma-separated.
 */
export const MAX_DOCUMENTS = 10_000;

export interface SortKey {
  name: string;
  descending: boolean;
}
export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max';
export interface Aggregate {
  fn: AggregateFunction;
  field?: DocumentField;
  alias: string;
}
export interface QueryPlan {
  sort: SortKey[];
  groupBy: DocumentField[];
  aggregates: Aggregate[];
  limit: number;
  offset: number;
}

export const isAggregation = (plan: QueryPlan) =>
  plan.groupBy.length > 0 || plan.aggregates.length > 0;

/** What one query may ask for: more keys than this is a 400 naming the limit, never a slow plan. */
export const MAX_SORT_KEYS = 16;
export const MAX_GROUP_KEYS = 16;
export const MAX_AGGREGATES = 32;

const items = (text: string | undefined, what = 'orderby', max = MAX_SORT_KEYS) => {
  const list = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > max) throw badRequest(`${what}: at most ${max} fields, not ${list.length}`);
  return list;
};

const directions: Record<string, boolean> = {
  ascending: false,
  asc: false,
  descending: true,
  desc: true,
};

export function parseSort(text: string | undefined): SortKey[] {
  return items(text).map((item) => {
    const [name, direction, extra] = item.split(/\s+/);
    const descending = direction === undefined ? false : directions[direction.toLowerCase()];
    if (!name || descending === undefined || extra !== undefined)
      throw badRequest(`bad orderby "${item}": write a field, then ascending or descending`);
    return { name, descending };
  });
}

const numericAggregates = ['sum', 'avg', 'min', 'max'] as const;

export function parsePlan(query: DocumentQueryParams): QueryPlan {
  const groupBy = items(query.groupby, 'groupby', MAX_GROUP_KEYS).map(parseField);
  const aggregates: Aggregate[] = [];
  if (query.count !== undefined)
    aggregates.push({ fn: 'count', alias: query.count.trim() || 'count' });
  for (const fn of numericAggregates) {
    for (const item of items(query[fn], fn, MAX_AGGREGATES)) {
      const [name = '', alias, extra] = item.split(/\s+/);
      const field = parseField(name);
      if (field.kind !== 'content' || extra !== undefined)
        throw badRequest(`bad ${fn} "${item}": write content.field, then an alias`);
      aggregates.push({ fn, field, alias: alias ?? `${fn}_${shortName(field)}` });
    }
  }
  if (aggregates.length > MAX_AGGREGATES)
    throw badRequest(`at most ${MAX_AGGREGATES} aggregates in one query, not ${aggregates.length}`);
  const names = [...groupBy.map(shortName), ...aggregates.map((a) => a.alias)];
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined)
    throw badRequest(`the name ${twice} appears twice in groupby and the aggregates`);
  const sort = parseSort(query.orderby);
  const plan = {
    sort,
    groupBy,
    aggregates,
    limit: query.limit ?? MAX_DOCUMENTS,
    offset: query.offset ?? 0,
  };
  if (isAggregation(plan)) {
    const unknown = sort.find(
      (k) => !names.includes(k.name) && !names.includes(shortName(parseField(k.name))),
    );
    if (unknown)
      throw badRequest(
        `bad orderby ${unknown.name}: with groupby or aggregates, order by ${names.join(', ')}`,
      );
  } else {
    for (const key of sort) parseField(key.name);
  }
  return plan;
}

export type ResultShape = { kind: 'documents' } | { kind: 'rows'; names: string[] };

export interface DocumentSelect {
  sql: string;
  params: unknown[];
  shape: ResultShape;
}

/** Aggregates add up numbers only; other values are left out, as SQL leaves out NULL. */
const numericValue = (field: DocumentField, params: SqlParams) => {
  const path = params.add(field.kind === 'content' ? field.path : []);
  return `CASE WHEN jsonb_typeof(content #> ${path}::text[]) = 'number' THEN (content #>> ${path}::text[])::numeric END`;
};

/** The SELECT of a plan over the documents that `scope` keeps. */
export function selectDocuments(plan: QueryPlan, scope: Condition): DocumentSelect {
  const params = new SqlParams();
  const where = scope(params);
  if (!isAggregation(plan)) {
    const keys = plan.sort.map(
      (k) => `${fieldSql(parseField(k.name), params)} ${k.descending ? 'DESC' : 'ASC'}`,
    );
    // Ties break on creation order in the first key's direction, so pages are stable.
    const tie = plan.sort[0]?.descending ? 'DESC' : 'ASC';
    const order = [...keys, `created_on ${tie}`, `id ${tie}`].join(', ');
    const sql = `SELECT * FROM documents WHERE ${where} ORDER BY ${order} LIMIT ${params.add(plan.limit)} OFFSET ${params.add(plan.offset)}`;
    return { sql, params: params.values, shape: { kind: 'documents' } };
  }
  const columns = [
    ...plan.groupBy.map((field) => fieldSql(field, params)),
    ...plan.aggregates.map((a) =>
      a.field ? `${a.fn}(${numericValue(a.field, params)})` : 'count(*)',
    ),
  ];
  const names = [...plan.groupBy.map(shortName), ...plan.aggregates.map((a) => a.alias)];
  const position = (name: string) => {
    const i = names.indexOf(name);
    return (i >= 0 ? i : names.indexOf(shortName(parseField(name)))) + 1;
  };
  const order = plan.sort.length
    ? plan.sort.map((k) => `${position(k.name)} ${k.descending ? 'DESC' : 'ASC'}`)
    : plan.groupBy.map((_, i) => `${i + 1}`);
  const sql = [
    `SELECT ${columns.map((c, i) => `${c} AS c${i}`).join(', ')} FROM documents WHERE ${where}`,
    plan.groupBy.length ? `GROUP BY ${plan.groupBy.map((_, i) => i + 1).join(', ')}` : '',
    order.length ? `ORDER BY ${order.join(', ')}` : '',
    `LIMIT ${params.add(plan.limit)} OFFSET ${params.add(plan.offset)}`,
  ]
    .filter(Boolean)
    .join(' ');
  return { sql, params: params.values, shape: { kind: 'rows', names } };
}

/** A flat aggregate row keyed by alias and group field name (gaps.md). */
export function aggregateRow(row: Record<string, unknown>, names: string[]) {
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    const value = row[`c${i}`];
    out[name] = value instanceof Date ? value.toISOString() : (value ?? null);
  });
  return out;
}
