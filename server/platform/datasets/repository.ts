import type { DatasetListParams } from '../../../src/api/contract';
import type { DatasetShare } from '../access/datasets';
import type { ListScope } from '../access/principal';
import { notFound } from '../core/errors';
import { likePattern } from '../people/repository';
import type { Queryable } from '../store';
import {
  cellValue,
  cellsOf,
  checkedTable,
  column,
  isoDatetime,
  setColumns,
  setsUnion,
  storedType,
  type Cell,
} from './row-tables';
import { LIVE_SETS, type DatasetColumn, type LiveSet } from './store';

export interface DatasetRow {
  id: string;
  name: string;
  description: string;
  owner: number;
  columns: DatasetColumn[];
  row_count: number;
  data_version: number;
  created: Date;
  last_updated: Date;
}
export interface PartitionRow {
  partition_id: string;
  row_count: number;
  created_at: Date;
  data_version: number;
}

export const datasetNotFound = (id: string) => notFound(`No dataset ${id}`);

/** The shares of a dataset given to the principal or to one of their groups. */
export const datasetSharesFor = async (
  db: Queryable,
  datasetId: string,
  principal: { id: number; groups: readonly string[] },
): Promise<DatasetShare[]> =>
  db.query<DatasetShare>(
    `SELECT principal_type AS "principalType", principal_id AS "principalId", access_level AS level
     FROM dataset_permissions WHERE dataset_id = $1 AND (
       (principal_type = 'USER' AND principal_id = $2)
       OR (principal_type = 'GROUP' AND principal_id = ANY($3::text[])))`,
    [datasetId, String(principal.id), [...principal.groups]],
  );

export async function findDataset(db: Queryable, id: string): Promise<DatasetRow | undefined> {
  const [row] = await db.query<DatasetRow>('SELECT * FROM datasets WHERE id = $1', [id]);
  return row;
}

export async function getDataset(db: Queryable, id: string): Promise<DatasetRow> {
  const row = await findDataset(db, id);
  if (!row) throw datasetNotFound(id);
  return row;
}

const sortColumns = {
  name: 'lower(name)',
  rowCount: 'row_count',
  created: 'created',
  lastUpdated: 'last_updated',
};

/**
 * SQL over `datasets d`: true for a dataset the list scope shows (access/principal.ts: all, or
 * owned by the user or shared with them or one of their groups). `at` is the first of its three
 * parameters, given by `scopeParams`.
 */
export const datasetInScope = (at: number) => `($${at}::boolean OR d.owner = $${at + 1}::int
  OR EXISTS (SELECT 1 FROM dataset_permissions p WHERE p.dataset_id = d.id AND (
    (p.principal_type = 'USER' AND p.principal_id = ($${at + 1}::int)::text)
    OR (p.principal_type = 'GROUP' AND p.principal_id = ANY($${at + 2}::text[])))))`;

export const scopeParams = (scope: ListScope): [boolean, number, string[]] =>
  scope.all ? [true, 0, []] : [false, scope.userId, [...scope.groups]];

