import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  workflow as workflowSchema,
  workflowList,
  workflowRunList,
} from '../../../src/api/contract';
import { mintToken, revokeToken } from '../people/token-repository';
import { SALES_DATASET_ID } from '../seed/datasets';
import { ORDERS_COLLECTION_ID } from '../seed/datastores';
import { TARGETS_DATASET_ID } from '../seed/streams';
import { SAMPLE_WORKFLOWS } from '../seed/workflows';
import { startTestPlatform, testFolder, type TestPlatform } from '../testing';
import { allLogs, createWorkflow, startRun, v1, waitForRun } from '../testing/workflows';

const messageOf = async (r: Response) => ((await r.json()) as { message: string }).message;

let platform: TestPlatform;
let server: http.Server;
let hits: Array<{ method: string; url: string; body: string }> = [];
let serverPort = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, body });
      if (req.url === '/broken') {
        res.writeHead(503).end('down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  serverPort = (server.address() as AddressInfo).port;
  platform = await startTestPlatform({ env: { WORKFLOWS_HTTP_ALLOWED_HOSTS: '127.0.0.1' } });
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await new Promise((done) => server.close(done));
});

const twoSteps = {
  inputs: [{ name: 'who', type: 'string', required: true }],
  steps: [
    { id: 'shape', type: 'transform', name: 'Shape', set: { greeting: 'Hello ${input.who}' } },
    {
      id: 'tell',
      type: 'notify',
      name: 'Tell',
      to: '${input.who}@example.com',
      message: '${steps.shape.output.greeting}',
    },
  ],
};

describe('/v1/workflows: 401, 403, 404 (spec 7.4)', () => {
  it('answers each with a JSON {message} that says which', async () => {
    const list = (headers: Record<string, string>) =>
      fetch(`${platform.url}/v1/workflows`, { headers });
    const none = await list({});
    expect(none.status).toBe(401);
    expect(await messageOf(none)).toMatch(/Missing bearer token/);
    const bad = await list({ authorization: 'Bearer nope' });
    expect(bad.status).toBe(401);
    expect(await messageOf(bad)).toMatch(/unknown, revoked or expired/);
    // The developer token is no bearer token.
    expect((await list({ authorization: `Bearer ${platform.tokens.developer}` })).status).toBe(401);

    const ben = await mintToken(platform.db, { userId: 2, name: 'ben', kind: 'access' });
    expect((await v1(platform, ben.value)('/v1/workflows')).status).toBe(200);
    await revokeToken(platform.db, ben.row.id);
    const revoked = await v1(platform, ben.value)('/v1/workflows');
    expect(revoked.status).toBe(401);

    const expired = await mintToken(platform.db, {
      userId: 1,
      name: 'old',
      kind: 'access',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await v1(platform, expired.value)('/v1/workflows')).status).toBe(401);
    // A developer token minted for a user is not an access token.
    const developer = await mintToken(platform.db, { userId: 1, name: 'dev' });
    expect((await v1(platform, developer.value)('/v1/workflows')).status).toBe(401);

    const chloe = await mintToken(platform.db, { userId: 3, name: 'chloe', kind: 'access' });
    for (const path of ['/v1/workflows', `/v1/workflows/${SAMPLE_WORKFLOWS[0]!.id}`]) {
      const forbidden = await v1(platform, chloe.value)(path);
      expect(forbidden.status).toBe(403);
      expect(await messageOf(forbidden)).toMatch(/Workflow API grant.*role/);
    }

    for (const path of [
      '/v1/workflows/no-such-workflow',
      '/v1/workflows/no-such-workflow/runs',
      '/v1/workflows/runs/no-such-run',
      '/v1/workflows/runs/no-such-run/logs',
    ]) {
      const missing = await v1(platform)(path);
      expect(missing.status, path).toBe(404);
      expect(await messageOf(missing)).toMatch(/No workflow/);
    }
    const cancelMissing = await v1(platform)('/v1/workflows/runs/nope/cancel', { method: 'POST' });
    expect(cancelMissing.status).toBe(404);
  });

  it('shows a Privileged user only their own workflows; others are 404', async () => {
    const ben = await mintToken(platform.db, { userId: 2, name: 'ben2', kind: 'access' });
    const list = workflowList.parse(await (await v1(platform, ben.value)('/v1/workflows')).json());
    expect(list.map((w) => w.owner)).toEqual(list.map(() => 2));
    expect(list.length).toBeGreaterThan(0);
    const adas = SAMPLE_WORKFLOWS.find((w) => w.owner === 1)!;
    expect((await v1(platform, ben.value)(`/v1/workflows/${adas.id}`)).status).toBe(404);
    const adaRun = workflowRunList.parse(
      await (await v1(platform)(`/v1/workflows/${adas.id}/runs?limit=1`)).json(),
    )[0]!;
    expect((await v1(platform, ben.value)(`/v1/workflows/runs/${adaRun.id}`)).status).toBe(404);
    // The admin sees every workflow, with its last run; with and without a trailing slash.
    const all = workflowList.parse(await (await v1(platform)('/v1/workflows/')).json());
    expect(all.length).toBeGreaterThanOrEqual(SAMPLE_WORKFLOWS.length);
    expect(all.find((w) => w.id === adas.id)!.lastRun?.status).toBeDefined();
  });
});

