import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { generateCsv } from '../server/platform/streams/large-csv';
import { dataFileStream, median, ms, percentile, type Bench, type BenchRow } from './lib';
import {
  MIB,
  call,
  memoryOf,
  mib,
  peakMemory,
  sleep,
  startConsole,
  type ConsoleProcess,
} from './process';

/**
 * Measured on `npm start`'s process (gateway and embedded platform on PGlite):
 * - its resident memory idle after the first start (which seeds, in a seed process of its own)
 *   and after a restart (aim: both under 300 MiB);
 * - while a stream run writes 100,000 CSV rows (data-file connector, REPLACE), the latency of
 *   Get Collection and of the console's HTML through the gateway, asked one after another
 *   (aim: Get Collection p99 under 50 ms), and the process's peak memory;
 * - the same reads while a bulk create writes 10,000 documents, ten times over.
 */
const ROWS = 100_000;
const RUNS = 3;
const IDLE_SETTLE_MS = 15_000;
/** Idle memory's aim, after the first start and after a restart alike. */
const IDLE_AIM_MIB = 300;

/** Reads `pathname` one request after another until `until` settles; each request's latency. */
async function readWhile(app: ConsoleProcess, pathname: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(new URL(pathname, app.url));
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${pathname}: ${res.status}`);
    times.push(performance.now() - t);
    await sleep(5);
  }
  return times;
}

async function streamRun(app: ConsoleProcess, streamId: number) {
  const started = await call(app, `/api/data/v1/streams/${streamId}/executions`, {
    method: 'POST',
    json: { runType: 'MANUAL' },
  });
  for (;;) {
    const execution = await call(
      app,
      `/api/data/v1/streams/${streamId}/executions/${String(started.id)}`,
    );
    if (execution.state !== 'ACTIVE') {
      if (execution.state !== 'SUCCESS' || execution.rowsInserted !== ROWS)
        throw new Error(`run failed: ${JSON.stringify(execution)}`);
      return;
    }
    await sleep(50);
  }
}

async function createStream(app: ConsoleProcess) {
  const { dataFileId } = await call<{ dataFileId: number }>(
    app,
    '/api/data/v1/data-files?name=responsiveness.csv',
    {
      method: 'POST',
      body: generateCsv(ROWS),
      headers: { 'content-type': 'text/csv' },
    },
  );
  const stream = await call(app, '/api/data/v1/streams', {
    method: 'POST',
    json: dataFileStream(dataFileId, 'responsiveness bench'),
  });
  return Number(stream.id);
}

async function bulkCreates(app: ConsoleProcess, collectionId: string) {
  for (let round = 0; round < 10; round++)
    await call(app, `/api/datastores/v1/collections/${collectionId}/documents/bulk`, {
      method: 'POST',
      json: Array.from({ length: 10_000 }, (_, i) => ({
        content: { n: round * 10_000 + i, label: `bulk ${i}`, tags: ['a', 'b'] },
      })),
    });
}

const latencyRow = (metric: string, times: number[], aim?: number): BenchRow => ({
  group: 'responsiveness',
  metric,
  value: `p50 ${ms(median(times))}, p99 ${ms(percentile(times, 99))}`,
  note: `${times.length} requests, max ${ms(Math.max(...times))}${aim ? `; aim p99 < ${aim} ms` : ''}`,
  ...(aim && percentile(times, 99) >= aim ? { failure: `p99 above ${aim} ms` } : {}),
});

const bench: Bench = async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-responsiveness-'));
  const distDir = path.join(work, 'dist');
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  const collection = `/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`;
  try {
    let app = await startConsole(dataDir, distDir);
    await sleep(IDLE_SETTLE_MS);
    const idleFirst = memoryOf(app.pid).rss;
    await app.stop();
    app = await startConsole(dataDir, distDir);
    try {
      await sleep(IDLE_SETTLE_MS);
      const idleAgain = memoryOf(app.pid).rss;
      const quiet = await readWhile(app, collection, sleep(2_000));

      const streamId = await createStream(app);
      const collectionTimes: number[] = [];
      const htmlTimes: number[] = [];
      const peak = peakMemory(app.pid);
      for (let run = 0; run < RUNS; run++) {
        const running = streamRun(app, streamId);
        const [a, b] = await Promise.all([
          readWhile(app, collection, running),
          readWhile(app, '/', running),
          running,
        ]);
        collectionTimes.push(...a);
        htmlTimes.push(...b);
      }
      const streamPeak = peak();

      const datastore = await call(app, '/api/datastores/v1/', {
        method: 'POST',
        json: { name: 'responsiveness' },
      });
      const bulkCollection = await call(
        app,
        `/api/datastores/v1/${String(datastore.id)}/collections`,
        {
          method: 'POST',
          json: { name: 'bulk' },
        },
      );
      const bulk = bulkCreates(app, String(bulkCollection.id));
      const [duringBulk] = await Promise.all([readWhile(app, collection, bulk), bulk]);
      await sleep(IDLE_SETTLE_MS);
      const idleAfter = memoryOf(app.pid).rss;
      return [
        {
          group: 'responsiveness',
          metric: 'npm start: rss idle after the first start (seeded)',
          value: mib(idleFirst),
          note: `after a restart ${mib(idleAgain)}; after the writes below ${mib(idleAfter)}; aim < ${IDLE_AIM_MIB} MiB`,
          ...(Math.max(idleFirst, idleAgain) >= IDLE_AIM_MIB * MIB
            ? { failure: `idle rss above ${IDLE_AIM_MIB} MiB` }
            : {}),
        },
        latencyRow('Get Collection, nothing else running', quiet),
        latencyRow(
          `Get Collection during ${RUNS} stream runs of ${ROWS.toLocaleString('en')} rows`,
          collectionTimes,
          50,
        ),
        latencyRow('console HTML during those runs', htmlTimes, 50),
        {
          group: 'responsiveness',
          metric: 'peak rss during those runs',
          value: mib(streamPeak),
          note: `${mib(streamPeak - idleAgain)} above idle`,
        },
        latencyRow('Get Collection during bulk creates of 10 × 10,000 documents', duringBulk, 100),
      ];
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
};

export default bench;
