import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { Collection } from '../../../api/contract';
import { useDocumentCount } from '../../../api/datastores';
import {
  DataTable,
  DateTime,
  StatusChip,
  type DataColumn,
  type StatusTone,
} from '../../../components';
import { formatCount } from '../../../lib/format';
import { collectionPath } from '../../../lib/paths';
import { yesNo } from './yes-no';

/** A collection's document count (the query endpoint's count), read for each row. */
function DocumentCount({ collectionId }: { collectionId: string }) {
  const count = useDocumentCount(collectionId, {});
  if (count.data !== undefined) return <>{formatCount(count.data)}</>;
  return <>{count.isError ? 'unknown' : '…'}</>;
}

/** A yes/no of the collection as a chip, coloured when it is yes. */
const flagColumn = (
  flag: 'syncEnabled' | 'syncRequired',
  header: string,
  tone: StatusTone,
): DataColumn<Collection> => ({
  key: flag,
  header,
  cell: (collection) => (
    <StatusChip label={yesNo(collection[flag])} tone={collection[flag] ? tone : 'neutral'} />
  ),
});

const columns: DataColumn<Collection>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (collection) => (
      <Link component={RouterLink} to={collectionPath(collection.datastoreId, collection.id)}>
        {collection.name}
      </Link>
    ),
  },
  {
    key: 'documents',
    header: 'Documents',
    align: 'right',
    cell: (collection) => <DocumentCount collectionId={collection.id} />,
  },
  {
    key: 'columns',
    header: 'Columns',
    align: 'right',
    cell: (collection) => collection.schema.columns.length,
  },
  flagColumn('syncEnabled', 'Sync enabled', 'success'),
  flagColumn('syncRequired', 'Sync required', 'warning'),
  {
    key: 'lastSync',
    header: 'Last sync',
    cell: (collection) => <DateTime value={collection.lastSync} fallback="never" />,
  },
  {
    key: 'updated',
    header: 'Updated',
    cell: (collection) => <DateTime value={collection.updatedOn} />,
  },
];

export function CollectionsTable({ collections }: { collections: Collection[] }) {
  return <DataTable label="Collections" columns={columns} rows={collections} />;
}
