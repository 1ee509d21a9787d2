import '../../zod-config';
import { z } from 'zod';
import { isoDateTime, jsonObject, userIdInt } from './common';
import { WORKFLOW_LIMITS, workflowDefinition } from './workflow-steps';

/** Workflows and their runs; the definition and its steps are in ./workflow-steps. */
export * from './workflow-steps';

export const runStatuses = ['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELED'] as const;
export const runStatus = z.enum(runStatuses);
export type RunStatus = z.infer<typeof runStatus>;

/** The last run of a workflow, for the list (null: never run). */
export const workflowLastRun = z.object({
  id: z.string(),
  status: runStatus,
  startedAt: isoDateTime,
  finishedAt: z.nullable(isoDateTime),
});

export const workflow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  definition: workflowDefinition,
  owner: userIdInt,
  createdOn: isoDateTime,
  updatedOn: isoDateTime,
  lastRun: workflowLastRun.nullable().optional(),
});
export type Workflow = z.infer<typeof workflow>;
export const workflowList = z.array(workflow);
export const createWorkflowBody = z.object({
  name: z.string().trim().min(1, 'a name is required').max(200),
  description: z.string().max(5000).optional(),
  definition: workflowDefinition,
});
export type CreateWorkflowBody = z.infer<typeof createWorkflowBody>;
export const updateWorkflowBody = createWorkflowBody.partial();
export type UpdateWorkflowBody = z.infer<typeof updateWorkflowBody>;

export const stepStatuses = [
  'PENDING',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'CANCELED',
  'SKIPPED',
] as const;
export const stepStatus = z.enum(stepStatuses);
/**
 * One step of a run: its state, and (on the run's own answer) what it received (`input`: its
 * settings with references resolved, secrets masked, at most 16 KiB) and produced (`output`).
 */
export const runStep = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: stepStatus,
  startedAt: z.nullable(isoDateTime),
  finishedAt: z.nullable(isoDateTime),
  error: z.string().nullable(),
  /** Ours, so optional: how long the step ran, the same figure as the log's "completed in". */
  durationMs: z.number().nonnegative().optional(),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
});
export type RunStep = z.infer<typeof runStep>;

export const workflowRun = z.object({
  id: z.string(),
  workflowId: z.string(),
  version: z.number().int(),
  status: runStatus,
  input: jsonObject,
  startedAt: isoDateTime,
  finishedAt: z.nullable(isoDateTime),
  error: z.string().nullable(),
  /** Ours, so optional: the workflow's name, who started the run, and each step's state. */
  workflowName: z.string().optional(),
  startedBy: z.nullable(userIdInt).optional(),
  /** Ours, so optional: the run's place among its workflow's runs by start, 1 for the first. */
  number: z.number().int().positive().optional(),
  steps: z.array(runStep).optional(),
});
export type WorkflowRun = z.infer<typeof workflowRun>;
export const workflowRunList = z.array(workflowRun);
export const runWorkflowBody = z.object({ input: z.optional(jsonObject) });
export type RunWorkflowBody = z.infer<typeof runWorkflowBody>;

/** What a user may do with a workflow, in the vendor's permission names. */
export const workflowPermissionNames = ['READ', 'WRITE', 'EXECUTE'] as const;
export type WorkflowPermissionName = (typeof workflowPermissionNames)[number];
/**
 * `GET /v1/workflows/{id}/permissions` (embedded platform): each user who may use the workflow
 * (its owner, Admins; each holding the Workflow API grant) and what they may do with it.
 * `roleId` is the role's place among the roles, the highest first, from 1.
 */
export const workflowUserPermission = z.object({
  id: userIdInt,
  name: z.string(),
  role: z.string(),
  roleId: z.number().int(),
  permissions: z.array(z.enum(workflowPermissionNames)),
});
export type WorkflowUserPermission = z.infer<typeof workflowUserPermission>;
export const workflowUserPermissions = z.array(workflowUserPermission);

/** Orders of a runs list; `-` first is descending. Default `-startedAt` (newest first). */
export const runSorts = [
  'startedAt',
  '-startedAt',
  'finishedAt',
  '-finishedAt',
  'status',
  '-status',
  'workflowName',
  '-workflowName',
] as const;
export type RunSort = (typeof runSorts)[number];
/** `status`: one or more of runStatuses, comma-separated (or the parameter repeated). */
export const runListParams = z.object({
  status: z.string().max(200).optional(),
  sort: z.enum(runSorts).optional(),
  limit: z.coerce.number().int().min(1).max(WORKFLOW_LIMITS.runsPageSize).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
/** Runs across workflows (`GET /v1/workflows/runs`): also by workflow and start time. */
export const allRunsParams = runListParams.extend({
  workflowId: z.string().max(200).optional(),
  /** ISO times: runs started at or after `from`, before `to`. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});

export const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export const runLogEntry = z.object({
  seq: z.number().int(),
  at: isoDateTime,
  level: z.enum(logLevels),
  step: z.string(),
  message: z.string(),
});
export type RunLogEntry = z.infer<typeof runLogEntry>;
/** `next`: the `after` to ask with next time (the last seq returned, or `after` when none). */
export const runLogs = z.object({ entries: z.array(runLogEntry), next: z.number().int() });
export type RunLogs = z.infer<typeof runLogs>;
export const runLogsParams = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(WORKFLOW_LIMITS.logsPageSize).optional(),
});

/** Error bodies under /v1: `{message}` (7.4 statuses 401, 403, 404; 400 naming the field). */
export const workflowError = z.object({ message: z.string() });
