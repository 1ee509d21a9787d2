import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportHistory, exportRecord, type ExportRecord } from '../src/api/contract';
import { ADMIN_USER_ID } from '../server/platform/core/auth';
import { columnsFrom, createDataset, replaceRows } from '../server/platform/datasets/store';
import { seedIfEmpty } from '../server/platform/seed';
import { openStore } from '../server/platform/store';
import { parseCsv } from '../server/platform/streams/csv';
import { generateCsv } from '../server/platform/streams/large-csv';
import { median, type Bench, type BenchRow } from './lib';
import { memoryOf, mib, sleep } from './process';

/**
 * An export of 1,000,000 dataset rows to the local target, on PGlite.
 * The platform runs as a process of its own (`npm run platform`), fresh for each run, so that
 * its memory is its own: idle rss just before Create Export, peak rss (Linux VmHWM, reset
 * through /proc/<pid>/clear_refs, and rss sampled every 100 ms) until the export succeeds.
 * Rows per second count from the export's `started` to its `finished`.
 */
const ROWS = 1_000_000;
const RUNS = 3;
const TOKEN = 'bench-token';
const thousands = (n: number) => Math.round(n).toLocaleString('en');

/** The rows a stream run of the same CSV would write, through the datasets store's bulk writer. */
async function seedDataset(dataDir: string) {
  const db = await openStore({ dataDir });
  try {
    await seedIfEmpty(db);
    const table = await parseCsv(generateCsv(ROWS));
    const columns = columnsFrom(table.columns);
    return await db.transaction(async (tx) => {
      const id = await createDataset(tx, {
        name: `Export bench, ${thousands(ROWS)} rows`,
        owner: ADMIN_USER_ID,
        columns,
      });
      await replaceRows(tx, id, columns, table.rows);
      return { id, header: columns.map((c) => c.name).join(',') };
    });
  } finally {
    await db.close();
  }
}

interface Platform {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startPlatform(dataDir: string): Promise<Platform> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/platform/main.ts'],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        DATABASE_URL: '',
        PLATFORM_DEVELOPER_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /Embedded platform: (http:\/\/\S+)/.exec(out);
        if (found) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the platform exited (${code}): ${out}`)));
      setTimeout(() => reject(new Error('the platform did not start within 60 s')), 60_000);
    });
    child.stdout!.resume();
    return { url, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function api(platform: Platform, pathname: string, json?: unknown) {
  const res = await fetch(platform.url + pathname, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { 'X-SERVICE-Developer-Token': TOKEN, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

/** Data lines after the header; the header must be `header`. */
async function countLines(file: string, header: string) {
  let newlines = 0;
  let first = '';
  for await (const chunk of fs.createReadStream(file, {
    highWaterMark: 1 << 20,
  }) as AsyncIterable<Buffer>) {
    if (first.length < 1000) first += chunk.subarray(0, 1000).toString('utf8');
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
  }
  if (!first.startsWith(header + '\r\n'))
    throw new Error(`unexpected header: ${first.slice(0, 80)}`);
  return newlines - 1;
}

interface Run {
  rowsPerSecond: number;
  exportSeconds: number;
  wallSeconds: number;
  idle: number;
  peak: number;
  bytes: number;
}

async function exportOnce(
  dataDir: string,
  datasetId: string,
  header: string,
  run: number,
): Promise<Run> {
  const platform = await startPlatform(dataDir);
  try {
    await api(platform, `/api/query/v1/export/${datasetId}`);
    await sleep(1000);
    const idle = memoryOf(platform.pid).rss;
    fs.writeFileSync(`/proc/${platform.pid}/clear_refs`, '5');
    let sampled = idle;
    const sampler = setInterval(
      () => (sampled = Math.max(sampled, memoryOf(platform.pid).rss)),
      100,
    );
    let done: ExportRecord;
    const t = performance.now();
    try {
      const created = exportRecord.parse(
        await api(platform, `/api/query/v1/export/${datasetId}`, {
          bucket: 'bench',
          path: `run-${run}`,
        }),
      );
      for (;;) {
        const history = exportHistory.parse(
          await api(platform, `/api/query/v1/export/${datasetId}`),
        );
        done = history.find((r) => r.exportId === created.exportId)!;
        if (done.exportStatus !== 'running') break;
        await sleep(100);
      }
    } finally {
      clearInterval(sampler);
    }
    const wallSeconds = (performance.now() - t) / 1000;
    const peak = Math.max(sampled, memoryOf(platform.pid).hwm);
    const [url, count] = Object.entries(done.urlRowCountMap)[0] ?? [];
    if (done.exportStatus !== 'success' || count !== ROWS || !url)
      throw new Error(`export failed: ${JSON.stringify(done)}`);
    const file = path.join(dataDir, 'buckets', ...url.replace(/^local:\/\//, '').split('/'));
    const lines = await countLines(file, header);
    if (lines !== ROWS) throw new Error(`${file} has ${lines} data lines, not ${ROWS}`);
    const bytes = fs.statSync(file).size;
    fs.rmSync(file);
    const exportSeconds = (Date.parse(done.finished!) - Date.parse(done.started)) / 1000;
    return { rowsPerSecond: ROWS / exportSeconds, exportSeconds, wallSeconds, idle, peak, bytes };
  } finally {
    await platform.stop();
  }
}

const bench: Bench = async () => {
  if (!fs.existsSync('/proc/self/status')) throw new Error('the exports bench reads /proc (Linux)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-exports-'));
  try {
    let t = performance.now();
    const { id, header } = await seedDataset(dataDir);
    const seedSeconds = (performance.now() - t) / 1000;
    const runs: Run[] = [];
    const load = os.loadavg()[0]!;
    for (let run = 0; run < RUNS; run++) {
      t = performance.now();
      runs.push(await exportOnce(dataDir, id, header, run));
      process.stderr.write(
        `  run ${run + 1}: ${thousands(runs[run]!.rowsPerSecond)} rows/s, ${mib(runs[run]!.peak - runs[run]!.idle)} above idle\n`,
      );
    }
    const batch = process.env.EXPORT_BATCH_ROWS || 'default';
    const rows: BenchRow[] = [
      {
        group: 'exports',
        metric: `export ${thousands(ROWS)} rows to the local target (median of ${RUNS})`,
        value: `${thousands(median(runs.map((r) => r.rowsPerSecond)))} rows/s`,
        note: `aim ≥ 200,000 rows/s; PGlite, EXPORT_BATCH_ROWS ${batch}; load average ${load.toFixed(1)} at the start; runs ${runs.map((r) => `${r.exportSeconds.toFixed(1)} s`).join(', ')} (wall ${runs.map((r) => r.wallSeconds.toFixed(1)).join(', ')} s); CSV ${mib(runs[0]!.bytes)}`,
      },
      {
        group: 'exports',
        metric: 'platform process: peak rss above idle (median)',
        value: mib(median(runs.map((r) => r.peak - r.idle))),
        note: `aim ≤ 100 MiB; idle ${runs.map((r) => mib(r.idle)).join(', ')}; peak ${runs.map((r) => mib(r.peak)).join(', ')}`,
      },
      {
        group: 'exports',
        metric: `seed ${thousands(ROWS)} rows (parse CSV, datasets store bulk writer)`,
        value: `${seedSeconds.toFixed(1)} s`,
        note: 'not part of the figures above',
      },
    ];
    return rows;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

export default bench;
