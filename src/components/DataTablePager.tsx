import TablePagination from '@mui/material/TablePagination';

/** The pager: `total` when the count is known, else `hasNextPage` (the count shows as "more than"). */
export interface DataTablePager {
  page: number;
  pageSize: number;
  total?: number;
  hasNextPage?: boolean;
  /** Offered page sizes; none (the default) offers no choice. */
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  /** "Datasets per page". */
  pageSizeLabel?: string;
  /** Hide the pager when everything fits on one page. */
  hideWhenOnePage?: boolean;
}

/** The pager of a {@link DataTablePager}: loaded on demand by `DataTable` (see there why). */
export default function Pager({ pager, shown }: { pager: DataTablePager; shown: number }) {
  const count = pager.total ?? (pager.hasNextPage ? -1 : pager.page * pager.pageSize + shown);
  if (pager.hideWhenOnePage && pager.page === 0 && count >= 0 && count <= pager.pageSize)
    return null;
  const sizes = pager.pageSizes ?? [];
  return (
    <TablePagination
      component="div"
      count={count}
      page={pager.page}
      rowsPerPage={pager.pageSize}
      rowsPerPageOptions={sizes}
      onPageChange={(_event, next) => pager.onPageChange(next)}
      onRowsPerPageChange={(event) => pager.onPageSizeChange?.(Number(event.target.value))}
      labelRowsPerPage={pager.pageSizeLabel ?? 'Rows per page'}
      sx={{
        // On a phone the page size gives way to the page controls.
        '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
          display: { xs: 'none', sm: 'inline-flex' },
        },
      }}
    />
  );
}
