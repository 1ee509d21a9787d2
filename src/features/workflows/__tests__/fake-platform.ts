import { http, HttpResponse } from 'msw';
import type { RunLogEntry, Workflow, WorkflowDefinition, WorkflowRun } from '../../../api/contract';
import { server } from '../../../test/server';

export const aWorkflow = (overrides: Partial<Workflow> = {}): Workflow => ({
  id: 'wf-1',
  name: 'Refund approvals',
  description: 'Checks a refund and tells finance.',
  version: 3,
  definition: {
    inputs: [
      { name: 'orderNumber', type: 'number', required: true },
      { name: 'reason', type: 'string' },
    ],
    steps: [
      { id: 'check', name: 'Check the order', type: 'transform', require: ['orderNumber'] },
      { id: 'tell', name: 'Tell finance', type: 'notify', to: 'finance', message: 'Refund' },
    ],
  },
  owner: 1001,
  createdOn: '2026-11-01T09:00:00.000Z',
  updatedOn: '2026-11-20T09:00:00.000Z',
  lastRun: null,
  ...overrides,
});

export const aRun = (overrides: Partial<WorkflowRun> = {}): WorkflowRun => ({
  id: 'run-1',
  workflowId: 'wf-1',
  version: 3,
  status: 'COMPLETED',
  input: { orderNumber: 7 },
  startedAt: '2026-11-25T09:00:00.000Z',
  finishedAt: '2026-11-25T09:00:04.000Z',
  error: null,
  workflowName: 'Refund approvals',
  steps: [],
  ...overrides,
});

export const aLogEntry = (seq: number, message = `line ${seq}`): RunLogEntry => ({
  seq,
  at: '2026-11-25T09:00:01.000Z',
  level: 'INFO',
  step: 'check',
  message,
});

export interface FakePlatform {
  workflows: Workflow[];
  runs: WorkflowRun[];
  logs: Map<string, RunLogEntry[]>;
  /** Every `after` the log was read with, per run. */
  logReads: number[];
  bodies: { method: string; path: string; body: unknown }[];
}

/**
 * The workflow API in memory, as the gateway forwards it. `deny` answers every request with
 * that status and a `{message}` body (401, 403).
 */
export function givenWorkflows(
  workflows: Workflow[],
  runs: WorkflowRun[] = [],
  { deny, invalid }: { deny?: number; invalid?: string } = {},
): FakePlatform {
  const fake: FakePlatform = {
    workflows: [...workflows],
    runs: [...runs],
    logs: new Map(),
    logReads: [],
    bodies: [],
  };
  const denied = () =>
    deny
      ? HttpResponse.json(
          { message: deny === 401 ? 'Missing or unknown access token' : 'No Workflow API grant' },
          { status: deny },
        )
      : undefined;
  const notFound = (what: string) =>
    HttpResponse.json({ message: `${what} not found` }, { status: 404 });
  let nextRun = 100;

  server.use(
    http.get('/v1/workflows', () => denied() ?? HttpResponse.json(fake.workflows)),
    http.post('/v1/workflows', async ({ request }) => {
      const body = (await request.json()) as {
        name: string;
        description?: string;
        definition: WorkflowDefinition;
      };
      fake.bodies.push({ method: 'POST', path: '/v1/workflows', body });
      if (invalid) return HttpResponse.json({ message: invalid }, { status: 400 });
      const created = aWorkflow({
        id: `wf-${fake.workflows.length + 1}`,
        name: body.name,
        description: body.description ?? '',
        definition: body.definition,
        version: 1,
      });
      fake.workflows.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('/v1/workflows/runs/:runId', ({ params }) => {
      const run = fake.runs.find((r) => r.id === params.runId);
      return denied() ?? (run ? HttpResponse.json(run) : notFound('Run'));
    }),
    http.get('/v1/workflows/runs/:runId/logs', ({ params, request }) => {
      const after = Number(new URL(request.url).searchParams.get('after') ?? 0);
      fake.logReads.push(after);
      const entries = (fake.logs.get(String(params.runId)) ?? []).filter((e) => e.seq > after);
      return HttpResponse.json({ entries, next: entries.at(-1)?.seq ?? after });
    }),
    http.post('/v1/workflows/runs/:runId/cancel', ({ params }) => {
      const run = fake.runs.find((r) => r.id === params.runId);
      if (!run) return notFound('Run');
      Object.assign(run, { status: 'CANCELED', finishedAt: new Date().toISOString() });
      return HttpResponse.json(run);
    }),
    http.get('/v1/workflows/:id', ({ params }) => {
      const found = fake.workflows.find((w) => w.id === params.id);
      return denied() ?? (found ? HttpResponse.json(found) : notFound('Workflow'));
    }),
    http.put('/v1/workflows/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<Workflow>;
      fake.bodies.push({ method: 'PUT', path: `/v1/workflows/${String(params.id)}`, body });
      if (invalid) return HttpResponse.json({ message: invalid }, { status: 400 });
      const found = fake.workflows.find((w) => w.id === params.id);
      if (!found) return notFound('Workflow');
      Object.assign(found, body, { version: found.version + 1 });
      return HttpResponse.json(found);
    }),
    http.get('/v1/workflows/:id/runs', ({ params }) =>
      HttpResponse.json(fake.runs.filter((r) => r.workflowId === params.id)),
    ),
    http.post('/v1/workflows/:id/runs', async ({ params, request }) => {
      const body = (await request.json()) as { input?: Record<string, unknown> };
      fake.bodies.push({ method: 'POST', path: `/v1/workflows/${String(params.id)}/runs`, body });
      const run = aRun({
        id: `run-${(nextRun += 1)}`,
        workflowId: String(params.id),
        status: 'QUEUED',
        input: body.input ?? {},
        finishedAt: null,
      });
      fake.runs.unshift(run);
      return HttpResponse.json(run, { status: 202 });
    }),
  );
  return fake;
}
