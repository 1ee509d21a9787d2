import { useMemo } from 'react';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';
import { timeRanges } from '../lib/overview';

export const statusFilters = ['all', 'running', 'success', 'failed'] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** The dashboard's filters in the URL: `status`, `range`, `q` (dataset name), `page`. */
const spec = {
  status: param.oneOf(statusFilters, 'all'),
  range: param.oneOf(timeRanges, '7d'),
  q: param.search(),
  page: param.page(),
};

export function useDashboardParams() {
  const [state, set] = useListParams(spec);
  // Stable setters: the dashboard's figures are memoized and must not redraw for a new closure.
  const setters = useMemo(
    () => ({
      setStatus: (status: StatusFilter) => set({ status }),
      setRange: (range: string) => set({ range: spec.range.read(range) }),
      setSearch: (q: string) => set({ q }),
      setPage: (page: number) => set({ page }),
    }),
    [set],
  );
  return {
    status: state.status,
    range: state.range,
    search: state.q,
    page: state.page,
    ...setters,
  };
}
