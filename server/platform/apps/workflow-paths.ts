import {
  workflow as workflowSchema,
  workflowRun,
  workflowRunList,
  type AppManifest,
  type Workflow,
  type WorkflowRun,
} from '../../../src/api/contract';
import { notFound, PlatformError } from '../core/errors';

/** Reads one instance path as the app's caller; its error keeps its status and message. */
export type ReadAs = (method: string, path: string, body?: unknown) => Promise<Response>;

async function read<T>(answer: Promise<Response>, parse: (value: unknown) => T): Promise<T> {
  const response = await answer;
  const body: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message = (body as { message?: unknown }).message;
    throw new PlatformError(
      response.status as 400,
      typeof message === 'string' ? message : `The platform answered ${response.status}`,
    );
  }
  return parse(body);
}

/** The workflow an alias of the manifest names; any other workflow is out of the app's reach. */
function modelOf(app: { id: string; manifest: AppManifest }, alias: string) {
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

/**
 * `/<brand>/workflow/v1/models/...` (the vendor's WorkflowClient), for the workflows the manifest
 * maps by alias, answered from the instance's `/v1/workflows` routes as the app's caller.
 */
export async function workflowPath(
  app: { id: string; manifest: AppManifest },
  method: string,
  path: string,
  readAs: ReadAs,
  body: () => Promise<unknown>,
): Promise<unknown> {
  const getModel = (id: string) =>
    read(readAs('GET', `/v1/workflows/${id}`), (value) => workflowSchema.parse(value));
  if (method === 'GET' && path === '/workflow/v1/models') {
    const models = [];
    for (const { alias, modelId } of app.manifest.workflowMapping)
      models.push(toModel(await getModel(modelId), alias));
    return models;
  }
  const [, alias, action, instanceId] =
    /^\/workflow\/v1\/models\/([^/]+)\/(overall|start|instance)(?:\/([^/]+))?$/.exec(path) ?? [];
  if (!alias || !action) return undefined;
  const model = await getModel(modelOf(app, alias));
  if (method === 'GET' && action === 'overall' && !instanceId) {
    const runs = await read(readAs('GET', `/v1/workflows/${model.id}/runs?limit=100`), (value) =>
      workflowRunList.parse(value),
    );
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
  if (method === 'POST' && action === 'start' && !instanceId) {
    const variables = (await body()) ?? {};
    const run = await read(
      readAs('POST', `/v1/workflows/${model.id}/runs`, { input: variables }),
      (value) => workflowRun.parse(value),
    );
    return toInstance(run, model);
  }
  if (method === 'GET' && action === 'instance' && instanceId) {
    const run = await read(
      readAs('GET', `/v1/workflows/runs/${encodeURIComponent(instanceId)}`),
      (value) => workflowRun.parse(value),
    );
    if (run.workflowId !== model.id)
      throw notFound(`The workflow ${alias} has no instance ${instanceId}`);
    return toInstance(run, model);
  }
  return undefined;
}
