import Typography from '@mui/material/Typography';
import type { CollectionColumn } from '../../../api/contract';
import { DataTable, type DataColumn } from '../../../components';

const schemaColumns: DataColumn<CollectionColumn>[] = [
  { key: 'name', header: 'Name', cell: (column) => column.name },
  { key: 'type', header: 'Type', cell: (column) => <code>{column.type}</code> },
];

export function SchemaTable({ columns }: { columns: CollectionColumn[] }) {
  if (columns.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This collection has no schema columns.
      </Typography>
    );
  }
  return (
    <DataTable
      label="Schema columns"
      columns={schemaColumns}
      rows={columns}
      rowKey={(column) => column.name}
    />
  );
}
