import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyChanges,
  listChanges,
  readListState,
  type DocumentSort,
  type PageSize,
} from '../lib/list-params';

/** The documents list as the address says it; each change is a history entry (Back undoes it). */
export function useDocumentListParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);

  // Changes are made to the latest address, even from a callback of an older render (the grid
  // calls back from its effects); one that changes nothing does not navigate, since a needless
  // history entry would drop the entries that Forward leads to.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (...changes: ((p: URLSearchParams) => void)[]) => {
      const next = applyChanges(latest.current, ...changes);
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setParams(next);
    },
    [setParams],
  );

  return {
    ...state,
    setPage: useCallback((page: number) => change(listChanges.page(page)), [change]),
    setPageSize: useCallback((size: PageSize) => change(listChanges.pageSize(size)), [change]),
    setSort: useCallback((sort: DocumentSort | null) => change(listChanges.sort(sort)), [change]),
    setFilter: useCallback((filter: string) => change(listChanges.filter(filter)), [change]),
    openDocument: useCallback((id: string) => change(listChanges.document(id)), [change]),
    closeDocument: useCallback(() => change(listChanges.document(null)), [change]),
  };
}

export type DocumentListParams = ReturnType<typeof useDocumentListParams>;
