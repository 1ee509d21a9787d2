import type { DatasetListParams } from '../../../src/api/contract';
import type { DatasetShare } from '../access/datasets';
import type { ListScope } from '../access/principal';
import { notFound } from '../core/errors';
import { likePattern } from '../people/repository';
import type { Queryable } from '../store';
import { LIVE_ROWS, type Cell, type DatasetColumn } from './store';

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

/** Rows in a stable order: partition, then position in it (the primary key's order). */
/**
 * Rows in load order, or ordered by one column (JSON order: numbers as numbers, text as text,
 * nulls first ascending and last descending), load order breaking ties so pages never overlap.
 */
export const readRows = async (
  db: Queryable,
  datasetId: string,
  limit: number,
  offset: number,
  order?: { index: number; direction: 'ASC' | 'DESC' },
) =>
  (
    await db.query<{ cells: Cell[] }>(
      `SELECT r.cells FROM ${LIVE_ROWS}
       ORDER BY ${order ? `r.cells -> ${Math.trunc(order.index)} ${order.direction === 'DESC' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'},` : ''}
         s.partition_id, r.row_index LIMIT $2 OFFSET $3`,
      [datasetId, limit, offset],
    )
  ).map((r) => r.cells);

export const listPartitions = (db: Queryable, datasetId: string) =>
  db.query<PartitionRow>(
    `SELECT partition_id, row_count, created_at, data_version FROM dataset_partitions
     WHERE dataset_id = $1 ORDER BY created_at, partition_id`,
    [datasetId],
  );
