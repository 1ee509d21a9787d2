import type { FilterField, Search, SortField } from './search';
import type { CalculatedField } from '../../../src/api/contract';
import type { ListScope } from '../access/principal';
import { conflict, notFound } from '../core/errors';
import { datasetInScope, scopeParams } from '../datasets/repository';
import { LINKED_DATASETS } from '../seed/calculated-fields';
import type { Queryable, Statement } from '../store';
import { checkSumOf, parseExpression } from './expression';

interface Row {
  id: number;
  name: string;
  owner: number;
  locked: boolean;
  global: boolean;
  expression: string;
  check_sum: string;
  links: CalculatedField['links'];
  legacy_id: string;
  last_modified: number | string | bigint;
  created: number | string | bigint;
  aggregated: boolean;
  analytic: boolean;
  data_type: string;
  status: string;
  cache_window: string;
  column_positions: CalculatedField['columnPositions'];
  functions: string[];
  archived: boolean;
  hidden: boolean;
  variable: boolean;
}

export const toCalculatedField = (r: Row): CalculatedField => ({
  id: r.id,
  name: r.name,
  owner: r.owner,
  locked: r.locked,
  global: r.global,
  expression: r.expression,
  checkSum: r.check_sum,
  links: r.links,
  legacyId: r.legacy_id,
  lastModified: Number(r.last_modified),
  created: Number(r.created),
  aggregated: r.aggregated,
  analytic: r.analytic,
  dataType: r.data_type,
  status: r.status,
  cacheWindow: r.cache_window,
  columnPositions: r.column_positions,
  functions: r.functions,
  archived: r.archived,
  hidden: r.hidden,
  variable: r.variable,
});

/** Each search filter (search.ts) as SQL on a bound value. */
const FILTERS: Record<FilterField, string> = {
  locked: 'locked = $',
  archived: 'archived = $',
  global: 'global = $',
  hidden: 'hidden = $',
  dataType: 'data_type = $',
  status: 'status = $',
  owner: 'owner = $',
  dataset: `links @> jsonb_build_array(jsonb_build_object('resource', jsonb_build_object('type', 'DATA_SOURCE', 'id', $::text)))`,
};

const SORTS: Record<SortField, string> = {
  name: 'lower(name)',
  lastModified: 'last_modified',
  created: 'created',
  dataType: 'data_type',
  status: 'status',
  locked: 'locked',
  id: 'id',
};

export async function searchFields(db: Queryable, s: Search) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (s.name?.trim()) {
    params.push(`%${s.name.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where.push(`name ILIKE $${params.length}`);
  }
  for (const f of s.filters) {
    params.push(f.value);
    where.push(FILTERS[f.field].replace('$', `$${params.length}`));
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM calculated_fields ${clause}`,
    params,
  );
  const dir = s.sort.ascending ? 'ASC' : 'DESC';
  const rows = await db.query<Row>(
    `SELECT * FROM calculated_fields ${clause} ORDER BY ${SORTS[s.sort.field]} ${dir}, id ${dir}
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, s.limit, s.offset],
  );
  const totalHits = count?.n ?? 0;
  return {
    totalHits,
    results: rows.map(toCalculatedField),
    hasMore: s.offset + rows.length < totalHits,
  };
}

export async function fieldStatistics(db: Queryable) {
  const [row] = await db.query<Record<string, number>>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE locked)::int AS locked,
       count(*) FILTER (WHERE status = 'INVALID')::int AS invalid,
       count(*) FILTER (WHERE archived)::int AS archived,
       count(*) FILTER (WHERE global)::int AS global,
       count(*) FILTER (WHERE hidden)::int AS hidden
     FROM calculated_fields`,
  );
  return row!;
}

export const fieldNotFound = (id: string | number) => notFound(`No calculated field with id ${id}`);

function fieldId(id: string) {
  const n = Number(id);
  if (!/^\d{1,9}$/.test(id) || !Number.isSafeInteger(n)) throw fieldNotFound(id);
  return n;
}

export async function getField(db: Queryable, id: string, lock = false) {
  const [row] = await db.query<Row>(
    `SELECT * FROM calculated_fields WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [fieldId(id)],
  );
  if (!row) throw fieldNotFound(id);
  return row;
}

/** The fields of `ids` that exist, in id order. */
export const getFields = (db: Queryable, ids: number[]) =>
  db.query<Row>('SELECT * FROM calculated_fields WHERE id = ANY($1::int[]) ORDER BY id', [ids]);

/** lastModified always moves forward, even twice in one millisecond. */
const nextModified = (row: Row) => Math.max(Date.now(), Number(row.last_modified) + 1);

/**
 * An update of the field as it was read: it finds no row when the field changed since (its
 * lastModified moved), so a change is written only over the version it was judged on.
 */
const updateOf = (row: Row, set: string, values: unknown[]): Statement => ({
  sql: `UPDATE calculated_fields SET ${set}, last_modified = $${values.length + 3}
        WHERE id = $1 AND last_modified = $2 RETURNING *`,
  params: [row.id, row.last_modified, ...values, nextModified(row)],
  required: true,
});

/**
 * 4.4 and section 3: lock or unlock; setting the state it already has changes nothing (no
 * statement).
 */
export const lockStatement = (row: Row, locked: boolean) =>
  row.locked === locked ? undefined : updateOf(row, 'locked = $3', [locked]);

/** Columns of the field's data source, when the platform knows them. */
function knownColumns(row: Row): readonly string[] | undefined {
  const source = row.links.find((l) => l.resource.type === 'DATA_SOURCE');
  return Object.values(LINKED_DATASETS).find((d) => d.id === source?.resource.id)?.columns;
}

const AGGREGATES = new Set(['SUM', 'AVG', 'COUNT', 'MIN', 'MAX']);
const DYNAMIC = new Set(['CURRENT_DATE', 'NOW', 'CURDATE', 'CURRENT_TIMESTAMP']);

/** Edit the expression (gaps.md): a locked field refuses with 409. */
export function expressionStatement(row: Row, expression: string) {
  if (row.locked)
    throw conflict(
      `Calculated field "${row.name}" is locked: unlock it before editing its expression`,
    );
  const { functions, columnPositions } = parseExpression(expression);
  const columns = knownColumns(row);
  const valid = !columns || columnPositions.every((c) => columns.includes(c.columnName));
  const links = row.links.map((l) => ({ ...l, valid: valid ? 'VALID' : 'ILLEGAL_REFERENCE' }));
  return updateOf(
    row,
    `expression = $3, check_sum = $4, functions = $5, column_positions = $6, links = $7,
     status = $8, aggregated = $9, analytic = $10, cache_window = $11`,
    [
      expression,
      checkSumOf(expression),
      JSON.stringify(functions),
      JSON.stringify(columnPositions),
      JSON.stringify(links),
      valid ? 'VALID' : 'INVALID',
      functions.some((f) => AGGREGATES.has(f)),
      /\bOVER\s*\(/i.test(expression),
      functions.some((f) => DYNAMIC.has(f)) ? 'day' : 'non_dynamic',
    ],
  );
}

/** The cards of `urns` whose dataset the scope shows, or that have none, in id order. */
export const cardsInScope = (db: Queryable, urns: string[], scope: ListScope) =>
  db.query<{ id: string; title: string; dataset_id: string | null }>(
    `SELECT c.id, c.title, c.dataset_id FROM cards c LEFT JOIN datasets d ON d.id = c.dataset_id
     WHERE c.id = ANY($1::text[]) AND (c.dataset_id IS NULL OR ${datasetInScope(2)})
     ORDER BY c.id`,
    [urns, ...scopeParams(scope)],
  );
