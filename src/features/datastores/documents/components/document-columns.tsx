import type { GridColDef } from '@mui/x-data-grid';
import type { CollectionColumn, CollectionColumnType, DocumentV2 } from '../../../../api/contract';
import Box from '@mui/material/Box';
import { CopyButton, DateTime, UserName } from '../../../../components';
import { ContentCell } from './ContentCell';
import { DocumentLink } from './DocumentLink';

const NUMERIC: ReadonlySet<CollectionColumnType> = new Set(['LONG', 'DECIMAL', 'DOUBLE']);

/**
 * Widths from the column's type: dates and times are as wide as their formatted value and do not
 * grow; numbers grow a little; text takes what is left.
 */
const sizes: Record<CollectionColumnType, Pick<GridColDef, 'flex' | 'minWidth' | 'width'>> = {
  STRING: { flex: 1, minWidth: 130 },
  LONG: { flex: 0.5, minWidth: 100 },
  DECIMAL: { flex: 0.5, minWidth: 100 },
  DOUBLE: { flex: 0.5, minWidth: 100 },
  DATE: { width: 130 },
  DATETIME: { width: 190 },
};

const headerWidth = (name: string) => Math.ceil(36 + 8.5 * name.length);

function schemaColumn(column: CollectionColumn): GridColDef<DocumentV2> {
  const numeric = NUMERIC.has(column.type);
  return {
    field: `content.${column.name}`,
    headerName: column.name,
    description: `${column.name} (${column.type})`,
    ...sizes[column.type],
    // Never narrower than its own name (about 8.5 px a character at the header's weight).
    ...(sizes[column.type].width
      ? { width: Math.max(sizes[column.type].width!, headerWidth(column.name)) }
      : { minWidth: Math.max(sizes[column.type].minWidth!, headerWidth(column.name)) }),
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
  width: 190,
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
      width: 150,
      renderCell: ({ row, tabIndex }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, height: '100%' }}>
          <DocumentLink documentId={row.id} tabIndex={tabIndex} />
          <CopyButton value={row.id} label={`Copy id ${row.id}`} tabIndex={tabIndex} />
        </Box>
      ),
    },
    ...(columns.length > 0 ? columns.map(schemaColumn) : [contentColumn]),
    timestamp('createdOn', 'Created'),
    timestamp('updatedOn', 'Updated'),
    {
      field: 'owner',
      headerName: 'Owner',
      width: 150,
      renderCell: ({ row, tabIndex }) => <UserName id={row.owner} tabIndex={tabIndex} />,
    },
  ];
}
