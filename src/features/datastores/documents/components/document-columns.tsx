import type { GridColDef } from '@mui/x-data-grid';
import type { CollectionColumn, CollectionColumnType, DocumentV2 } from '../../../../api/contract';
import { DateTime } from '../../../../components';
import { ContentCell } from './ContentCell';
import { DocumentLink } from './DocumentLink';

const NUMERIC: ReadonlySet<CollectionColumnType> = new Set(['LONG', 'DECIMAL', 'DOUBLE']);

const minWidths: Record<CollectionColumnType, number> = {
  STRING: 140,
  LONG: 110,
  DECIMAL: 110,
  DOUBLE: 110,
  DATE: 120,
  DATETIME: 160,
};

function schemaColumn(column: CollectionColumn): GridColDef<DocumentV2> {
  const numeric = NUMERIC.has(column.type);
  return {
    field: `content.${column.name}`,
    headerName: column.name,
    description: `${column.name} (${column.type})`,
    flex: 1,
    minWidth: minWidths[column.type],
    align: numeric ? 'right' : 'left',
    headerAlign: numeric ? 'right' : 'left',
    cellClassName: numeric ? 'documents-number' : undefined,
    valueGetter: (_value, row) =>
      Object.hasOwn(row.content, column.name) ? row.content[column.name] : undefined,
    renderCell: ({ value, tabIndex }: { value?: unknown; tabIndex: -1 | 0 }) => (
      <ContentCell name={column.name} type={column.type} value={value} tabIndex={tabIndex} />
    ),
  };
}

/** Without a schema, the whole content in one column. */
const contentColumn: GridColDef<DocumentV2> = {
  field: 'content',
  headerName: 'Content',
  flex: 3,
  minWidth: 240,
  sortable: false,
  renderCell: ({ value, tabIndex }: { value?: unknown; tabIndex: -1 | 0 }) => (
    <ContentCell name="content" type="JSON" value={value} tabIndex={tabIndex} />
  ),
};

const timestamp = (
  field: 'createdOn' | 'updatedOn',
  headerName: string,
): GridColDef<DocumentV2> => ({
  field,
  headerName,
  width: 165,
  renderCell: ({ row }) => <DateTime value={row[field]} />,
});

/**
 * The grid's columns: the id (a link that opens the document), one per schema column, then the
 * document's own fields. Each column's field is its name in the query language, so a sort is
 * an `orderby` as it stands.
 */
export function documentColumns(columns: CollectionColumn[]): GridColDef<DocumentV2>[] {
  return [
    {
      field: 'id',
      headerName: 'ID',
      width: 130,
      renderCell: ({ row, tabIndex }) => <DocumentLink documentId={row.id} tabIndex={tabIndex} />,
    },
    ...(columns.length > 0 ? columns.map(schemaColumn) : [contentColumn]),
    timestamp('createdOn', 'Created'),
    timestamp('updatedOn', 'Updated'),
    { field: 'owner', headerName: 'Owner', width: 90 },
  ];
}
