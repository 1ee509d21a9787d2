import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflow as workflowSchema, workflowRun } from '../../../src/api/contract';
import { actingAs } from '../access/principal';
import { PlatformError } from '../core/errors';
import { mintToken } from '../people/token-repository';
import { SALES_DATASET_ID } from '../seed/datasets';
import { CUSTOMERS_COLLECTION_ID, NOTES_COLLECTION_ID } from '../seed/datastores';
import { TARGETS_DATASET_ID } from '../seed/streams';
import { startTestPlatform, type TestPlatform } from '../testing';
import { allLogs, v1, waitForRun } from '../testing/workflows';
import { REFUSED_TO_STARTER } from './runner';

/**
 * Every step acts as the run's user through the services the routes call, and what one step
 * may build (expanded settings, an http exchange) is bounded.
 */
let platform: TestPlatform;
let server: http.Server;
let serverPort = 0;
const tokens: Record<'ben' | 'dev', string> = { ben: '', dev: '' };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') {
      // Headers and a first byte at once, then a byte every 100 ms for 8 s.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('x');
      const drip = setInterval(() => res.write('y'), 100);
      const end = setTimeout(() => {
        clearInterval(drip);
        res.end();
      }, 8000);
      res.on('close', () => {
        clearInterval(drip);
        clearTimeout(end);
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  serverPort = (server.address() as AddressInfo).port;
  platform = await startTestPlatform({ env: { WORKFLOWS_HTTP_ALLOWED_HOSTS: '127.0.0.1' } });
  // Ben (Privileged) holds the Workflow API grant through his role; Dev (Participant) is given it.
  await platform.db.query(
    `INSERT INTO user_grants (user_id, grant_name) VALUES (4, 'Workflow API')`,
  );
  tokens.ben = (await mintToken(platform.db, { userId: 2, name: 'ben', kind: 'access' })).value;
  tokens.dev = (await mintToken(platform.db, { userId: 4, name: 'dev', kind: 'access' })).value;
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await new Promise((done) => server.close(done));
});

/** Creates a workflow and runs it as the user of `token` (the admin's by default). */
async function runAs(definition: unknown, token = platform.tokens.access, input?: unknown) {
  const call = v1(platform, token);
  const created = await call('/v1/workflows', { json: { name: 'steps test', definition } });
  const text = await created.text();
  expect(created.status, text).toBe(201);
  const { id } = workflowSchema.parse(JSON.parse(text));
  const started = await call(`/v1/workflows/${id}/runs`, { json: input ? { input } : {} });
  expect(started.status).toBe(202);
  const run = workflowRun.parse(await started.json());
  return waitForRun(platform, run.id, undefined, 30_000);
}

/** The message of the service's refusal of `operation`, which a refused step's run repeats. */
async function refusal(operation: Promise<unknown>) {
  const error: unknown = await operation.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PlatformError)) throw new Error('the service did not refuse');
  return error.message;
}

const countCustomers = async () =>
  (
    await platform.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM documents WHERE collection_id = $1',
      [CUSTOMERS_COLLECTION_ID],
    )
  )[0]!.n;

