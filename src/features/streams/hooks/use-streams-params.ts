import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { lastRunFilters, type LastRunFilter } from '../model/stream-list';

/** Each param falls back to its default alone, so one bad value does not reset the others. */
const urlState = {
  connector: z.string().trim().catch(''),
  q: z.string().trim().catch(''),
  lastRun: z.enum(lastRunFilters).catch('all'),
  page: z.coerce.number().int().min(1).catch(1),
};

/**
 * The Streams screen's filters live in the URL (shareable, back-button safe): `connector`, `q`
 * (dataset name), `lastRun` and `page`. A new filter goes back to page 1.
 */
export function useStreamsParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => ({
      connector: urlState.connector.parse(params.get('connector') ?? ''),
      search: urlState.q.parse(params.get('q') ?? ''),
      lastRun: urlState.lastRun.parse(params.get('lastRun') ?? undefined),
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

  return {
    ...state,
    setConnector: (connector: string) => update({ connector }),
    setSearch: (search: string) => update({ q: search.trim() }, { replace: true }),
    setLastRun: (lastRun: LastRunFilter) => update({ lastRun: lastRun === 'all' ? null : lastRun }),
    setPage: (page: number) =>
      update({ page: page > 0 ? String(page + 1) : null }, { resetPage: false }),
  };
}

export type StreamsParams = ReturnType<typeof useStreamsParams>;
