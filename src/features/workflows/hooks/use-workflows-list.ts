import { useMemo } from 'react';
import { useWorkflows } from '../../../api/workflows';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';

export const WORKFLOWS_PAGE_SIZE = 25;

const spec = { q: param.search(), page: param.page() };

/** The workflows the token's user may see, filtered by name (`q`) and paged, both in the URL. */
export function useWorkflowsList() {
  const [{ q: search, page }, set] = useListParams(spec);
  const workflows = useWorkflows();

  const matching = useMemo(() => {
    const needle = search.toLowerCase();
    const all = workflows.data ?? [];
    return needle ? all.filter((w) => w.name.toLowerCase().includes(needle)) : all;
  }, [workflows.data, search]);

  return {
    workflows,
    search,
    page,
    total: workflows.data?.length ?? 0,
    matching,
    shown: matching.slice(page * WORKFLOWS_PAGE_SIZE, (page + 1) * WORKFLOWS_PAGE_SIZE),
    setSearch: (q: string) => set({ q }),
    setPage: (next: number) => set({ page: next }),
  };
}
