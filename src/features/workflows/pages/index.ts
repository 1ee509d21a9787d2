export { RunPage } from './RunPage';
export { WorkflowEditorPage } from './WorkflowEditorPage';
export { WorkflowPage } from './WorkflowPage';
export { WorkflowsPage } from './WorkflowsPage';
