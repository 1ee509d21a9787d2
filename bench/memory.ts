import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SALES_DATASET_ID } from '../server/platform/seed/datasets';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { SAMPLE_FILESETS } from '../server/platform/seed/filesets';
import { SAMPLE_WORKFLOWS } from '../server/platform/seed/workflows';
import { generateCsv } from '../server/platform/streams/large-csv';
import { dataFileStream, type Bench, type BenchRow } from './lib';
import { memoryOf, mib, sleep, startConsole, type ConsoleProcess } from './process';

/**
 * Whether `npm start`'s process levels off under the same load given again and again: one round
 * of the mixed load below, five times, and the process's resident memory after each (the load
 * done, 5 s for the collector and the caches' sweeps). A process that keeps what it no longer
 * needs grows every round; one that levels off grows in the first rounds (caches, prepared
 * statements, PGlite's buffers) and then holds.
 *
 * A round, through the gateway: 200 reads of a collection's documents; 2,000 documents created in
 * one bulk request and deleted by query; a 50,000-row CSV uploaded, run into a dataset by a
 * stream and exported; 100 fileset queries; 30 text generations on the built-in model; the
 * activity log and its CSV; 10 runs of a sample workflow, each waited for.
 */
const ROUNDS = 5;
const SETTLE_MS = 5_000;
/** The last two rounds together may grow by at most this share of the third round's rss. */
const LEVEL_SHARE = 0.05;

async function call(
  app: ConsoleProcess,
  pathname: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const { json, ...rest } = init;
  const res = await fetch(new URL(pathname, app.url), {
    ...rest,
    ...(json !== undefined && {
      body: JSON.stringify(json),
      headers: { 'content-type': 'application/json', ...rest.headers },
    }),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
  return (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as
    Record<string, unknown> | string;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const done = await check();
    if (done !== undefined) return done;
    if (Date.now() > end) throw new Error(`${what} did not end within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

async function round(app: ConsoleProcess, n: number) {
  const docs = `/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}/documents`;
  for (let i = 0; i < 200; i++) await call(app, `${docs}?limit=50&offset=${(i % 4) * 50}`);

  const tag = `memory round ${n}`;
  await call(app, `${docs}/bulk`, {
    method: 'POST',
    json: Array.from({ length: 2_000 }, (_, i) => ({
      content: { orderNumber: 9_000_000 + i, customer: tag },
    })),
  });
  // Deleted by id, 200 a request, as the console's bulk delete sends them.
  for (;;) {
    const found = (await call(app, `${docs}/query?limit=200`, {
      method: 'POST',
      json: { 'content.customer': { $eq: tag } },
    })) as unknown as Array<{ id: string }>;
    if (found.length === 0) break;
    await call(app, `${docs}/bulk?ids=${found.map((d) => d.id).join(',')}`, { method: 'DELETE' });
  }

  const file = (await call(app, `/api/data/v1/data-files?name=memory-${n}.csv`, {
    method: 'POST',
    body: generateCsv(50_000),
    headers: { 'content-type': 'text/csv' },
  })) as { dataFileId: number };
  const stream = (await call(app, '/api/data/v1/streams', {
    method: 'POST',
    json: dataFileStream(file.dataFileId, `memory bench ${n}`),
  })) as { id: number; dataSource: { id: string } };
  const started = (await call(app, `/api/data/v1/streams/${stream.id}/executions`, {
    method: 'POST',
    json: { runType: 'MANUAL' },
  })) as { id: number };
  await until('the stream run', async () => {
    const e = (await call(app, `/api/data/v1/streams/${stream.id}/executions/${started.id}`)) as {
      state: string;
    };
    if (e.state === 'ACTIVE') return undefined;
    if (e.state !== 'SUCCESS') throw new Error(`stream run ended ${e.state}`);
    return e;
  });
  for (const datasetId of [stream.dataSource.id, SALES_DATASET_ID]) {
    const exported = (await call(app, `/api/query/v1/export/${datasetId}`, {
      method: 'POST',
      json: { bucket: 'memory-bench', path: `round-${n}` },
    })) as { exportId: string };
    await until('the export', async () => {
      const e = (await call(app, `/api/query/v1/exports/${exported.exportId}`)) as {
        exportStatus: string;
      };
      return e.exportStatus === 'running' ? undefined : e;
    });
  }

  const fileset = SAMPLE_FILESETS[0]!.id;
  for (let i = 0; i < 100; i++)
    await call(app, `/api/files/v1/filesets/${fileset}/query`, {
      method: 'POST',
      json: { query: ['revenue', 'quarter', 'customer', 'region'][i % 4], topK: 10 },
    });

  for (let i = 0; i < 30; i++)
    await call(app, '/api/ai/v1/text/generation', {
      method: 'POST',
      json: { input: `Summarise round ${n}, call ${i}: ${'words '.repeat(200)}` },
    });

  await call(app, '/api/audit/v1/events?limit=200');
  await call(app, '/api/audit/v1/events.csv');

  // A workflow that never waits, started with the input its sample runs were given (it has
  // required inputs).
  const workflow = SAMPLE_WORKFLOWS.find((w) => !JSON.stringify(w.steps).includes('"wait"'));
  if (workflow)
    for (let i = 0; i < 10; i++) {
      const run = (await call(app, `/v1/workflows/${workflow.id}/runs`, {
        method: 'POST',
        json: { input: workflow.runs[0]?.input ?? {} },
      })) as { id: string };
      await until('the workflow run', async () => {
        const r = (await call(app, `/v1/workflows/runs/${run.id}`)) as { status: string };
        return ['QUEUED', 'IN_PROGRESS'].includes(r.status) ? undefined : r;
      });
    }
}

const bench: Bench = async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const distDir = path.join(work, 'dist');
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  const app = await startConsole(dataDir, distDir);
  const rows: BenchRow[] = [];
  try {
    await sleep(SETTLE_MS);
    const rss = [memoryOf(app.pid).rss];
    rows.push({ group: 'memory', metric: 'rss before the first round', value: mib(rss[0]!) });
    for (let n = 1; n <= ROUNDS; n++) {
      const t = performance.now();
      await round(app, n);
      await sleep(SETTLE_MS);
      rss.push(memoryOf(app.pid).rss);
      rows.push({
        group: 'memory',
        metric: `rss after round ${n}`,
        value: mib(rss[n]!),
        note: `round took ${((performance.now() - t) / 1000).toFixed(1)} s; ${n > 1 ? `${rss[n]! >= rss[n - 1]! ? '+' : '-'}${mib(Math.abs(rss[n]! - rss[n - 1]!))} on round ${n - 1}` : ''}`,
      });
    }
    const late = rss[ROUNDS]! - rss[3]!;
    rows.push({
      group: 'memory',
      metric: 'growth over the last two rounds',
      value: `${late >= 0 ? '+' : '-'}${mib(Math.abs(late))}`,
      note: `levels off when under ${LEVEL_SHARE * 100}% of round 3's rss`,
      ...(late > rss[3]! * LEVEL_SHARE
        ? { failure: `grew ${mib(late)} over rounds 4 and 5: it does not level off` }
        : {}),
    });
  } finally {
    await app.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return rows;
};

export default bench;
