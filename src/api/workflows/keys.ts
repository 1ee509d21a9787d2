type Id = string | number;

export interface RunListParams {
  limit: number;
  status?: string;
}

/**
 * Query keys of workflows and their runs, general to specific: invalidating a workflow's detail
 * key covers its runs. A run is keyed under `runs` by its own id, since its page knows no more.
 */
export const workflowKeys = {
  all: ['workflows'] as const,
  lists: () => [...workflowKeys.all, 'list'] as const,
  list: () => [...workflowKeys.lists(), { limit: 'all' }] as const,
  details: () => [...workflowKeys.all, 'detail'] as const,
  detail: (id: Id) => [...workflowKeys.details(), String(id)] as const,
  runsOf: (id: Id) => [...workflowKeys.detail(id), 'runs'] as const,
  runList: (id: Id, params: RunListParams) => [...workflowKeys.runsOf(id), params] as const,
  runs: () => [...workflowKeys.all, 'run'] as const,
  run: (runId: Id) => [...workflowKeys.runs(), String(runId)] as const,
  logs: (runId: Id) => [...workflowKeys.run(runId), 'logs'] as const,
};
