import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { Datastore } from '../../../api/contract';
import { DataTable, DateTime, UserName, type DataColumn } from '../../../components';
import { formatCount } from '../../../lib/format';
import { datastorePath } from '../../../lib/paths';
import { IdText } from './IdText';

export interface DatastoresTableProps {
  datastores: Datastore[];
  /** Collections per datastore id; undefined while they load (or when they could not be read). */
  collectionCounts: Map<string, number> | undefined;
}

export function DatastoresTable({ datastores, collectionCounts }: DatastoresTableProps) {
  const columns: DataColumn<Datastore>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (datastore) => (
        <Link component={RouterLink} to={datastorePath(datastore.id)}>
          {datastore.name}
        </Link>
      ),
    },
    { key: 'id', header: 'ID', nowrap: true, cell: (datastore) => <IdText value={datastore.id} /> },
    {
      key: 'collections',
      header: 'Collections',
      align: 'right',
      cell: (datastore) =>
        collectionCounts ? formatCount(collectionCounts.get(datastore.id) ?? 0) : '—',
    },
    { key: 'owner', header: 'Owner', cell: (datastore) => <UserName id={datastore.owner} /> },
    {
      key: 'created',
      header: 'Created',
      cell: (datastore) => <DateTime value={datastore.createdOn} />,
    },
    {
      key: 'updated',
      header: 'Updated',
      cell: (datastore) => <DateTime value={datastore.updatedOn} />,
    },
  ];
  return (
    <DataTable
      label="Datastores"
      columns={columns}
      rows={datastores}
      rowKey={(datastore) => datastore.id}
    />
  );
}
