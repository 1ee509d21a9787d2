import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { DatasetPageParams } from '../../../api/datasets';
import { datasetSortFields } from '../../../api/contract';

export type DatasetSort = (typeof datasetSortFields)[number];
export type SortOrder = 'asc' | 'desc';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/** Each param falls back to its default alone, so one bad value does not reset the others. */
const urlState = {
  q: z.string().trim().catch(''),
  sort: z.enum(datasetSortFields).catch('name'),
  order: z.enum(['asc', 'desc']).catch('asc'),
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE),
};

/** Newest first is what a person wants when they first sort by a date or a count. */
const firstOrder = (sort: DatasetSort): SortOrder => (sort === 'name' ? 'asc' : 'desc');

/**
 * The list's state lives in the URL (shareable, back-button safe): `q`, `sort`, `order`, `page`
 * (1-based) and `pageSize`. A new search, sort or page size goes back to page 1.
 */
export function useDatasetListParams() {
  const [params, setParams] = useSearchParams();

  const state = useMemo(
    () => ({
      search: urlState.q.parse(params.get('q') ?? ''),
      sort: urlState.sort.parse(params.get('sort')),
      order: urlState.order.parse(params.get('order')),
      page: urlState.page.parse(params.get('page') ?? undefined) - 1,
      pageSize: urlState.pageSize.parse(params.get('pageSize') ?? undefined),
    }),
    [params],
  );

  const update = useCallback(
    (changes: Record<string, string | null>, { resetPage = true, replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const setSearch = useCallback(
    (search: string) => update({ q: search.trim() }, { replace: true }),
    [update],
  );
  const setSort = useCallback(
    (sort: DatasetSort) =>
      update({
        sort,
        order: sort === state.sort ? (state.order === 'asc' ? 'desc' : 'asc') : firstOrder(sort),
      }),
    [update, state.sort, state.order],
  );
  const setPage = useCallback(
    (page: number) => update({ page: page > 0 ? String(page + 1) : null }, { resetPage: false }),
    [update],
  );
  const setPageSize = useCallback(
    (pageSize: number) => update({ pageSize: String(pageSize) }),
    [update],
  );

  const query: DatasetPageParams = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      nameLike: state.search || undefined,
      sort: state.sort,
      order: state.order,
    }),
    [state],
  );

  return { ...state, query, setSearch, setSort, setPage, setPageSize };
}
