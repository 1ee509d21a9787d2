import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { timeRanges } from '../lib/overview';

export const statusFilters = ['all', 'running', 'success', 'failed'] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** Each param falls back to its default alone, so one bad value does not reset the others. */
const urlState = {
  status: z.enum(statusFilters).catch('all'),
  range: z.enum(timeRanges).catch('7d'),
  q: z.string().trim().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
};

/**
 * The dashboard's filters live in the URL (shareable, back-button safe): `status`, `range`, `q`
 * (dataset name) and `page` of the exports table. A new filter goes back to page 1.
 */
export function useDashboardParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => ({
      status: urlState.status.parse(params.get('status') ?? undefined),
      range: urlState.range.parse(params.get('range') ?? undefined),
      search: urlState.q.parse(params.get('q') ?? ''),
      page: urlState.page.parse(params.get('page') ?? undefined) - 1,
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

  // Stable setters: the dashboard's figures are memoized and must not redraw for a new closure.
  const setters = useMemo(
    () => ({
      setStatus: (status: StatusFilter) => update({ status: status === 'all' ? null : status }),
      setRange: (range: string) => update({ range: range === '7d' ? null : range }),
      setSearch: (search: string) => update({ q: search.trim() }, { replace: true }),
      setPage: (page: number) =>
        update({ page: page > 0 ? String(page + 1) : null }, { resetPage: false }),
    }),
    [update],
  );

  return { ...state, ...setters };
}
