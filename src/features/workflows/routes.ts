import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** The workflows list, the editor, a workflow's page and a run's page; one lazy chunk. */
export const workflowRoutes = (): RouteObject[] => [
  { path: 'workflows', lazy: { Component: async () => (await pages()).WorkflowsPage } },
  { path: 'workflows/new', lazy: { Component: async () => (await pages()).WorkflowEditorPage } },
  {
    path: 'workflows/runs/:runId',
    lazy: { Component: async () => (await pages()).RunPage },
  },
  { path: 'workflows/:workflowId', lazy: { Component: async () => (await pages()).WorkflowPage } },
  {
    path: 'workflows/:workflowId/edit',
    lazy: { Component: async () => (await pages()).WorkflowEditorPage },
  },
];
