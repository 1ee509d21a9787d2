import { useMemo } from 'react';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/** The data files list in the URL: `q` (name), `page` (1-based) and `pageSize`. */
const spec = {
  q: param.search(),
  page: param.page(),
  pageSize: param.size(PAGE_SIZES, DEFAULT_PAGE_SIZE),
};

export function useDataFileListParams() {
  const [state, set] = useListParams(spec);
  const setters = useMemo(
    () => ({
      setSearch: (q: string) => set({ q }),
      setPage: (page: number) => set({ page }),
      setPageSize: (pageSize: number) => set({ pageSize: pageSize as (typeof PAGE_SIZES)[number] }),
    }),
    [set],
  );
  return { search: state.q, page: state.page, pageSize: state.pageSize, ...setters };
}
