import { WORKFLOW_API_GRANT } from '../../../src/api/contract/access';
import type { WorkflowPermissionName } from '../../../src/api/contract/workflows';
import {
  allow,
  hide,
  holds,
  isAdmin,
  isAdminRole,
  refuse,
  type Decision,
  type Principal,
} from './principal';

/**
 * Workflows and their runs (docs/platform-gaps.md "Workflows"). Every operation needs the
 * Workflow API grant (403 naming it, before anything is looked up). A user sees the workflows
 * they own, an Admin every workflow; a run is seen with its workflow. A workflow not seen is not
 * found (404).
 */
export type WorkflowOperation = 'list' | 'create' | 'read' | 'change' | 'run' | 'cancel';

/** Who may take each operation: any `holder` of the grant, or a holder who `sees` the workflow. */
export const workflowRules: Record<WorkflowOperation, 'holder' | 'sees'> = {
  list: 'holder',
  create: 'holder',
  read: 'sees',
  change: 'sees',
  run: 'sees',
  cancel: 'sees',
};

/** What a refusal names: the grant every workflow operation needs. */
export const WORKFLOW_GRANT_NEEDED = `${WORKFLOW_API_GRANT} grant`;

/** The workflows the principal sees, for a list or a write that must find them still seen. */
export type WorkflowScope = { all: true } | { all: false; owner: number };

export const workflowScope = (principal: Principal): WorkflowScope =>
  isAdmin(principal) ? { all: true } : { all: false, owner: principal.id };

export const seesWorkflow = (principal: Principal, workflow: { owner: number }) =>
  isAdmin(principal) || workflow.owner === principal.id;

/** What every workflow operation needs first: the grant. */
export const decideWorkflowGrant = (principal: Principal): Decision =>
  holds(principal, WORKFLOW_API_GRANT) ? allow : refuse(WORKFLOW_GRANT_NEEDED);

/**
 * `operation` by the principal, on `workflow` (or one of its runs) where the operation is on
 * one; undefined: there is no such workflow.
 */
export function decideWorkflow(
  principal: Principal,
  operation: WorkflowOperation,
  workflow?: { owner: number },
): Decision {
  const grant = decideWorkflowGrant(principal);
  if (!grant.allowed || workflowRules[operation] === 'holder') return grant;
  return workflow && seesWorkflow(principal, workflow) ? allow : hide;
}

/** Each permission name a user is shown, and the operations it stands for (all of them allowed). */
const permissionOperations: Record<WorkflowPermissionName, WorkflowOperation[]> = {
  READ: ['read'],
  WRITE: ['change'],
  EXECUTE: ['run', 'cancel'],
};

/** What the principal may do with the workflow, as the permission names it is shown. */
export const workflowPermissions = (
  principal: Principal,
  workflow: { owner: number },
): WorkflowPermissionName[] =>
  (Object.keys(permissionOperations) as WorkflowPermissionName[]).filter((name) =>
    permissionOperations[name].every((op) => decideWorkflow(principal, op, workflow).allowed),
  );

/**
 * Of `roles`, those whose members see every workflow: with the workflow's owner, the only users
 * who may use it (the rest are whom `workflowPermissions` is asked about).
 */
export const rolesSeeingEveryWorkflow = (roles: readonly string[]) => roles.filter(isAdminRole);
