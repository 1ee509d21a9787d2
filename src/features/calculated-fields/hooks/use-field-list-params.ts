import { useCallback, useMemo } from 'react';
import { useListParams } from '../../../hooks/use-list-params';
import { fieldListSpec, toListState, type FieldListState, type PageSize } from '../lib/list-params';

/** The list's state in the address; every change but the page (or the open field) goes to page 1. */
export function useFieldListParams() {
  const [params, set] = useListParams(fieldListSpec);
  const state = useMemo(() => toListState(params), [params]);

  return {
    ...state,
    setSearch: useCallback((q: string) => set({ q }), [set]),
    setLocked: (locked: FieldListState['locked']) => set({ locked }),
    setDataType: (type: string | null) => set({ type: fieldListSpec.type.read(type) }),
    setStatus: (status: string | null) => set({ status: fieldListSpec.status.read(status) }),
    setDataset: (dataset: string | null) => set({ dataset }),
    setSort: (sort: FieldListState['sort']) => set({ sort }),
    setPage: (page: number) => set({ page }),
    setPageSize: (size: PageSize) => set({ size }),
    clearFilters: () => set({ q: '', locked: 'all', type: null, status: null, dataset: null }),
    openField: (field: number | null) => set({ field }),
  };
}

export type FieldListParams = ReturnType<typeof useFieldListParams>;
