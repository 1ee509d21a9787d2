import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, type FieldListState, type PageSize } from '../lib/list-params';

type Changes = Record<string, string | null>;

/** The list's state in the address; every change but the page (or the open field) goes to page 1. */
export function useFieldListParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);

  const update = useCallback(
    (changes: Changes, { resetPage = true, replace = false } = {}) =>
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
    setSearch: useCallback(
      (search: string) => update({ q: search.trim() }, { replace: true }),
      [update],
    ),
    setLocked: (locked: FieldListState['locked']) =>
      update({ locked: locked === 'all' ? null : locked }),
    setDataType: (type: string | null) => update({ type }),
    setStatus: (status: string | null) => update({ status }),
    setDataset: (dataset: string | null) => update({ dataset }),
    setSort: (sort: FieldListState['sort']) =>
      update({ sort: sort ? `${sort.field}:${sort.direction}` : null }),
    setPage: (page: number) =>
      update({ page: page > 0 ? String(page + 1) : null }, { resetPage: false }),
    setPageSize: (size: PageSize) => update({ size: String(size) }),
    clearFilters: () => update({ q: null, locked: null, type: null, status: null, dataset: null }),
    openField: (id: number | null) =>
      update({ field: id === null ? null : String(id) }, { resetPage: false }),
  };
}

export type FieldListParams = ReturnType<typeof useFieldListParams>;
