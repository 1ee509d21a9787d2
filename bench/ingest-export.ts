import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportHistory, exportRecord, streamExecution } from '../src/api/contract';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { ADMIN_USER_ID } from '../server/platform/core/auth';
import { columnsFrom, createDataset, replaceRows } from '../server/platform/datasets/store';
import { parseCsv } from '../server/platform/streams/csv';
import { generateCsv } from '../server/platform/streams/large-csv';
import { startTestPlatform, type TestPlatform } from '../server/platform/testing';
import { freshDatabase } from '../server/platform/testing/processes';
import type { Db } from '../server/platform/store';
import { readRows } from '../server/platform/datasets/repository';
import { planQuery } from '../server/platform/exports/query-plan';
import { queryBatches } from '../server/platform/exports/rows-repository';
import {
  copyInto,
  createRowTable,
  dropRowTable,
  finishRowTable,
  indexesLater,
  newRowTable,
  sqlType,
} from '../server/platform/datasets/row-tables';
import { dataFileStream, median, ms, percentile, type Bench, type BenchRow } from './lib';
import {
  MIB,
  call as httpCall,
  mappingsOf,
  memoryOf,
  mib,
  peakMemory,
  sleep,
  startProbedConsole,
  until,
} from './process';

/**
 * Side by side in one run (PGlite, or DATABASE_URL when set): a data-file stream
 * run of a 300,000-row CSV (5 columns, one quoted text with a comma) to SUCCESS, alone (its
 * status read every 20 ms), against the engine's own COPY of the same CSV into a table of the
 * same typed columns (and, apart, into a table of a set's own layout); an export of those rows
 * to the local target against the engine's `COPY (SELECT …) TO STDOUT WITH CSV` of the same
 * rows; a simple read's latency during further stream runs, one at a time and three at once;
 * the rss growth of a fresh server process (`npm start`'s, on a new data folder) during a
 * stream run of MEMORY_ROWS rows and while exporting them; and on a dataset of as many rows, a
 * sorted Rows page, a top 100 by a number and a sum by group against the same SQL typed by hand.
 * Each pair is measured RUNS times, interleaved, after a first stream run and COPY that are not
 * counted (the first run's rate is printed); the ratio is of the medians.
 */
const ROWS = Number(process.env.INGEST_BENCH_ROWS) || 300_000;
/** 0 leaves the memory row out. */
const MEMORY_ROWS = Number(process.env.INGEST_BENCH_MEMORY_ROWS ?? 1_000_000);
const RUNS = Number(process.env.INGEST_BENCH_RUNS) || 3;
const thousands = (n: number) => Math.round(n).toLocaleString('en');