describe('definitions', () => {
  const bad = async (definition: unknown) => {
    const response = await v1(platform)('/v1/workflows', { json: { name: 'x', definition } });
    expect(response.status).toBe(400);
    return ((await response.json()) as { message: string }).message;
  };

  it('are validated with a 400 naming the step and field', async () => {
    expect(
      await bad({
        steps: [
          { id: 'a', type: 'notify', name: 'A', to: 'x@example.com', message: 'hi' },
          { id: 'b', type: 'wait', name: 'B', seconds: 100_000 },
        ],
      }),
    ).toMatch(/^definition\.steps\[1\]\.seconds: /);
    expect(await bad({ steps: [{ id: 'a', type: 'teleport', name: 'A' }] })).toMatch(
      /^definition\.steps\[0\]\.type: /,
    );
    expect(
      await bad({ steps: [{ id: 'a', type: 'notify', name: 'A', to: 'x', message: '' }] }),
    ).toMatch(/^definition\.steps\[0\]\.message: /);
    expect(
      await bad({
        steps: [
          { id: 'a', type: 'notify', name: 'A', to: 'x', message: '${steps.b.output.x}' },
          { id: 'b', type: 'wait', name: 'B', seconds: 1 },
        ],
      }),
    ).toMatch(/^definition\.steps\[0\]\.message: .*not an earlier step/);
    expect(
      await bad({
        steps: [
          { id: 'a', type: 'wait', name: 'A', seconds: 1 },
          { id: 'a', type: 'wait', name: 'B', seconds: 1 },
        ],
      }),
    ).toMatch(/^definition\.steps\[1\]\.id: .*twice/);
    expect(
      await bad({
        inputs: [{ name: 'x', type: 'string' }],
        steps: [{ id: 'a', type: 'notify', name: 'A', to: '${input.y}', message: 'm' }],
      }),
    ).toMatch(/^definition\.steps\[0\]\.to: .*not a declared input/);
    expect(await bad({ steps: [] })).toMatch(/^definition\.steps: /);
    const many = Array.from({ length: 51 }, (_, i) => ({
      id: `s${i}`,
      type: 'wait',
      name: 'w',
      seconds: 0,
    }));
    expect(await bad({ steps: many })).toMatch(/at most 50 steps/);
  });

  it('PUT bumps the version; a run keeps the version and definition it started with', async () => {
    const created = await createWorkflow(platform, {
      steps: [
        { id: 'pause', type: 'wait', name: 'Pause', seconds: 1 },
        { id: 'v', type: 'transform', name: 'V', set: { version: 'one' } },
      ],
    });
    expect(created.version).toBe(1);
    const run = await startRun(platform, created.id);
    expect(run.version).toBe(1);
    const put = await v1(platform)(`/v1/workflows/${created.id}`, {
      method: 'PUT',
      json: {
        definition: {
          steps: [{ id: 'v', type: 'transform', name: 'V', set: { version: 'two' } }],
        },
      },
    });
    expect(put.status).toBe(200);
    expect(workflowSchema.parse(await put.json()).version).toBe(2);
    const done = await waitForRun(platform, run.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.version).toBe(1);
    expect(done.steps!.map((s) => s.id)).toEqual(['pause', 'v']);
    expect(done.steps![1]!.output).toEqual({ version: 'one' });
    const second = await waitForRun(platform, (await startRun(platform, created.id)).id);
    expect(second.version).toBe(2);
    expect(second.steps![0]!.output).toEqual({ version: 'two' });
    const badPut = await v1(platform)(`/v1/workflows/${created.id}`, {
      method: 'PUT',
      json: { definition: { steps: [{ id: 'w', type: 'wait', name: 'W', seconds: -1 }] } },
    });
    expect(badPut.status).toBe(400);
    expect(await messageOf(badPut)).toMatch(/^definition\.steps\[0\]\.seconds/);
  });

  it('checks the run input against the declared inputs', async () => {
    const created = await createWorkflow(platform, twoSteps);
    const missing = await v1(platform)(`/v1/workflows/${created.id}/runs`, { json: {} });
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toMatch(/^input\.who: required/);
    const typed = await v1(platform)(`/v1/workflows/${created.id}/runs`, {
      json: { input: { who: 3 } },
    });
    expect(typed.status).toBe(400);
  });
});

