import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SALES_DATASET_ID } from '../server/platform/seed/datasets';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { SAMPLE_FILESETS } from '../server/platform/seed/filesets';
import { SAMPLE_WORKFLOWS } from '../server/platform/seed/workflows';
import { generateCsv } from '../server/platform/streams/large-csv';
import { dataFileStream, type Bench, type BenchRow } from './lib';
import {
  MIB,
  call,
  mappingsOf,
  memoryOf,
  mib,
  sleep,
  startProbedConsole,
  type ConsoleProcess,
  type ProbedConsole,
  until,
} from './process';

/**
 * Whether `npm start`'s process levels off under the same load given again and again: one round
 * of the mixed load below, `BENCH_MEMORY_ROUNDS` times (8 unless told, at least 4), and the
 * process's memory after each (the load done, 5 s for the caches' sweeps, then a full collection
 * of its main thread): its resident memory, what its main thread's JS holds (heap, external,
 * array buffers) and its resident mappings by kind. A process that keeps what it no longer
 * needs grows every round; one that levels off grows in the first rounds (caches, prepared
 * statements, PGlite's buffers) and then holds. `BENCH_MEMORY_SNAPSHOTS=<folder>` also writes a
 * heap snapshot of the main thread after round 1 and after the last, to compare what grew; writing
 * one leaves some 100 MiB resident, so every later round's rss includes it (the growth rows below
 * compare rounds after it).
 *
 * A round, through the gateway: 200 reads of a collection's documents; 2,000 documents created in
 * one bulk request and deleted by id, 200 a request; a 50,000-row CSV uploaded, run into a
 * dataset by a stream and exported; 100 fileset queries; 30 text generations on the built-in
 * model; the activity log and its CSV; 10 runs of a sample workflow, each waited for.
 */
