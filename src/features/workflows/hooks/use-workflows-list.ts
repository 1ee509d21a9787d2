import { useMemo } from 'react';
import { z } from 'zod';
import { useWorkflows } from '../../../api/workflows';
import { useUrlUpdate } from './use-url-update';

export const WORKFLOWS_PAGE_SIZE = 25;

const urlState = {
  q: z.string().trim().catch(''),
  page: z.coerce.number().int().min(1).catch(1),
};

/** The workflows the token's user may see, filtered by name (`q`) and paged, both in the URL. */
export function useWorkflowsList() {
  const [params, update] = useUrlUpdate();
  const search = urlState.q.parse(params.get('q') ?? '');
  const page = urlState.page.parse(params.get('page') ?? undefined) - 1;
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
    setSearch: (text: string) => update({ q: text.trim() }, { replace: true }),
    setPage: (next: number) =>
      update({ page: next > 0 ? String(next + 1) : null }, { resetPage: false }),
  };
}