describe('steps do their work', () => {
  it('runs a two-step workflow to COMPLETED with a complete log, notify into the outbox', async () => {
    const created = await createWorkflow(platform, twoSteps);
    const run = await startRun(platform, created.id, { who: 'grace' });
    expect(run.status).toMatch(/QUEUED|IN_PROGRESS/);
    const done = await waitForRun(platform, run.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.finishedAt).not.toBeNull();
    expect(done.steps!.map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const logs = await allLogs(platform, run.id);
    expect(logs.map((l) => l.seq)).toEqual(logs.map((_, i) => i + 1));
    expect(logs[0]!.message).toBe('Run queued by Ada Admin (workflow version 1)');
    expect(logs[1]!.message).toMatch(/Run started \(workflow version 1/);
    expect(logs.at(-1)!.message).toMatch(/Run completed/);
    expect(
      logs.some(
        (l) =>
          l.message ===
          'Sent email notification to grace@example.com, subject "test workflow: Tell": Hello grace',
      ),
    ).toBe(true);
    const outbox = (await (await platform.api('/api/data/v3/outbox?limit=50')).json()) as Array<{
      to: string;
      body: string;
    }>;
    expect(outbox).toContainEqual(
      expect.objectContaining({ to: 'grace@example.com', body: 'Hello grace' }),
    );
    const after = await v1(platform)(`/v1/workflows/runs/${run.id}/logs?after=${logs.length}`);
    expect(await after.json()).toEqual({ entries: [], next: logs.length });
  });

  it('generates text, creates and queries documents', async () => {
    const created = await createWorkflow(platform, {
      inputs: [{ name: 'topic', type: 'string', default: 'widgets' }],
      steps: [
        {
          id: 'write',
          type: 'generate',
          name: 'Write',
          model: 'local.template-echo',
          promptTemplate: 'Write about ${subject}: ${input}',
          input: 'for ${input.topic}',
          parameters: { subject: '${input.topic}' },
        },
        {
          id: 'save',
          type: 'documents.create',
          name: 'Save',
          collectionId: ORDERS_COLLECTION_ID,
          document: { orderNumber: 987654, note: '${steps.write.output.output}' },
        },
        {
          id: 'find',
          type: 'documents.query',
          name: 'Find',
          collectionId: ORDERS_COLLECTION_ID,
          filter: { 'content.orderNumber': 987654 },
        },
        {
          id: 'none-found',
          type: 'fail',
          name: 'Check',
          when: { value: '${steps.find.output.count}', op: 'eq', to: 0 },
          message: 'nothing saved',
        },
      ],
    });
    const done = await waitForRun(platform, (await startRun(platform, created.id)).id);
    expect(done.error).toBeNull();
    expect(done.status).toBe('COMPLETED');
    const [write, save, find] = done.steps!;
    expect((write!.output as { output: string }).output).toContain(
      'Write about widgets: for widgets',
    );
    expect((save!.output as { id: string }).id).toBeTruthy();
    expect((find!.output as { count: number }).count).toBe(1);
    expect(
      (find!.output as { documents: Array<{ content: { note: string } }> }).documents[0]!.content
        .note,
    ).toContain('Write about widgets');
    // The log names the collection, not its id.
    const messages = (await allLogs(platform, done.id)).map((l) => l.message);
    expect(messages).toContain('Found 1 documents in collection orders');
    expect(messages.some((m) => /^Created document \S+ in collection orders$/.test(m))).toBe(true);
  });

  it('a fail step ends the run FAILED with its reason, the steps after it skipped', async () => {
    const created = await createWorkflow(platform, {
      inputs: [{ name: 'amount', type: 'number' }],
      steps: [
        {
          id: 'check',
          type: 'fail',
          name: 'Too much',
          when: { value: '${input.amount}', op: 'gt', to: 100 },
          message: 'amount ${input.amount} is above 100',
        },
        { id: 'later', type: 'wait', name: 'Later', seconds: 0 },
      ],
    });
    const ok = await waitForRun(platform, (await startRun(platform, created.id, { amount: 5 })).id);
    expect(ok.status).toBe('COMPLETED');
    const failed = await waitForRun(
      platform,
      (await startRun(platform, created.id, { amount: 500 })).id,
    );
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toBe('Step check failed: amount 500 is above 100');
    expect(failed.steps!.map((s) => s.status)).toEqual(['FAILED', 'SKIPPED']);
    const logs = await allLogs(platform, failed.id);
    expect(logs.at(-1)!.level).toBe('ERROR');
  });

  it('cancel interrupts a wait; the run ends CANCELED', async () => {
    const created = await createWorkflow(platform, {
      steps: [
        { id: 'long', type: 'wait', name: 'Long', seconds: 600 },
        { id: 'never', type: 'notify', name: 'Never', to: 'x@example.com', message: 'no' },
      ],
    });
    const run = await startRun(platform, created.id);
    await waitForRun(platform, run.id, (r) => r.steps?.[0]?.status === 'IN_PROGRESS');
    const t0 = Date.now();
    const response = await v1(platform)(`/v1/workflows/runs/${run.id}/cancel/`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    const canceled = await waitForRun(platform, run.id);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(canceled.status).toBe('CANCELED');
    expect(canceled.steps!.map((s) => s.status)).toEqual(['CANCELED', 'SKIPPED']);
    const logs = await allLogs(platform, run.id);
    expect(logs.map((l) => l.message)).toContain('Cancel requested by Ada Admin');
    expect(logs.at(-1)!.message).toMatch(/Run canceled/);
    // Canceling again answers the run as it is.
    const again = await v1(platform)(`/v1/workflows/runs/${run.id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(200);
  });

  it('http: refused when the host is not allowed, done (with retries) when it is', async () => {
    hits = [];
    const created = await createWorkflow(platform, {
      steps: [
        {
          id: 'call',
          type: 'http',
          name: 'Call',
          method: 'POST',
          url: `http://127.0.0.1:${serverPort}/hook`,
          body: { id: '${input.id}' },
        },
        {
          id: 'flaky',
          type: 'http',
          name: 'Flaky',
          method: 'GET',
          url: `http://127.0.0.1:${serverPort}/broken`,
          retries: 1,
        },
      ],
    });
    const run = await waitForRun(platform, (await startRun(platform, created.id, { id: 7 })).id);
    expect(hits[0]).toEqual({ method: 'POST', url: '/hook', body: '{"id":7}' });
    expect(run.steps![0]!.output).toEqual({ status: 200, body: { ok: true } });
    expect(run.status).toBe('FAILED');
    expect(run.error).toMatch(/503 Service Unavailable from 127\.0\.0\.1:\d+ after 2 attempts/);
    expect(hits.filter((h) => h.url === '/broken')).toHaveLength(2);

    const outside = await createWorkflow(platform, {
      steps: [{ id: 'out', type: 'http', name: 'Out', method: 'GET', url: 'http://localhost:9/x' }],
    });
    const refused = await waitForRun(platform, (await startRun(platform, outside.id)).id);
    expect(refused.status).toBe('FAILED');
    expect(refused.error).toMatch(/host localhost is not in WORKFLOWS_HTTP_ALLOWED_HOSTS/);
  });

  it('exports a dataset and runs a stream, waiting for each', async () => {
    const [stream] = await platform.db.query<{ id: number }>(
      'SELECT id FROM streams WHERE dataset_id = $1',
      [TARGETS_DATASET_ID],
    );
    const created = await createWorkflow(platform, {
      steps: [
        {
          id: 'exp',
          type: 'export',
          name: 'Export',
          datasetId: SALES_DATASET_ID,
          bucket: 'wf-exports',
        },
        { id: 'refresh', type: 'stream.run', name: 'Refresh', streamId: stream!.id },
      ],
    });
    const done = await waitForRun(
      platform,
      (await startRun(platform, created.id)).id,
      undefined,
      60_000,
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe('COMPLETED');
    expect((done.steps![0]!.output as { rows: number }).rows).toBeGreaterThan(0);
    expect((done.steps![1]!.output as { state: string }).state).toBe('SUCCESS');
  }, 90_000);

  it('runs the seeded KPI digest to COMPLETED', async () => {
    const kpi = SAMPLE_WORKFLOWS.find((w) => w.key === 'kpi-digest')!;
    const done = await waitForRun(
      platform,
      (await startRun(platform, kpi.id, { weekStart: '2026-01-01' })).id,
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe('COMPLETED');
  });

  it('20 concurrent runs all finish with complete logs; runs filter by status', async () => {
    const created = await createWorkflow(platform, twoSteps);
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => startRun(platform, created.id, { who: `p${i}` })),
    );
    const done = await Promise.all(runs.map((r) => waitForRun(platform, r.id, undefined, 60_000)));
    expect(done.map((r) => r.status)).toEqual(done.map(() => 'COMPLETED'));
    for (const run of done) {
      const logs = await allLogs(platform, run.id);
      expect(logs.map((l) => l.seq)).toEqual(logs.map((_, i) => i + 1));
      expect(logs[1]!.message).toMatch(/Run started/);
      expect(logs.at(-1)!.message).toMatch(/Run completed/);
      expect(logs.filter((l) => /Step \w+ completed/.test(l.message))).toHaveLength(2);
    }
    const list = workflowRunList.parse(
      await (
        await v1(platform)(`/v1/workflows/${created.id}/runs?status=COMPLETED,FAILED&limit=50`)
      ).json(),
    );
    expect(list).toHaveLength(20);
    const none = await v1(platform)(`/v1/workflows/${created.id}/runs?status=CANCELED`);
    expect(await none.json()).toEqual([]);
    expect((await v1(platform)(`/v1/workflows/${created.id}/runs?status=DONE`)).status).toBe(400);
    expect((await v1(platform)(`/v1/workflows/${created.id}/runs?limit=100000`)).status).toBe(400);
    const across = workflowRunList.parse(
      await (await v1(platform)(`/v1/workflows/runs?workflowId=${created.id}&limit=5`)).json(),
    );
    expect(across).toHaveLength(5);
    expect(across[0]!.workflowName).toBe('test workflow');
    const repeated = workflowRunList.parse(
      await (
        await v1(platform)(`/v1/workflows/${created.id}/runs?status=FAILED&status=COMPLETED`)
      ).json(),
    );
    expect(repeated).toHaveLength(20);
    const page = await v1(platform)(`/v1/workflows/${created.id}/runs?limit=3&offset=3`);
    expect(page.headers.get('x-total-count')).toBe('20');
    expect(workflowRunList.parse(await page.json())).toHaveLength(3);
    const byName = workflowRunList.parse(
      await (await v1(platform)('/v1/workflows/runs?sort=-workflowName&limit=500')).json(),
    );
    const names = byName.map((r) => r.workflowName!.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect((await v1(platform)('/v1/workflows/runs?sort=duration')).status).toBe(400);
    const future = await v1(platform)('/v1/workflows/runs?from=2999-01-01T00:00:00Z');
    expect(await future.json()).toEqual([]);
  }, 90_000);
});

describe('a stop mid-run', () => {
  it('resumes the run on the next start; it is never left IN_PROGRESS', async () => {
    const folder = testFolder('platform-test-', 'seeded');
    const first = await startTestPlatform({ folder });
    let second: TestPlatform | undefined;
    try {
      const created = await createWorkflow(first, {
        steps: [
          { id: 'pause', type: 'wait', name: 'Pause', seconds: 3 },
          { id: 'after', type: 'transform', name: 'After', set: { done: true } },
        ],
      });
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await startRun(first, created.id));
      for (const run of runs)
        await waitForRun(first, run.id, (r) => r.steps?.[0]?.status === 'IN_PROGRESS');
      await first.close();
      second = await startTestPlatform({ folder });
      const ends: number[] = [];
      const resumed: number[] = [];
      for (const run of runs) {
        const done = await waitForRun(second, run.id, undefined, 30_000);
        expect(done.status).toBe('COMPLETED');
        expect(done.steps!.map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);
        const logs = await allLogs(second, run.id);
        const messages = logs.map((l) => l.message);
        expect(messages).toContain(
          'Interrupted: the platform stopped during the run; the run will resume',
        );
        expect(messages).toContain('Step pause resumed after an interruption');
        expect(messages.filter((m) => m.startsWith('Step after started'))).toHaveLength(1);
        resumed.push(Date.parse(logs.find((l) => l.message.startsWith('Step pause resumed'))!.at));
        ends.push(Date.parse(done.finishedAt!));
      }
      // Resumed side by side, not one after another.
      expect(Math.max(...resumed)).toBeLessThan(Math.min(...ends));
    } finally {
      await first.close();
      await second?.close();
      await folder.remove();
    }
  }, 90_000);
});