/** At least 4: the growth over the last two rounds then starts at round 2 or later. */
const ROUNDS = Math.max(4, Number(process.env.BENCH_MEMORY_ROUNDS) || 8);
const SETTLE_MS = 5_000;
/** The first heap snapshot's round: the growth rows compare rounds 2 and later, all after it. */
const SNAPSHOT_ROUND = 1;
/** The last two rounds together may grow by at most this share of the rss before them. */
const LEVEL_SHARE = 0.05;

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
    const found = await call<Array<{ id: string }>>(app, `${docs}/query?limit=200`, {
      method: 'POST',
      json: { 'content.customer': { $eq: tag } },
    });
    if (found.length === 0) break;
    await call(app, `${docs}/bulk?ids=${found.map((d) => d.id).join(',')}`, { method: 'DELETE' });
  }

  const file = await call<{ dataFileId: number }>(
    app,
    `/api/data/v1/data-files?name=memory-${n}.csv`,
    { method: 'POST', body: generateCsv(50_000), headers: { 'content-type': 'text/csv' } },
  );
  const stream = await call<{ id: number; dataSource: { id: string } }>(
    app,
    '/api/data/v1/streams',
    { method: 'POST', json: dataFileStream(file.dataFileId, `memory bench ${n}`) },
  );
  const started = await call<{ id: number }>(app, `/api/data/v1/streams/${stream.id}/executions`, {
    method: 'POST',
    json: { runType: 'MANUAL' },
  });
  await until('the stream run', async () => {
    const e = await call<{ state: string }>(
      app,
      `/api/data/v1/streams/${stream.id}/executions/${started.id}`,
    );
    if (e.state === 'ACTIVE') return undefined;
    if (e.state !== 'SUCCESS') throw new Error(`stream run ended ${e.state}`);
    return e;
  });
  for (const datasetId of [stream.dataSource.id, SALES_DATASET_ID]) {
    const exported = await call<{ exportId: string }>(app, `/api/query/v1/export/${datasetId}`, {
      method: 'POST',
      json: { bucket: 'memory-bench', path: `round-${n}` },
    });
    await until('the export', async () => {
      const e = await call<{ exportStatus: string }>(
        app,
        `/api/query/v1/exports/${exported.exportId}`,
      );
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
      const run = await call<{ id: string }>(app, `/v1/workflows/${workflow.id}/runs`, {
        method: 'POST',
        json: { input: workflow.runs[0]?.input ?? {} },
      });
      await until('the workflow run', async () => {
        const r = await call<{ status: string }>(app, `/v1/workflows/runs/${run.id}`);
        return ['QUEUED', 'IN_PROGRESS'].includes(r.status) ? undefined : r;
      });
    }
}

/** What is measured after each round, in bytes. */
interface Sample {
  rss: number;
  /** Inside the server, after a full collection of its main thread (bench/memory-probe.mjs). */
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** From /proc/<pid>/smaps (process.ts's mappingsOf). */
  wasm: number;
  brk: number;
  arenas: number;
  anonymous: number;
}

async function sample(app: ProbedConsole): Promise<Sample> {
  // The probe collects first, so that /proc is read with only what is still held.
  const { heapUsed, external, arrayBuffers } = await app.memoryUsage();
  const { rss } = memoryOf(app.pid);
  const { wasm, brk, arenas, anonymous } = mappingsOf(app.pid);
  return { rss, heapUsed, external, arrayBuffers, wasm, brk, arenas, anonymous };
}

/** MiB with one decimal: the JS heap's growth per round is a fraction of a MiB. */
const mib1 = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const signed = (bytes: number) => `${bytes < 0 ? '-' : '+'}${mib1(Math.abs(bytes))}`;
const PARTS: Array<[keyof Sample, string]> = [
  ['heapUsed', 'JS heap used'],
  ['external', 'external'],
  ['arrayBuffers', 'arrayBuffers'],
  ['wasm', 'wasm'],
  ['brk', 'malloc main arena'],
  ['arenas', 'malloc thread arenas'],
  ['anonymous', 'other anonymous'],
];

const parts = (s: Sample) => PARTS.map(([key, name]) => `${name} ${mib1(s[key])}`).join(', ');

/** One line of what grew from `a` to `b`, and where (the largest part first). */
function interpret(a: Sample, b: Sample, rounds: string) {
  const grown = PARTS.map(([key, name]) => [name, b[key] - a[key]] as const).sort(
    (x, y) => Math.abs(y[1]) - Math.abs(x[1]),
  );
  return `rounds ${rounds}: rss ${signed(b.rss - a.rss)}; ${grown.map(([name, d]) => `${name} ${signed(d)}`).join(', ')}`;
}

const bench: Bench = async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const distDir = path.join(work, 'dist');
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  const app = await startProbedConsole(dataDir, distDir);
  const rows: BenchRow[] = [];
  const snapshots = process.env.BENCH_MEMORY_SNAPSHOTS;
  try {
    await sleep(SETTLE_MS);
    const at = [await sample(app)];
    rows.push({
      group: 'memory',
      metric: 'rss before the first round',
      value: mib(at[0]!.rss),
      note: parts(at[0]!),
    });
    for (let n = 1; n <= ROUNDS; n++) {
      const t = performance.now();
      await round(app, n);
      await sleep(SETTLE_MS);
      at.push(await sample(app));
      const [now, before] = [at[n]!, at[n - 1]!];
      rows.push({
        group: 'memory',
        metric: `rss after round ${n}`,
        value: mib(now.rss),
        note: `${signed(now.rss - before.rss)} in ${((performance.now() - t) / 1000).toFixed(1)} s; ${parts(now)}`,
      });
      process.stderr.write(`memory: round ${n}: rss ${mib(now.rss)}; ${parts(now)}\n`);
      if (snapshots && (n === SNAPSHOT_ROUND || n === ROUNDS)) {
        fs.mkdirSync(snapshots, { recursive: true });
        await app.heapSnapshot(path.resolve(snapshots, `memory-round-${n}.heapsnapshot`));
        rows.at(-1)!.note += '; then a heap snapshot written';
      }
    }
    const late = at[ROUNDS]!.rss - at[ROUNDS - 2]!.rss;
    rows.push({
      group: 'memory',
      metric: 'growth over the last two rounds',
      value: signed(late),
      note: `levels off when under ${LEVEL_SHARE * 100}% of round ${ROUNDS - 2}'s rss`,
      ...(late > at[ROUNDS - 2]!.rss * LEVEL_SHARE
        ? {
            failure: `grew ${mib(late)} over rounds ${ROUNDS - 1} and ${ROUNDS}: it does not level off`,
          }
        : {}),
    });
    rows.push({
      group: 'memory',
      metric: 'what grew after the first two rounds',
      value: signed(at[ROUNDS]!.rss - at[2]!.rss),
      note: interpret(at[2]!, at[ROUNDS]!, `3 to ${ROUNDS}`),
    });
  } finally {
    await app.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return rows;
};

export default bench;
