import { useCallback, useMemo } from 'react';
import type { DatasetPageParams } from '../../../api/datasets';
import { datasetSortFields } from '../../../api/contract';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';

export type DatasetSort = (typeof datasetSortFields)[number];
export type SortOrder = 'asc' | 'desc';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/** The datasets list in the URL: `q`, `sort`, `order`, `page` (1-based) and `pageSize`. */
const spec = {
  q: param.search(),
  sort: param.oneOf(datasetSortFields, 'name'),
  order: param.oneOf(['asc', 'desc'], 'asc'),
  page: param.page(),
  pageSize: param.size(PAGE_SIZES, DEFAULT_PAGE_SIZE),
};

/** Newest first is what a person wants when they first sort by a date or a count. */
export const firstOrder = (sort: DatasetSort): SortOrder => (sort === 'name' ? 'asc' : 'desc');

export function useDatasetListParams() {
  const [state, set] = useListParams(spec);
  const setSearch = useCallback((q: string) => set({ q }), [set]);
  const setSort = useCallback((sort: DatasetSort, order: SortOrder) => set({ sort, order }), [set]);
  const setPage = useCallback((page: number) => set({ page }), [set]);
  const setPageSize = useCallback(
    (pageSize: number) => set({ pageSize: pageSize as (typeof PAGE_SIZES)[number] }),
    [set],
  );

  const query: DatasetPageParams = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      nameLike: state.q || undefined,
      sort: state.sort,
      order: state.order,
    }),
    [state],
  );

  const { q: search, ...rest } = state;
  return { search, ...rest, query, setSearch, setSort, setPage, setPageSize };
}
