import type { Dataset, IndexedSchema, Partition } from '../../../src/api/contract';
import type { DatasetRow, PartitionRow } from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toDataset = (r: DatasetRow): Dataset => ({
  id: r.id,
  name: r.name,
  description: r.description,
  owner: r.owner,
  rowCount: r.row_count,
  columnCount: r.columns.length,
  created: iso(r.created),
  lastUpdated: iso(r.last_updated),
});

/** 2.5; `order` is the column's 0-based position among all columns, hidden ones included. */
export const toIndexedSchema = (r: DatasetRow, includeHidden: boolean): IndexedSchema => ({
  name: r.name,
  tables: [
    {
      columns: r.columns
        .map((col, order) => ({
          name: col.name,
          id: col.id,
          type: col.type,
          visible: col.visible,
          order,
        }))
        .filter((col) => includeHidden || col.visible),
    },
  ],
  dataSourceId: r.id,
});

export const toPartition = (p: PartitionRow): Partition => ({
  partitionId: p.partition_id,
  rowCount: p.row_count,
  createdAt: iso(p.created_at),
  dataVersion: p.data_version,
});
