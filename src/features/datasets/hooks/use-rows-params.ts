import type { RowsParams } from '../../../api/datasets';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';

export const ROW_PAGE_SIZES = [25, 50, 100] as const;

type Sort = RowsParams['sort'];

/** The rows view in the URL: `page` (1-based), `pageSize`, `sort` as `column:asc|desc`. */
const spec = {
  page: param.page(1_000_000),
  pageSize: param.size(ROW_PAGE_SIZES, 50),
  sort: param.custom<Sort>({
    read: (raw) => {
      const at = raw?.lastIndexOf(':') ?? -1;
      const direction = raw?.slice(at + 1);
      return raw && at > 0 && (direction === 'asc' || direction === 'desc')
        ? { column: raw.slice(0, at), direction }
        : undefined;
    },
    write: (sort) => (sort ? `${sort.column}:${sort.direction}` : null),
  }),
};

export function useRowsParams() {
  const [state, set] = useListParams(spec);
  return {
    ...(state as RowsParams),
    setPage: (page: number) => set({ page }),
    setPageSize: (size: number) => set({ pageSize: size as (typeof ROW_PAGE_SIZES)[number] }),
    setSort: (sort: Sort) => set({ sort }),
  };
}