describe('steps act as the run user', () => {
  it('documents.query and documents.create refuse a collection the user may not read', async () => {
    const before = await countCustomers();
    const query = await runAs(
      {
        steps: [
          {
            id: 'q',
            type: 'documents.query',
            name: 'Q',
            collectionId: CUSTOMERS_COLLECTION_ID,
          },
        ],
      },
      tokens.ben,
    );
    expect(query.status).toBe('FAILED');
    expect(query.steps![0]!.output).toBeUndefined();
    expect(query.error).toBe(
      `Step q failed: Collection ${CUSTOMERS_COLLECTION_ID} not found, or you have no permission to it${REFUSED_TO_STARTER}`,
    );
    const create = await runAs(
      {
        steps: [
          {
            id: 'c',
            type: 'documents.create',
            name: 'C',
            collectionId: CUSTOMERS_COLLECTION_ID,
            document: { name: 'Mallory' },
          },
        ],
      },
      tokens.ben,
    );
    expect(create.status).toBe('FAILED');
    expect(create.error).toBe(
      `Step c failed: Collection ${CUSTOMERS_COLLECTION_ID} not found, or you have no permission to it${REFUSED_TO_STARTER}`,
    );
    expect(await countCustomers()).toBe(before);
    // The admin may: the same steps complete.
    const admin = await runAs({
      steps: [
        { id: 'q', type: 'documents.query', name: 'Q', collectionId: CUSTOMERS_COLLECTION_ID },
      ],
    });
    expect(admin.status).toBe('COMPLETED');
    expect((admin.steps![0]!.output as { count: number }).count).toBe(before);
  });

  it('a user who may read but not create fails naming CREATE_CONTENT; reading works', async () => {
    const run = await runAs(
      {
        steps: [
          { id: 'q', type: 'documents.query', name: 'Q', collectionId: NOTES_COLLECTION_ID },
          {
            id: 'c',
            type: 'documents.create',
            name: 'C',
            collectionId: NOTES_COLLECTION_ID,
            document: { ticket: 'T-9' },
          },
        ],
      },
      tokens.dev,
    );
    expect((run.steps![0]!.output as { count: number }).count).toBeGreaterThan(0);
    expect(run.status).toBe('FAILED');
    expect(run.error).toBe(
      `Step c failed: You need the CREATE_CONTENT permission to create documents in collection ticket notes${REFUSED_TO_STARTER}`,
    );
  });

  it('export needs read access to the dataset, stream.run edit access to its dataset', async () => {
    const exported = await runAs(
      { steps: [{ id: 'e', type: 'export', name: 'E', datasetId: SALES_DATASET_ID }] },
      tokens.dev,
    );
    expect(exported.status).toBe('FAILED');
    expect(exported.error).toBe(
      `Step e failed: No dataset ${SALES_DATASET_ID}${REFUSED_TO_STARTER}`,
    );
    const [stream] = await platform.db.query<{ id: number }>(
      'SELECT id FROM streams WHERE dataset_id = $1',
      [TARGETS_DATASET_ID],
    );
    await platform.db.query(
      `INSERT INTO dataset_permissions (dataset_id, principal_type, principal_id, access_level)
       VALUES ($1, 'USER', '4', 'CAN_SHARE')`,
      [TARGETS_DATASET_ID],
    );
    const executions = async () =>
      (
        await platform.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM stream_executions WHERE stream_id = $1',
          [stream!.id],
        )
      )[0]!.n;
    const before = await executions();
    const ran = await runAs(
      { steps: [{ id: 's', type: 'stream.run', name: 'S', streamId: stream!.id }] },
      tokens.dev,
    );
    expect(ran.status).toBe('FAILED');
    expect(ran.error).toBe(
      `Step s failed: You need CAN_EDIT access to change dataset Regional targets${REFUSED_TO_STARTER}`,
    );
    expect(await executions()).toBe(before);
  });

  it("a refused step fails the run with the service's own refusal, and writes nothing", async () => {
    const exportsOfSales = async () =>
      (
        await platform.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM exports WHERE dataset_id = $1',
          [SALES_DATASET_ID],
        )
      )[0]!.n;
    const before = { customers: await countCustomers(), exports: await exportsOfSales() };
    const dev = actingAs(4);
    const { documents, exports } = platform.services;
    const run = await runAs(
      {
        steps: [
          {
            id: 'c',
            type: 'documents.create',
            name: 'C',
            collectionId: CUSTOMERS_COLLECTION_ID,
            document: { name: 'Mallory' },
          },
        ],
      },
      tokens.dev,
    );
    expect(run.status).toBe('FAILED');
    const created = await refusal(
      documents.createOne(dev, CUSTOMERS_COLLECTION_ID, { name: 'Mallory' }),
    );
    expect(run.error).toBe(`Step c failed: ${created}${REFUSED_TO_STARTER}`);
    const exported = await runAs(
      {
        steps: [
          { id: 'e', type: 'export', name: 'E', datasetId: SALES_DATASET_ID, bucket: 'by-dev' },
        ],
      },
      tokens.dev,
    );
    const started = await refusal(exports.start(dev, SALES_DATASET_ID, { bucket: 'by-dev' }));
    expect(started).toBe(`No dataset ${SALES_DATASET_ID}`);
    expect(exported.error).toBe(`Step e failed: ${started}${REFUSED_TO_STARTER}`);
    expect({ customers: await countCustomers(), exports: await exportsOfSales() }).toEqual(before);
  });
});

