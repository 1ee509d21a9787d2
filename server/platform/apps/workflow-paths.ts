import type {
  AppManifest,
  Workflow,
  WorkflowRun,
  WorkflowUserPermission,
} from '../../../src/api/contract';
import { badRequest, notFound } from '../core/errors';

/**
 * The workflow operations an app path takes, as the app's caller: the workflow service decides
 * (the Workflow API grant, what they may see and run) exactly as for a token holder.
 */
export interface AppWorkflows {
  get(id: string): Promise<Workflow>;
  /** The newest runs of a workflow. */
  runs(id: string): Promise<WorkflowRun[]>;
  start(id: string, input: unknown): Promise<WorkflowRun>;
  run(runId: string): Promise<WorkflowRun>;
  /** Who may use the workflow, and what each may do. */
  permissions(id: string): Promise<WorkflowUserPermission[]>;
}

type AppOf = { id: string; manifest: AppManifest };

/** The workflow an alias of the manifest names; any other workflow is out of the app's reach. */
function modelOf(app: AppOf, alias: string) {
  const mapped = app.manifest.workflowMapping.find((m) => m.alias === alias);
  if (!mapped)
    throw notFound(
      `The app ${app.id} maps no workflow ${alias}${app.manifest.workflowMapping.length ? ` (its workflows: ${app.manifest.workflowMapping.map((m) => m.alias).join(', ')})` : ''}`,
    );
  return mapped.modelId;
}

const PENDING = new Set(['QUEUED', 'IN_PROGRESS']);

/** The vendor client's WorkflowModel: ids and users as strings. */
const toModel = (w: Workflow, alias: string) => ({
  id: w.id,
  alias,
  name: w.name,
  description: w.description,
  owner: String(w.owner),
  createdBy: String(w.owner),
  createdOn: w.createdOn,
  updatedBy: String(w.owner),
  updatedOn: w.updatedOn,
  lastVersionUpdatedBy: String(w.owner),
  lastVersionUpdatedOn: w.updatedOn,
});

/** The vendor client's WorkflowInstance, for one run. */
const toInstance = (run: WorkflowRun, w: Pick<Workflow, 'id' | 'name'>) => ({
  id: run.id,
  modelId: w.id,
  modelName: w.name,
  modelVersion: String(run.version),
  bpmnProcessId: w.id,
  bpmnProcessName: w.name,
  deploymentId: `${w.id}:${run.version}`,
  status: run.status,
  createdBy: String(run.startedBy ?? ''),
  createdOn: run.startedAt,
  updatedBy: String(run.startedBy ?? ''),
  updatedOn: run.finishedAt ?? run.startedAt,
  input: run.input,
  error: run.error,
});

const cycleTime = (run: WorkflowRun) =>
  run.finishedAt ? Date.parse(run.finishedAt) - Date.parse(run.startedAt) : 0;

/** The parts a models list may add (`?parts=users`, comma-separated). */
const MODEL_PARTS = ['users'] as const;

function modelParts(raw: string | undefined) {
  const parts = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const part of parts)
    if (!(MODEL_PARTS as readonly string[]).includes(part))
      throw badRequest(
        `parts: "${part}" is not a part the embedded platform serves (it serves: ${MODEL_PARTS.join(', ')})`,
      );
  return new Set(parts);
}

/** The vendor client's `userPermissions` item (the platform has no avatars: `avatarKey` is empty). */
const toUserPermission = (u: WorkflowUserPermission) => ({
  avatarKey: '',
  id: String(u.id),
  name: u.name,
  permissions: u.permissions,
  role: u.role,
  roleId: u.roleId,
});

/**
 * `GET /<brand>/workflow/v1/models` (the vendor's WorkflowClient): the workflows the manifest
 * maps, by alias; with `parts=users`, each with the users who may use it (`userPermissions`).
 */
export async function listModels(app: AppOf, workflows: AppWorkflows, rawParts?: string) {
  const parts = modelParts(rawParts);
  const models = [];
  for (const { alias, modelId } of app.manifest.workflowMapping) {
    const model = toModel(await workflows.get(modelId), alias);
    models.push(
      parts.has('users')
        ? {
            ...model,
            userPermissions: (await workflows.permissions(modelId)).map(toUserPermission),
          }
        : model,
    );
  }
  return models;
}

/** `GET .../models/{alias}/overall`: the mapped workflow's runs, counted and timed. */
export async function modelDetails(app: AppOf, alias: string, workflows: AppWorkflows) {
  const model = await workflows.get(modelOf(app, alias));
  const runs = await workflows.runs(model.id);
  const finished = runs.filter((run) => run.finishedAt);
  return {
    modelId: model.id,
    version: String(model.version),
    completedWorkflows: runs.filter((run) => run.status === 'COMPLETED').length,
    failedWorkflows: runs.filter((run) => run.status === 'FAILED').length,
    canceledWorkflows: runs.filter((run) => run.status === 'CANCELED').length,
    inProgressWorkflows: runs.filter((run) => PENDING.has(run.status)).length,
    averageCycleTime: finished.length
      ? Math.round(finished.reduce((sum, run) => sum + cycleTime(run), 0) / finished.length)
      : 0,
    instanceMetric: runs.map((run) => ({
      instanceId: run.id,
      modelId: model.id,
      creatorId: String(run.startedBy ?? ''),
      status: run.status,
      version: String(run.version),
      workflowStartTime: run.startedAt,
      workflowEndTime: run.finishedAt,
      workflowCancelTime: run.status === 'CANCELED' ? run.finishedAt : null,
      workflowCycleTime: cycleTime(run),
    })),
  };
}

/** `POST .../models/{alias}/start`: a run of the mapped workflow with the client's variables. */
export async function startModel(
  app: AppOf,
  alias: string,
  variables: unknown,
  workflows: AppWorkflows,
) {
  const model = await workflows.get(modelOf(app, alias));
  return toInstance(await workflows.start(model.id, variables ?? {}), model);
}

/** `GET .../models/{alias}/instance/{id}`: one run of the mapped workflow. */
export async function modelInstance(
  app: AppOf,
  alias: string,
  instanceId: string,
  workflows: AppWorkflows,
) {
  const model = await workflows.get(modelOf(app, alias));
  const run = await workflows.run(instanceId);
  if (run.workflowId !== model.id)
    throw notFound(`The workflow ${alias} has no instance ${instanceId}`);
  return toInstance(run, model);
}
