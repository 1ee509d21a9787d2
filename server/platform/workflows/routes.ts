import { Hono, type Context } from 'hono';
import {
  allRunsParams,
  runListParams,
  runLogsParams,
  runStatuses,
  runWorkflowBody,
  type RunStatus,
} from '../../../src/api/contract';
import { badRequest } from '../core/errors';
import { actorOf, type PlatformEnv } from '../core/http';
import { parseWith, query, readJson } from '../core/validate';
import type { LiveReads } from '../live/live-reads';
import { createBody, updateBody } from './definition';
import { runLive } from './live';
import { toLogEntry, toRun, toWorkflow } from './mappers';
import type { WorkflowService } from './service';

/** `status=A,B` or `status=A&status=B`. */
function statusesOf(c: Context<PlatformEnv>) {
  const given = c.req.queries('status') ?? [];
  if (given.join('').trim() === '') return undefined;
  const list = given
    .join(',')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  for (const s of list)
    if (!(runStatuses as readonly string[]).includes(s))
      throw badRequest(`status: "${s}" is not one of ${runStatuses.join(', ')}`);
  return list as RunStatus[];
}

function timeOf(name: string, text: string | undefined) {
  if (text === undefined || text === '') return undefined;
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw badRequest(`${name}: not an ISO date-time`);
  return new Date(t).toISOString();
}

/**
 * Workflows under `{api_url}/v1` (spec 4.13, docs/platform-gaps.md "Workflows"). The bearer
 * token is checked by the authentication; the grant and what the user sees by the service.
 */
export function workflowRoutes({
  workflows,
  live,
}: {
  workflows: WorkflowService;
  /** The platform's live reads (live/live-reads.ts). */
  live: LiveReads;
}) {
  const r = new Hono<PlatformEnv>();

  r.get('/v1/workflows', async (c) => c.json((await workflows.list(actorOf(c))).map(toWorkflow)));

  r.post('/v1/workflows', async (c) => {
    const input = createBody(await readJson(c));
    return c.json(toWorkflow(await workflows.create(actorOf(c), input)), 201);
  });

  // Runs across workflows; registered before `/v1/workflows/:id` so that "runs" is not an id.
  r.get('/v1/workflows/runs', async (c) => {
    const params = query(c, allRunsParams);
    const { rows, total } = await workflows.allRuns(actorOf(c), {
      workflowId: params.workflowId,
      statuses: statusesOf(c),
      sort: params.sort,
      from: timeOf('from', params.from),
      to: timeOf('to', params.to),
      limit: params.limit,
      offset: params.offset,
    });
    c.header('X-Total-Count', String(total));
    return c.json(rows.map((row) => toRun(row)));
  });

  r.get('/v1/workflows/runs/:runId', async (c) =>
    c.json(toRun(await workflows.run(actorOf(c), c.req.param('runId')), { outputs: true })),
  );

  r.post('/v1/workflows/runs/:runId/cancel', async (c) =>
    c.json(toRun(await workflows.cancel(actorOf(c), c.req.param('runId')), { outputs: true })),
  );

  r.get('/v1/workflows/runs/:runId/logs', async (c) => {
    const { after = 0, limit } = query(c, runLogsParams);
    const lines = await workflows.logs(actorOf(c), c.req.param('runId'), { after, limit });
    const entries = lines.map(toLogEntry);
    return c.json({ entries, next: entries.at(-1)?.seq ?? after });
  });

  r.get('/v1/workflows/runs/:runId/live', (c) => runLive(c, workflows, live));

  r.get('/v1/workflows/:id', async (c) =>
    c.json(toWorkflow(await workflows.get(actorOf(c), c.req.param('id')))),
  );

  // Embedded platform: who may use the workflow, and how (the vendor's `parts=users`).
  r.get('/v1/workflows/:id/permissions', async (c) =>
    c.json(await workflows.permissions(actorOf(c), c.req.param('id'))),
  );

  r.put('/v1/workflows/:id', async (c) => {
    const changes = updateBody(await readJson(c));
    return c.json(toWorkflow(await workflows.update(actorOf(c), c.req.param('id'), changes)));
  });

  r.post('/v1/workflows/:id/runs', async (c) => {
    const body = parseWith(runWorkflowBody, (await readJson(c, { optional: true })) ?? {});
    return c.json(toRun(await workflows.start(actorOf(c), c.req.param('id'), body)), 202);
  });

  r.get('/v1/workflows/:id/runs', async (c) => {
    const params = query(c, runListParams);
    const { rows, total } = await workflows.runs(actorOf(c), c.req.param('id'), {
      statuses: statusesOf(c),
      sort: params.sort,
      limit: params.limit,
      offset: params.offset,
    });
    c.header('X-Total-Count', String(total));
    return c.json(rows.map((row) => toRun(row)));
  });

  return r;
}
