import { useMemo } from 'react';
import type {
  GridPaginationModel,
  GridRowId,
  GridRowSelectionModel,
  GridSortModel,
} from '@mui/x-data-grid';

export interface GridSort<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** What a list's params hook (see useListParams) gives a grid: the page, the sort, and setters. */
export interface ServerGridParams<F extends string, P extends number> {
  page: number;
  pageSize: P;
  sort: GridSort<F> | null | undefined;
  setPage: (page: number) => void;
  setPageSize: (size: P) => void;
  setSort: (sort: GridSort<F> | null) => void;
}

export interface ServerGridOptions<F extends string, P extends number> {
  pageSizes: readonly P[];
  /** The selected rows' ids, for a grid with checkboxes. */
  selection?: readonly GridRowId[];
  /** Which of the grid's columns the platform sorts by (all of them when not given). */
  isSortField?: (field: string) => field is F;
}

/**
 * A list's page, sort and selection (kept in the URL) as MUI X's grid models, and the grid's
 * changes back as the list's. ServerDataGrid keeps the models by value: a new sort model, even an
 * equal one, would send the grid back to its first page.
 */
export function useServerGridModels<F extends string, P extends number>(
  list: ServerGridParams<F, P>,
  {
    pageSizes,
    selection,
    isSortField = (field): field is F => field !== '',
  }: ServerGridOptions<F, P>,
) {
  const { page, pageSize } = list;
  const sortField = list.sort?.field;
  const sortDirection = list.sort?.direction;
  const sortModel: GridSortModel =
    sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : [];
  const selectionModel: GridRowSelectionModel = useMemo(
    () => ({ type: 'include', ids: new Set(selection) }),
    [selection],
  );
  const paginationModel = { page, pageSize };
  const isPageSize = (n: number): n is P => (pageSizes as readonly number[]).includes(n);

  const changePagination = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize && isPageSize(model.pageSize)) list.setPageSize(model.pageSize);
    else list.setPage(model.page);
  };
  const changeSort = (model: GridSortModel) => {
    const first = model[0];
    const next =
      first?.sort && isSortField(first.field)
        ? { field: first.field, direction: first.sort }
        : null;
    // Written even when the address already says so: a click may undo one still on its way
    // (the list's setter drops a write that changes nothing).
    list.setSort(next);
  };

  /** The grid's props for paging, sorting and selecting: `<ServerDataGrid {...models} />`. */
  return {
    pageSizeOptions: pageSizes,
    paginationModel,
    onPaginationModelChange: changePagination,
    sortModel,
    onSortModelChange: changeSort,
    rowSelectionModel: selectionModel,
  };
}
