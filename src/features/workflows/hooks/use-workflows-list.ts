import { useMemo } from 'react';
import { useWorkflows } from '../../../api/workflows';
import type { ListState } from '../../../lib/list-params';
import type { workflowsSpec } from '../lib/list-params';

export const WORKFLOWS_PAGE_SIZE = 25;

/** The workflows the token's user may see, those whose name has `q`, and the page of them. */
export function useWorkflowsList({ q, page }: ListState<typeof workflowsSpec>) {
  const workflows = useWorkflows();

  const matching = useMemo(() => {
    const needle = q.toLowerCase();
    const all = workflows.data ?? [];
    return needle ? all.filter((w) => w.name.toLowerCase().includes(needle)) : all;
  }, [workflows.data, q]);

  return {
    workflows,
    total: workflows.data?.length ?? 0,
    matching,
    shown: matching.slice(page * WORKFLOWS_PAGE_SIZE, (page + 1) * WORKFLOWS_PAGE_SIZE),
  };
}
