import { streamExecution, type StreamExecution } from '../src/api/contract';
import { generateCsv } from '../server/platform/streams/large-csv';
import { startTestPlatform, type TestPlatform } from '../server/platform/testing';
import { dataFileStream, median, type Bench, type BenchRow } from './lib';

/**
 * A stream run of 100,000 CSV rows (data-file connector, REPLACE), from
 * `POST .../executions` to SUCCESS, on a temporary store (PGlite, or DATABASE_URL when set).
 * Memory is the whole process (platform and this client): rss sampled every 20 ms.
 */
const ROWS = 100_000;
const RUNS = 3;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function call(
  platform: TestPlatform,
  pathname: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const res = await platform.api(pathname, init);
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function runToEnd(platform: TestPlatform, streamId: number): Promise<StreamExecution> {
  const started = await call(platform, `/api/data/v1/streams/${streamId}/executions`, {
    method: 'POST',
    json: { runType: 'MANUAL' },
  });
  for (;;) {
    const execution = streamExecution.parse(
      await call(platform, `/api/data/v1/streams/${streamId}/executions/${String(started.id)}`),
    );
    if (execution.state !== 'ACTIVE') return execution;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const bench: Bench = async () => {
  const platform = await startTestPlatform();
  const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  try {
    const csv = generateCsv(ROWS);
    const { dataFileId } = await call(platform, '/api/data/v1/data-files?name=bench.csv', {
      method: 'POST',
      body: csv,
      headers: {
        'X-SERVICE-Developer-Token': platform.tokens.developer,
        'content-type': 'text/csv',
      },
    });
    const stream = await call(platform, '/api/data/v1/streams', {
      method: 'POST',
      json: dataFileStream(dataFileId, 'bench'),
    });

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const seconds: number[] = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        const t = performance.now();
        const done = await runToEnd(platform, Number(stream.id));
        if (done.state !== 'SUCCESS' || done.rowsInserted !== ROWS)
          throw new Error(`run failed: ${JSON.stringify(done)}`);
        seconds.push((performance.now() - t) / 1000);
      }
    } finally {
      clearInterval(sampler);
    }
    const typical = median(seconds);
    const rows: BenchRow[] = [
      {
        group: 'streams',
        metric: `run of ${ROWS.toLocaleString('en')} CSV rows (median of ${RUNS})`,
        value: `${Math.round(ROWS / typical).toLocaleString('en')} rows/s`,
        note: `${store}; runs ${seconds.map((s) => s.toFixed(1)).join(', ')} s; CSV ${mib(Buffer.byteLength(csv))}`,
      },
      {
        group: 'streams',
        metric: 'peak memory during the runs (rss)',
        value: mib(peak),
        note: `${mib(peak - baseline)} above the ${mib(baseline)} before; maxRSS of the process ${mib(process.resourceUsage().maxRSS * 1024)}`,
      },
    ];
    return rows;
  } finally {
    await platform.close();
  }
};

export default bench;
