import { useMemo } from 'react';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import {
  DataGrid,
  type DataGridProps,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';

/** The same value while its content stays: the grid goes back to its first page on a new model. */
function useByValue<V>(value: V): V {
  const text = JSON.stringify(value);
  return useMemo(() => JSON.parse(text) as V, [text]);
}

/**
 * MUI X's grid over a list the platform pages and sorts: compact rows, bold headers, a bar while
 * a page loads, sorting that cycles back to none. The screen gives its rows, columns, the selected
 * rows' ids (for a grid with checkboxes) and the list's models (`useListController`'s `grid()`),
 * which it keeps by value. Import it from here, not from the components index: the grid must stay
 * off the first page.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  sx,
  sortModel,
  paginationModel,
  selection,
  ...props
}: Omit<DataGridProps<R>, 'sx' | 'rowSelectionModel'> & {
  label: string;
  sx?: SystemStyleObject<Theme>;
  sortModel: GridSortModel;
  paginationModel: GridPaginationModel;
  selection?: readonly GridRowId[];
}) {
  const sort = useByValue(sortModel);
  const page = useByValue(paginationModel);
  const selectionModel: GridRowSelectionModel | undefined = useMemo(
    () => selection && { type: 'include', ids: new Set(selection) },
    [selection],
  );
  return (
    <DataGrid
      density="compact"
      pagination
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      sortingOrder={['asc', 'desc', null]}
      disableRowSelectionOnClick
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      {...props}
      sortModel={sort}
      paginationModel={page}
      rowSelectionModel={selectionModel}
      sx={{ '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 }, ...sx }}
    />
  );
}
