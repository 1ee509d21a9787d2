import type { DataTablePager } from './DataTable';

/** A list's page and page size as `useListParams` reads and writes them. */
export interface PagedList {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/** The pager of a list whose page and page size live in the URL. */
export function listPager(
  list: PagedList,
  rest: Omit<DataTablePager, 'page' | 'pageSize' | 'onPageChange' | 'onPageSizeChange'>,
): DataTablePager {
  return {
    page: list.page,
    pageSize: list.pageSize,
    onPageChange: list.setPage,
    onPageSizeChange: list.setPageSize,
    ...rest,
  };
}