async function call(platform: TestPlatform, pathname: string, json?: unknown, body?: string) {
  const res = await platform.api(pathname, {
    method: json === undefined && body === undefined ? 'GET' : 'POST',
    ...(json !== undefined && { json }),
    ...(body !== undefined && {
      body,
      headers: {
        'X-SERVICE-Developer-Token': platform.tokens.developer,
        'content-type': 'text/csv',
      },
    }),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Reads `pathname` one request after another until `running` settles; each latency in ms. */
async function readWhile(platform: TestPlatform, pathname: string, running: Promise<unknown>) {
  let done = false;
  void running.finally(() => (done = true)).catch(() => undefined);
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await platform.api(pathname);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    await sleep(5);
  }
  return times;
}

async function streamRun(platform: TestPlatform, streamId: number, rows: number) {
  const t = performance.now();
  const started = await call(platform, `/api/data/v1/streams/${streamId}/executions`, {
    runType: 'MANUAL',
  });
  for (;;) {
    const execution = streamExecution.parse(
      await call(platform, `/api/data/v1/streams/${streamId}/executions/${String(started.id)}`),
    );
    if (execution.state !== 'ACTIVE') {
      if (execution.state !== 'SUCCESS' || execution.rowsInserted !== rows)
        throw new Error(`run failed: ${JSON.stringify(execution)}`);
      return rows / ((performance.now() - t) / 1000);
    }
    await sleep(20);
  }
}

/**
 * Waits until no live set is left unfinished (on PostgreSQL a run builds its position index once
 * its rows are live, datasets/staged-rows.ts `finishLive`); how long that took (ms). The engine's
 * side is measured only then, never beside that build.
 */
async function settled(db: Db) {
  const t = performance.now();
  for (;;) {
    const [left] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dataset_row_sets
       WHERE state = 'live' AND to_regclass(row_table || '_at') IS NULL`,
    );
    if (!left!.n) return performance.now() - t;
    await sleep(2);
  }
}

/** The dataset's one live set: its typed table and column types. */
async function liveTable(db: Db, datasetId: string) {
  const [set] = await db.query<{ row_table: string; types: string[]; row_count: number }>(
    `SELECT row_table, types, row_count FROM dataset_row_sets WHERE dataset_id = $1 AND state = 'live'`,
    [datasetId],
  );
  return set!;
}

/** What the engine does with the same CSV itself: one COPY into a table of the same typed columns. */
async function engineIngest(db: Db, datasetId: string, csv: string, run: number) {
  const set = await liveTable(db, datasetId);
  const temp = `bench_ingest_${run}`;
  await db.query(
    `CREATE TABLE ${temp} (${set.types.map((t, i) => `c${i + 1} ${sqlType(t)}`).join(', ')})`,
  );
  try {
    const t = performance.now();
    await db.copyFrom(`COPY ${temp} FROM STDIN WITH (FORMAT csv, HEADER true)`, csv);
    return ROWS / ((performance.now() - t) / 1000);
  } finally {
    await db.query(`DROP TABLE ${temp}`);
  }
}

/**
 * The engine's part of a run: one COPY of the same rows, numbered before the clock starts, into a
 * table of a set's own layout (row-tables.ts: the position, the typed columns, the position's
 * index, built when the product builds it), summarized and analyzed. What this costs over the
 * bare COPY is the layout's, not the run's: the run's ratio to it says how far our own work is
 * from the engine's.
 */
async function engineIngestLaidOut(db: Db, datasetId: string, csv: string) {
  const set = await liveTable(db, datasetId);
  const table = newRowTable();
  const body = csv.slice(csv.indexOf('\n') + 1).split('\n');
  const numbered = body
    .filter((line) => line !== '')
    .map((line, i) => `${i},${line}\n`)
    .join('');
  await createRowTable(db, table, set.types, indexesLater(db.kind));
  try {
    const t = performance.now();
    await db.copyFrom(copyInto(table, set.types.length), numbered);
    await finishRowTable(db, table);
    return ROWS / ((performance.now() - t) / 1000);
  } finally {
    await dropRowTable(db, table);
  }
}

/** The engine writing the dataset's live rows as CSV itself, one statement. */
async function engineExport(db: Db, datasetId: string) {
  const set = await liveTable(db, datasetId);
  const columns = set.types.map((_, i) => `c${i + 1}`).join(', ');
  const t = performance.now();
  const bytes = await db.copyTo(
    `COPY (SELECT ${columns} FROM ${set.row_table} ORDER BY row_index)
     TO STDOUT WITH (FORMAT csv, HEADER true)`,
  );
  if (bytes.byteLength < set.row_count * 20) throw new Error('COPY TO wrote too little');
  return set.row_count / ((performance.now() - t) / 1000);
}

/** An export to the local target, to success; rows/s from its `started` to `finished`. */
async function exportRun(platform: TestPlatform, datasetId: string, run: number, rows: number) {
  const base = `/api/query/v1/export/${datasetId}`;
  const created = exportRecord.parse(
    await call(platform, base, { bucket: 'bench', path: `run-${run}` }),
  );
  for (;;) {
    const history = exportHistory.parse(await call(platform, base));
    const done = history.find((r) => r.exportId === created.exportId)!;
    if (done.exportStatus !== 'running') {
      const count = Object.values(done.urlRowCountMap)[0];
      if (done.exportStatus !== 'success' || count !== rows)
        throw new Error(`export failed: ${JSON.stringify(done)}`);
      return rows / ((Date.parse(done.finished!) - Date.parse(done.started)) / 1000);
    }
    await sleep(50);
  }
}

async function uploadStream(platform: TestPlatform, csv: string, name: string) {
  const { dataFileId } = await call(
    platform,
    `/api/data/v1/data-files?name=${name}.csv`,
    undefined,
    csv,
  );
  const stream = await call(platform, '/api/data/v1/streams', dataFileStream(dataFileId, name));
  const [row] = await platform.db.query<{ dataset_id: string }>(
    'SELECT dataset_id FROM streams WHERE id = $1',
    [stream.id],
  );
  return { streamId: Number(stream.id), datasetId: row!.dataset_id };
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)} of the engine`;

const bench: Bench = async () => {
  const platform = await startTestPlatform();
  const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const load = `load ${os.loadavg()[0]!.toFixed(1)}`;
  try {
    const csv = generateCsv(ROWS);
    const { streamId, datasetId } = await uploadStream(platform, csv, 'ingest-bench');
    const ingest = {
      run: [] as number[],
      engine: [] as number[],
      laidOut: [] as number[],
      reads: [] as number[],
      /** From SUCCESS until the set's table is finished (its position index built). */
      finished: [] as number[],
    };
    const out = { run: [] as number[], engine: [] as number[] };
    const collection = `/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`;
    // A first run and COPY, not counted: the first run after a start also compiles the CSV
    // reader (the JIT), which later runs find done. Its rate is printed beside the median.
    const first = await streamRun(platform, streamId, ROWS);
    await settled(platform.db);
    await engineIngest(platform.db, datasetId, csv, RUNS);
    for (let run = 0; run < RUNS; run++) {
      const rate = await streamRun(platform, streamId, ROWS);
      ingest.run.push(rate);
      ingest.finished.push(await settled(platform.db));
      ingest.engine.push(await engineIngest(platform.db, datasetId, csv, run));
      ingest.laidOut.push(await engineIngestLaidOut(platform.db, datasetId, csv));
      out.run.push(await exportRun(platform, datasetId, run, ROWS));
      out.engine.push(await engineExport(platform.db, datasetId));
      process.stderr.write(
        `  run ${run + 1}: stream ${thousands(rate)} rows/s, engine ${thousands(ingest.engine[run]!)}; export ${thousands(out.run[run]!)}, COPY TO ${thousands(out.engine[run]!)}\n`,
      );
    }
    // The same runs with a reader asking all the while: its latency, and the runs' pace.
    const whileRead: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Read until the run's set is finished too: its index is built after SUCCESS.
      const running = streamRun(platform, streamId, ROWS).then(async (rate) => {
        await settled(platform.db);
        return rate;
      });
      const [rate, reads] = await Promise.all([running, readWhile(platform, collection, running)]);
      whileRead.push(rate);
      ingest.reads.push(...reads);
    }
    const rates = (xs: number[]) => xs.map(thousands).join(', ');
    const rows: BenchRow[] = [
      {
        group: 'ingest-export',
        metric: `data-file stream run of ${thousands(ROWS)} rows (median of ${RUNS})`,
        value: `${thousands(median(ingest.run))} rows/s`,
        note: `${store}; ${ratio(median(ingest.run), median(ingest.engine))} (aim ≥ 0.8); runs ${rates(ingest.run)}; the first after the start (not counted) ${thousands(first)}; ${load}; the position index done ${ms(median(ingest.finished))} after SUCCESS`,
      },
      {
        group: 'ingest-export',
        metric: 'engine: COPY of the same CSV into a table of the same typed columns',
        value: `${thousands(median(ingest.engine))} rows/s`,
        note: `runs ${rates(ingest.engine)}`,
      },
      {
        group: 'ingest-export',
        metric: "engine: COPY of the same rows, numbered, into a table of a set's own layout",
        value: `${thousands(median(ingest.laidOut))} rows/s`,
        note: `${(median(ingest.laidOut) / median(ingest.engine)).toFixed(2)} of the bare COPY; the stream run ${(median(ingest.run) / median(ingest.laidOut)).toFixed(2)} of it; runs ${rates(ingest.laidOut)}`,
      },
      {
        group: 'ingest-export',
        metric: 'Get Collection during a stream run, p99',
        value: ms(percentile(ingest.reads, 99)),
        note: `aim ≤ 100 ms; p50 ${ms(median(ingest.reads))}, ${ingest.reads.length} reads, one after another; the runs meanwhile ${rates(whileRead)} rows/s`,
      },
      {
        group: 'ingest-export',
        metric: `export of ${thousands(ROWS)} rows to the local target (median of ${RUNS})`,
        value: `${thousands(median(out.run))} rows/s`,
        note: `${ratio(median(out.run), median(out.engine))} (aim ≥ 0.8); runs ${rates(out.run)}`,
      },
      {
        group: 'ingest-export',
        metric: 'engine: COPY (SELECT …) TO STDOUT WITH CSV of the same rows',
        value: `${thousands(median(out.engine))} rows/s`,
        note: `runs ${rates(out.engine)}`,
      },
    ];
    rows.push(await concurrentReads(platform, csv, collection));
    if (MEMORY_ROWS > 0) rows.push(...(await freshProcessMemory()));
    if (MEMORY_ROWS > 0) {
      const large = await largeDataset(platform);
      rows.push(
        ...(await sortedReads(platform, large.datasetId)),
        await groupBySum(platform, large.datasetId, large.columns),
      );
    }
    return rows;
  } finally {
    await platform.close();
  }
};

/** A collection read's latency while three stream runs (three streams of the CSV) run at once. */
async function concurrentReads(platform: TestPlatform, csv: string, collection: string) {
  const streams = [];
  for (let i = 0; i < 3; i++) streams.push(await uploadStream(platform, csv, `concurrent-${i}`));
  const running = Promise.all(streams.map((s) => streamRun(platform, s.streamId, ROWS))).then(() =>
    settled(platform.db),
  );
  const [, reads] = await Promise.all([running, readWhile(platform, collection, running)]);
  return {
    group: 'ingest-export',
    metric: 'Get Collection during three concurrent stream runs, p99',
    value: ms(percentile(reads, 99)),
    note: `aim ≤ 100 ms; p50 ${ms(median(reads))}, ${reads.length} reads`,
  } satisfies BenchRow;
}

/** A MEMORY_ROWS-row dataset, its rows written straight through the datasets store (as bench/exports.ts does). */
async function largeDataset(platform: TestPlatform) {
  const table = await parseCsv(generateCsv(MEMORY_ROWS));
  const columns = columnsFrom(table.columns);
  const datasetId = await platform.db.transaction(async (tx) => {
    const id = await createDataset(tx, { name: 'large bench', owner: ADMIN_USER_ID, columns });
    await replaceRows(tx, id, columns, table.rows);
    return id;
  });
  return { datasetId, columns };
}

/** `fn`'s latency in ms, `n` times. */
async function timings(n: number, fn: () => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * On the MEMORY_ROWS-row dataset: the Rows tab's page sorted by amount (its first sort builds
 * the index), over HTTP as the console asks it; and the top 100 by amount as the Rows tab reads
 * it (datasets/repository.ts) against the same SQL typed by hand on the set's table.
 */
async function sortedReads(platform: TestPlatform, datasetId: string): Promise<BenchRow[]> {
  const { db } = platform;
  const set = await liveTable(db, datasetId);
  const amount = 3;
  const page = (offset: number) =>
    call(platform, `/api/query/v1/execute/${datasetId}`, {
      sql: `SELECT * FROM table ORDER BY amount DESC LIMIT 100 OFFSET ${offset}`,
    });
  const [first] = await timings(1, () => page(0));
  const pages = await timings(30, () => page(Math.floor(Math.random() * 50) * 100));
  const ours: number[] = [];
  const hand: number[] = [];
  for (let i = 0; i < 15; i++) {
    ours.push(
      ...(await timings(1, () =>
        readRows(db, datasetId, 100, 0, { index: amount, direction: 'DESC' }),
      )),
    );
    hand.push(
      ...(await timings(1, () =>
        db.query(`SELECT * FROM ${set.row_table} ORDER BY c4 DESC NULLS LAST LIMIT 100`),
      )),
    );
  }
  return [
    {
      group: 'ingest-export',
      metric: `sorted Rows page of ${thousands(MEMORY_ROWS)} rows over HTTP, p50 after the first sort`,
      value: ms(median(pages)),
      note: `aim ≤ 50 ms; first sort (builds the index) ${ms(first!)}; p95 ${ms(percentile(pages, 95))}`,
    },
    {
      group: 'ingest-export',
      metric: `top 100 by amount of ${thousands(MEMORY_ROWS)} rows, p50`,
      value: ms(median(ours)),
      note: `${(median(hand) / median(ours)).toFixed(2)} of the same SQL typed by hand (${ms(median(hand))}; aim ≥ 0.8)`,
    },
  ];
}

/**
 * On the MEMORY_ROWS-row dataset: an export's query of the sum of amount by region, as the export
 * runs it (exports/rows-repository.ts: its one statement into the export's result table, read
 * back and written as CSV), against the same SQL typed by hand on the set's table.
 */
async function groupBySum(
  platform: TestPlatform,
  datasetId: string,
  columns: ReadonlyArray<{ name: string; type: string }>,
): Promise<BenchRow> {
  const { db } = platform;
  const set = await liveTable(db, datasetId);
  const plan = planQuery(
    {
      columns: [
        { column: 'region', exprType: 'COLUMN' },
        { column: 'amount', exprType: 'SUM' },
      ],
      groupByColumns: ['region'],
    },
    columns,
    [],
  )!;
  const types = columns.map((c) => c.type);
  const ours: number[] = [];
  const hand: number[] = [];
  for (let i = 0; i < 7; i++) {
    ours.push(
      ...(await timings(1, async () => {
        for await (const batch of queryBatches(db, randomUUID(), datasetId, types, plan, 10_000))
          void batch;
      })),
    );
    hand.push(
      ...(await timings(1, () =>
        db.query(`SELECT c3, sum(c4) FROM ${set.row_table} GROUP BY c3 ORDER BY c3`),
      )),
    );
  }
  return {
    group: 'ingest-export',
    metric: `export query: sum of amount by region over ${thousands(MEMORY_ROWS)} rows, p50`,
    value: ms(median(ours)),
    note: `${(median(hand) / median(ours)).toFixed(2)} of the same SQL typed by hand (${ms(median(hand))}; aim ≥ 0.8)`,
  };
}

export default bench;

/**
 * The rss growth of a fresh server process (`npm start`'s bundle on a new data folder, PGlite's
 * thread and the CSV reader's included) during a stream run of MEMORY_ROWS rows, then of another
 * fresh one (on the same data) while exporting them: from its rss after a full collection, to its
 * peak.
 */
async function freshProcessMemory(): Promise<BenchRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-memory-'));
  const distDir = path.join(work, 'dist');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  // On PostgreSQL, a database of its own on the same server.
  const database = process.env.DATABASE_URL
    ? await freshDatabase(process.env.DATABASE_URL, 'bench_ingest')
    : undefined;
  const start = () =>
    startProbedConsole(
      path.join(work, 'data'),
      distDir,
      database ? { DATABASE_URL: database.url } : {},
    );
  let app = await start();
  /** `work`'s peak rss over the process's rss after a collection before it. */
  const growth = async (work: () => Promise<unknown>) => {
    // Longer than the CSV reader's idle time: its thread has stopped, as after any run.
    await sleep(6000);
    await app.memoryUsage();
    const before = memoryOf(app.pid).rss;
    const parts = mappingsOf(app.pid);
    const peak = peakMemory(app.pid);
    const t = performance.now();
    try {
      await work();
    } catch (error) {
      peak();
      throw error;
    }
    const grown = peak() - before;
    const after = mappingsOf(app.pid);
    // Where it stays after the work: PGlite's WebAssembly memory, malloc's, V8's and others.
    const kept = (Object.keys(after) as Array<keyof typeof after>)
      .map((k) => `${String(k)} ${mib(after[k] - parts[k])}`)
      .join(', ');
    return { before, grown, kept, seconds: (performance.now() - t) / 1000 };
  };
  try {
    const file = await httpCall<{ dataFileId: number }>(
      app,
      `/api/data/v1/data-files?name=memory-ingest.csv`,
      { method: 'POST', body: generateCsv(MEMORY_ROWS), headers: { 'content-type': 'text/csv' } },
    );
    const stream = await httpCall<{ id: number; dataSource: { id: string } }>(
      app,
      '/api/data/v1/streams',
      { method: 'POST', json: dataFileStream(file.dataFileId, 'memory ingest') },
    );
    const ingest = await growth(async () => {
      const started = await httpCall<{ id: number }>(
        app,
        `/api/data/v1/streams/${stream.id}/executions`,
        { method: 'POST', json: { runType: 'MANUAL' } },
      );
      await until('the stream run', async () => {
        const e = streamExecution.parse(
          await httpCall(app, `/api/data/v1/streams/${stream.id}/executions/${started.id}`),
        );
        if (e.state === 'ACTIVE') return undefined;
        if (e.state !== 'SUCCESS' || e.rowsInserted !== MEMORY_ROWS)
          throw new Error(`run failed: ${JSON.stringify(e)}`);
        return e;
      });
    });
    await app.stop();
    app = await start();
    const exported = await growth(async () => {
      const created = exportRecord.parse(
        await httpCall(app, `/api/query/v1/export/${stream.dataSource.id}`, {
          method: 'POST',
          json: { bucket: 'bench', path: 'memory' },
        }),
      );
      await until('the export', async () => {
        const e = await httpCall<{ record: { exportStatus: string } }>(
          app,
          `/api/query/v1/exports/${created.exportId}`,
        );
        const status = e.record.exportStatus;
        if (status === 'running') return undefined;
        if (status !== 'success') throw new Error(`export failed: ${JSON.stringify(e)}`);
        return e;
      });
    });
    const row = (what: string, m: typeof ingest): BenchRow => ({
      group: 'ingest-export',
      metric: `rss growth of a fresh server process ${what} ${thousands(MEMORY_ROWS)} rows (INGEST_BENCH_MEMORY_ROWS)`,
      value: mib(m.grown),
      note: `aim < 100 MiB${m.grown < 100 * MIB ? '' : ': not met'}; ${mib(m.before)} before; ${thousands(MEMORY_ROWS / m.seconds)} rows/s; kept after it: ${m.kept}`,
    });
    return [row('during a stream run of', ingest), row('while exporting', exported)];
  } finally {
    await app.stop();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
