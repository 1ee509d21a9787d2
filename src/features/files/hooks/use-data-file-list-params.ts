import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/** Each param falls back to its default alone, so one bad value does not reset the others. */
const urlState = {
  q: z.string().trim().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE),
};

/**
 * The list's state lives in the URL (shareable, back-button safe): `q` (name), `page` (1-based)
 * and `pageSize`. A new search or page size goes back to page 1.
 */
export function useDataFileListParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => ({
      search: urlState.q.parse(params.get('q') ?? ''),
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

  const setters = useMemo(
    () => ({
      setSearch: (search: string) => update({ q: search.trim() }, { replace: true }),
      setPage: (page: number) =>
        update({ page: page > 0 ? String(page + 1) : null }, { resetPage: false }),
      setPageSize: (pageSize: number) =>
        update({ pageSize: pageSize === DEFAULT_PAGE_SIZE ? null : String(pageSize) }),
    }),
    [update],
  );
  return { ...state, ...setters };
}
