import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import {
  DataGrid,
  type DataGridProps,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useAddressValue } from '../hooks/use-address-text';

/**
 * MUI X's grid over a list the platform pages and sorts: compact rows, bold headers, a bar while
 * a page loads, sorting that cycles back to none. The screen gives its rows, columns and models.
 * Import it from here, not from the components index: the grid must stay off the first page.
 *
 * The sort and page the screen gives come from the address. The grid shows the user's own latest
 * change on top of them while its address is on its way, so that a second click on a header (or
 * on "next page") builds on the first one, not on the address before it.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  sx,
  sortModel,
  onSortModelChange,
  paginationModel,
  onPaginationModelChange,
  ...props
}: Omit<DataGridProps<R>, 'sx'> & {
  label: string;
  sx?: SystemStyleObject<Theme>;
  sortModel: GridSortModel;
  paginationModel: GridPaginationModel;
}) {
  const [sort, changeSort] = useAddressValue(sortModel, onSortModelChange);
  const [page, changePage] = useAddressValue(paginationModel, onPaginationModelChange);
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
      onSortModelChange={changeSort}
      paginationModel={page}
      onPaginationModelChange={changePage}
      sx={{ '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 }, ...sx }}
    />
  );
}
