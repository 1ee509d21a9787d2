import { useCallback, useMemo } from 'react';
import { useListParams } from '../../../../hooks/use-list-params';
import {
  documentListSpec,
  listChanges,
  type DocumentSort,
  type PageSize,
} from '../lib/list-params';

/** The documents list as the address says it; each change is a history entry (Back undoes it). */
export function useDocumentListParams() {
  // The grid calls back from its effects: `set` writes to the latest address, and a change that
  // changes nothing does not navigate.
  const [params, set] = useListParams(documentListSpec);
  const { page, size, sort, filter, doc } = params;
  const state = useMemo(
    () => ({ page, pageSize: size, sort, filter, documentId: doc }),
    [page, size, sort, filter, doc],
  );

  return {
    ...state,
    setPage: useCallback((next: number) => set(listChanges.page(next)), [set]),
    setPageSize: useCallback((next: PageSize) => set(listChanges.pageSize(next)), [set]),
    setSort: useCallback((next: DocumentSort | null) => set(listChanges.sort(next)), [set]),
    setFilter: useCallback((next: string) => set(listChanges.filter(next)), [set]),
    openDocument: useCallback((id: string) => set(listChanges.document(id)), [set]),
    closeDocument: useCallback(() => set(listChanges.document(null)), [set]),
  };
}

export type DocumentListParams = ReturnType<typeof useDocumentListParams>;
