import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { RowsParams } from '../../../api/datasets';

export const ROW_PAGE_SIZES = [25, 50, 100] as const;

const urlState = {
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (ROW_PAGE_SIZES as readonly number[]).includes(n))
    .catch(50),
  sort: z
    .string()
    .regex(/^.+:(asc|desc)$/)
    .transform((s) => {
      const at = s.lastIndexOf(':');
      return { column: s.slice(0, at), direction: s.slice(at + 1) as 'asc' | 'desc' };
    })
    .optional()
    .catch(undefined),
};

/**
 * The rows view's state in the URL: `page` (1-based), `pageSize`, `sort` as `column:asc|desc`.
 * A new sort or page size goes back to page 1.
 */
export function useRowsParams() {
  const [params, setParams] = useSearchParams();
  const state: RowsParams = useMemo(
    () => ({
      page: urlState.page.parse(params.get('page') ?? undefined) - 1,
      pageSize: urlState.pageSize.parse(params.get('pageSize') ?? undefined),
      sort: urlState.sort.parse(params.get('sort') ?? undefined),
    }),
    [params],
  );
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value === null) next.delete(key);
          else next.set(key, value);
        return next;
      }),
    [setParams],
  );
  return {
    ...state,
    setPage: (page: number) => update({ page: page > 0 ? String(page + 1) : null }),
    setPageSize: (size: number) => update({ pageSize: String(size), page: null }),
    setSort: (sort: RowsParams['sort']) =>
      update({ sort: sort ? `${sort.column}:${sort.direction}` : null, page: null }),
  };
}
