import type { DatasetListParams } from '../../../src/api/contract';
import { visibleDatasetSql } from '../access/visibility';
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

export async function getDataset(db: Queryable, id: string): Promise<DatasetRow> {
  const [row] = await db.query<DatasetRow>('SELECT * FROM datasets WHERE id = $1', [id]);
  if (!row) throw datasetNotFound(id);
  return row;
}

const sortColumns = {
  name: 'lower(name)',
  rowCount: 'row_count',
  created: 'created',
  lastUpdated: 'last_updated',
};

/** With `viewerId`, only the datasets that user may see (the access policy's rule). */
export async function listDatasets(db: Queryable, params: DatasetListParams, viewerId?: number) {
  const visible = viewerId === undefined ? '' : ` AND ${visibleDatasetSql('$4')}`;
  const where = `lower(name) LIKE $1 ESCAPE '\\'${visible}`;
  const sort = sortColumns[params.sort ?? 'name'];
  const order = params.order === 'desc' ? 'DESC' : 'ASC';
  const pattern = likePattern(params.nameLike);
  const rows = await db.query<DatasetRow>(
    `SELECT * FROM datasets d WHERE ${where} ORDER BY ${sort} ${order}, id ${order} LIMIT $2 OFFSET $3`,
    [
      pattern,
      params.limit ?? 50,
      params.offset ?? 0,
      ...(viewerId === undefined ? [] : [viewerId]),
    ],
  );
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM datasets d WHERE ${where.replaceAll('$4', '$2')}`,
    [pattern, ...(viewerId === undefined ? [] : [viewerId])],
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
