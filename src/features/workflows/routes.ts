import { redirect, type RouteObject } from 'react-router';
import { workflowsPath } from '../../lib/paths';

const pages = async () => (await import('./load-pages')).loadPages();
/** What a route shows while its loader's redirect is under way: nothing. */
const Redirected = () => null;

/** The workflows list, the editor, a workflow's page and a run's page; one lazy chunk. */
export const workflowRoutes = (): RouteObject[] => [
  { path: 'workflows', lazy: { Component: async () => (await pages()).WorkflowsPage } },
  { path: 'workflows/new', lazy: { Component: async () => (await pages()).WorkflowEditorPage } },
  // Runs live under `workflows/runs/:runId`; `workflows/runs` alone is their parent, the list
  // (as a workflow's id, `runs` would ask the platform for `GET /v1/workflows/runs`, every run).
  { path: 'workflows/runs', loader: () => redirect(workflowsPath()), Component: Redirected },
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