describe('an export step', () => {
  it("records the run's user as who started the export", async () => {
    await platform.db.query(
      `INSERT INTO dataset_permissions (dataset_id, principal_type, principal_id, access_level)
       VALUES ($1, 'USER', '4', 'CAN_SHARE') ON CONFLICT DO NOTHING`,
      [TARGETS_DATASET_ID],
    );
    const run = await runAs(
      {
        steps: [
          { id: 'e', type: 'export', name: 'E', datasetId: TARGETS_DATASET_ID, bucket: 'by-dev' },
        ],
      },
      tokens.dev,
    );
    expect(run.status).toBe('COMPLETED');
    const [exported] = await platform.db.query<{ started_by: number | null }>(
      `SELECT started_by FROM exports WHERE dataset_id = $1 AND bucket = 'by-dev'`,
      [TARGETS_DATASET_ID],
    );
    expect(exported?.started_by).toBe(4);
  });
});

describe('bounds', () => {
  it('transform: a set that repeats a reference fails at the expansion limit, at once', async () => {
    const t0 = Date.now();
    const run = await runAs(
      {
        steps: [
          { id: 'big', type: 'transform', name: 'Big', set: { s: '${input.s}'.repeat(22_000) } },
        ],
      },
      undefined,
      { s: 'x'.repeat(20_000) },
    );
    expect(run.status).toBe('FAILED');
    expect(run.error).toMatch(
      /^Step big failed: its settings expand to more than 1,048,576 characters/,
    );
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('generate: a template that repeats ${input} fails at the expansion limit before generating', async () => {
    const t0 = Date.now();
    const run = await runAs({
      steps: [
        {
          id: 'gen',
          type: 'generate',
          name: 'Gen',
          model: 'local.template-echo',
          promptTemplate: '${input}'.repeat(2500),
          input: 'y'.repeat(1000),
        },
      ],
    });
    expect(run.status).toBe('FAILED');
    expect(run.error).toMatch(/^Step gen failed: its settings expand to more than 1,048,576/);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('http: timeoutSeconds covers the body, even when the collector runs meanwhile', async () => {
    // Garbage collection during the exchange once took the timer of AbortSignal.timeout inside
    // AbortSignal.any with it (nodejs/node#57736): the step then waited for the whole body.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const collect = setInterval(gc, 500);
    try {
      const run = await runAs({
        steps: [
          {
            id: 'slow',
            type: 'http',
            name: 'Slow',
            method: 'GET',
            url: `http://127.0.0.1:${serverPort}/slow`,
            timeoutSeconds: 1,
          },
        ],
      });
      expect(run.status).toBe('FAILED');
      expect(run.error).toMatch(/no complete answer from 127\.0\.0\.1:\d+ within 1 s/);
      const { startedAt, finishedAt } = run.steps![0]!;
      expect(Date.parse(finishedAt!) - Date.parse(startedAt!)).toBeLessThan(4000);
    } finally {
      clearInterval(collect);
    }
  });

  it("http: an error never repeats the URL's password", async () => {
    const run = await runAs({
      steps: [
        {
          id: 'call',
          type: 'http',
          name: 'Call',
          method: 'GET',
          url: `http://robot:s3cret-pw@127.0.0.1:${serverPort}/hook`,
        },
      ],
    });
    expect(run.status).toBe('FAILED');
    expect(run.error).toMatch(/robot:\*\*\*@/);
    expect(run.error).not.toContain('s3cret-pw');
    const logs = await allLogs(platform, run.id);
    expect(logs.some((l) => l.message.includes('s3cret-pw'))).toBe(false);
  });
});