/** The datasets the scope shows, a page of them in the order asked, and how many there are. */
export async function listDatasets(db: Queryable, params: DatasetListParams, scope: ListScope) {
  const pattern = likePattern(params.nameLike);
  const sort = sortColumns[params.sort ?? 'name'];
  const order = params.order === 'desc' ? 'DESC' : 'ASC';
  const where = `lower(name) LIKE $1 ESCAPE '\\' AND ${datasetInScope(2)}`;
  const rows = await db.query<DatasetRow>(
    `SELECT * FROM datasets d WHERE ${where} ORDER BY ${sort} ${order}, id ${order} LIMIT $5 OFFSET $6`,
    [pattern, ...scopeParams(scope), params.limit ?? 50, params.offset ?? 0],
  );
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM datasets d WHERE ${where}`,
    [pattern, ...scopeParams(scope)],
  );
  return { rows, total: count?.total ?? 0 };
}

/** Positions [from, to) of one set, in load order, as the dataset's `types`. */
async function readWindow(
  db: Queryable,
  set: LiveSet,
  types: readonly string[],
  from: number,
  to: number,
): Promise<Cell[][]> {
  const all = types.map((_, i) => i);
  const rows = await db.query(
    `SELECT ${setColumns(set.types, types, all, cellValue)} FROM ${checkedTable(set.row_table)}
     WHERE row_index >= $1 AND row_index < $2 ORDER BY row_index`,
    [from, to],
  );
  return cellsOf(rows, types);
}

/** A set this large gets an index on a column the first time its rows are sorted by it. */
export const SORT_INDEX_ROWS = 50_000;

/**
 * Rows in load order (partition, then position: each set's window read on its own), or ordered
 * by one column's typed value (nulls first ascending and last descending), load order (reversed
 * descending) breaking ties so pages never overlap. A sort reads a bounded top-N over the live
 * sets; a large set's first sort by a column builds the index later sorts read
 * (`ensureSortIndex`), and later pages name the sets as last read in their one statement
 * (`readSortedRowsAgain`).
 */
export async function readRows(
  db: Queryable,
  datasetId: string,
  limit: number,
  offset: number,
  order?: { index: number; direction: 'ASC' | 'DESC' },
): Promise<Cell[][]> {
  if (order) {
    const again = await readSortedRowsAgain(db, datasetId, limit, offset, order);
    if (again) return again;
  }
  const found = await liveSetsOf(db, datasetId);
  if (!found) return [];
  const { types, sets } = found;
  if (!order) {
    const out: Cell[][] = [];
    let skip = offset;
    for (const set of sets) {
      if (out.length >= limit) break;
      if (skip >= set.row_count) {
        skip -= set.row_count;
        continue;
      }
      const from = skip;
      skip = 0;
      const to = Math.min(set.row_count, from + limit - out.length);
      out.push(...(await readWindow(db, set, types, from, to)));
    }
    return out;
  }
  if (sets.length === 0) return [];
  const index = Math.trunc(order.index);
  for (const set of sets)
    if (set.row_count >= SORT_INDEX_ROWS && index < set.types.length)
      await ensureSortIndex(db, set.row_table, index);
  return sortedRows(db, found, limit, offset, index, order.direction);
}

/** Rows whose column `index` (as text) equals the value, or holds it whatever the case. */
export interface RowFilter {
  index: number;
  operator: 'EQUALS' | 'CONTAINS';
  value: string;
}

/**
 * The rows matching `filter`, in load order (partition, then position), a page of them: one
 * statement over the live sets. A value is compared as its text: numbers as the engine writes
 * them, a DATE as YYYY-MM-DD, a DATETIME as the platform's ISO text (an empty one never matches).
 */
export async function readFilteredRows(
  db: Queryable,
  datasetId: string,
  limit: number,
  offset: number,
  filter: RowFilter,
): Promise<Cell[][]> {
  const found = await liveSetsOf(db, datasetId);
  if (!found || found.sets.length === 0) return [];
  const { types, sets } = found;
  const index = Math.trunc(filter.index);
  if (index < 0 || index >= types.length) return [];
  const union = setsUnion(sets, types);
  const type = types[index]!;
  const v = `u.v${index + 1}`;
  const text =
    storedType(type) === 'STRING'
      ? v
      : storedType(type) === 'DATETIME'
        ? isoDatetime(v)
        : `${v}::text`;
  const test =
    filter.operator === 'EQUALS' ? `${text} = $3` : `strpos(lower(${text}), lower($3)) > 0`;
  const rows = await db.query(
    `SELECT ${types.map((t, i) => `${cellValue(`v${i + 1}`, t)} AS v${i + 1}`).join(', ')}
     FROM (${union}) u WHERE ${test} ORDER BY u.s, u.row_index LIMIT $1 OFFSET $2`,
    [limit, offset, filter.value],
  );
  return cellsOf(rows, types);
}

/** A sorted page from `live` (the sets as read, or as last read when `checked`). */
async function sortedRows(
  db: Queryable,
  live: LiveSets,
  limit: number,
  offset: number,
  index: number,
  direction: 'ASC' | 'DESC',
  checked?: { datasetId: string },
) {
  const { types, sets } = live;
  const union = setsUnion(sets, types);
  const desc = direction === 'DESC';
  // Sets as last read are read only while the dataset's version is the one they were read at
  // (store.ts moves it in the transaction of every change of its live sets or columns): a
  // one-time check in the same statement.
  const still = checked ? `WHERE (SELECT data_version FROM datasets WHERE id = $3) = $4::int` : '';
  const rows = await db.query(
    `SELECT ${types.map((t, i) => `${cellValue(`v${i + 1}`, t)} AS v${i + 1}`).join(', ')}
     FROM (${union}) u ${still}
     ORDER BY u.v${index + 1} ${desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}, u.s ${desc ? 'DESC' : 'ASC'}, u.row_index ${desc ? 'DESC' : 'ASC'}
     LIMIT $1 OFFSET $2`,
    checked ? [limit, offset, checked.datasetId, live.version] : [limit, offset],
  );
  return cellsOf(rows, types);
}

/**
 * A sorted page read with the dataset's live sets as last read, in one statement (the Rows tab
 * pages a sort): a full page is the answer; a short one, or a set gone (swept), may be the sets
 * having changed, so the sets are read again and the page with them. Undefined: nothing known.
 */
async function readSortedRowsAgain(
  db: Queryable,
  datasetId: string,
  limit: number,
  offset: number,
  order: { index: number; direction: 'ASC' | 'DESC' },
): Promise<Cell[][] | undefined> {
  const live = lastLive.get(datasetId);
  const index = Math.trunc(order.index);
  if (!live || live.sets.length === 0 || index >= live.types.length) return undefined;
  for (const set of live.sets)
    if (set.row_count >= SORT_INDEX_ROWS && !sortIndexes.has(sortIndexKey(set.row_table, index)))
      return undefined;
  try {
    const rows = await sortedRows(db, live, limit, offset, index, order.direction, { datasetId });
    if (rows.length === limit) return rows;
  } catch (error) {
    if ((error as { code?: unknown }).code !== '42P01') throw error;
  }
  return undefined;
}

interface LiveSets {
  types: string[];
  sets: LiveSet[];
  /** The dataset's `data_version` when the sets were read. */
  version: number | string;
}

/** The live sets each dataset's last sorted read found (readSortedRowsAgain), a bounded few. */
const lastLive = new Map<string, LiveSets>();
const LAST_LIVE_KEPT = 1_000;

/** The dataset's column types and its live sets (store.ts `liveSets`), in one statement. */
async function liveSetsOf(db: Queryable, datasetId: string): Promise<LiveSets | undefined> {
  const rows = await db.query<
    { columns: DatasetColumn[]; data_version: number | string } & Partial<LiveSet>
  >(
    `SELECT d.columns, d.data_version, s.partition_id, s.row_table, s.types,
       s.row_count, s.plain_csv
     FROM datasets d LEFT JOIN (${LIVE_SETS}) s ON true WHERE d.id = $1 ORDER BY s.partition_id`,
    [datasetId],
  );
  if (rows.length === 0) return undefined;
  const types = rows[0]!.columns.map((c) => c.type);
  const sets = rows.flatMap((r) => (r.row_table ? [r as LiveSet] : []));
  const live = { types, sets, version: rows[0]!.data_version };
  lastLive.delete(datasetId);
  if (lastLive.size >= LAST_LIVE_KEPT) lastLive.delete(lastLive.keys().next().value!);
  lastLive.set(datasetId, live);
  return live;
}

/** Sort indexes known to exist: a table's name is never used again once it is dropped. */
const sortIndexes = new Set<string>();

/**
 * The index a sort by column `index` of a set's table reads, forwards ascending and backwards
 * descending; built once (the sets never change after they are staged).
 */
const sortIndexKey = (table: string, index: number) => `${checkedTable(table)}_by_${column(index)}`;

async function ensureSortIndex(db: Queryable, table: string, index: number) {
  const name = checkedTable(table);
  const key = sortIndexKey(table, index);
  if (sortIndexes.has(key)) return;
  await db
    .query(
      `CREATE INDEX IF NOT EXISTS ${name}_by_${column(index)} ON ${name} (${column(index)} NULLS FIRST, row_index)`,
    )
    .catch((error: unknown) => {
      // Two first sorts at once: the other one built it.
      if (!['42P07', '23505'].includes(String((error as { code?: unknown }).code))) throw error;
    });
  sortIndexes.add(key);
}

export const listPartitions = (db: Queryable, datasetId: string) =>
  db.query<PartitionRow>(
    `SELECT partition_id, row_count, created_at, data_version FROM dataset_partitions
     WHERE dataset_id = $1 ORDER BY created_at, partition_id`,
    [datasetId],
  );
