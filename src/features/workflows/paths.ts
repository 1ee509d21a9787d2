export const workflowsPath = (search = '') => (search ? `/workflows?${search}` : '/workflows');
export const newWorkflowPath = () => '/workflows/new';
export const workflowPath = (id: string) => `/workflows/${encodeURIComponent(id)}`;
export const editWorkflowPath = (id: string) => `/workflows/${encodeURIComponent(id)}/edit`;
export const runPath = (runId: string) => `/workflows/runs/${encodeURIComponent(runId)}`;
/** The Security area's roles (owned by another screen; a plain link). */
export const rolesPath = () => '/security?tab=roles';
