import { z } from 'zod';
import { isoDateTime, jsonObject, userIdInt } from './common';

export const workflow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  definition: jsonObject,
  owner: userIdInt,
  createdOn: isoDateTime,
  updatedOn: isoDateTime,
});
export type Workflow = z.infer<typeof workflow>;
export const workflowList = z.array(workflow);
export const createWorkflowBody = z.object({
  name: z.string().trim().min(1),
  description: z.string().optional(),
  definition: jsonObject,
});
export const updateWorkflowBody = createWorkflowBody.partial();

export const runStatuses = ['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELED'] as const;
export const runStatus = z.enum(runStatuses);
export const workflowRun = z.object({
  id: z.string(),
  workflowId: z.string(),
  version: z.number().int(),
  status: runStatus,
  input: jsonObject,
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  error: z.string().nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRun>;
export const workflowRunList = z.array(workflowRun);
export const runWorkflowBody = z.object({ input: jsonObject.optional() });
export const runLogEntry = z.object({
  seq: z.number().int(),
  at: isoDateTime,
  level: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']),
  step: z.string(),
  message: z.string(),
});
export const runLogs = z.object({ entries: z.array(runLogEntry), next: z.number().int() });
