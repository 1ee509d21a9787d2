import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';

/**
 * MUI X's grid over a list the platform pages and sorts: compact rows, bold headers, a bar while
 * a page loads, sorting that cycles back to none. The screen gives its rows, columns and models.
 * Import it from here, not from the components index: the grid must stay off the first page.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  sx,
  ...props
}: Omit<DataGridProps<R>, 'sx'> & { label: string; sx?: SystemStyleObject<Theme> }) {
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
      sx={{ '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 }, ...sx }}
    />
  );
}
