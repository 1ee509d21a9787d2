import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDetails, streamExecution, type StreamExecution } from '../../../src/api/contract';
import { EXPORT_MAX_ATTEMPTS } from '../exports/run-export';
import { STREAM_RUN_MAX_ATTEMPTS } from '../streams/run-job';
import { newCollection, bulkCreate } from '../testing/datastores';
import type { Db } from '../store';
import { createStream, streamBody, uploadCsv } from '../testing/streams';
import type { TestPlatform } from '../testing';
import { attemptsSpent } from './queue';
import {
  sleep,
  startChild,
  startTwoProcesses,
  until,
  type Child,
  type TwoProcesses,
} from '../testing/processes';

/**
 * Two platform processes on one PostgreSQL never run one job twice, and a process
 * killed mid-job leaves a lease that runs out: its job is then run again by the other, or failed
 * with a reason once its attempts are spent. Only a
 * shared PostgreSQL can be opened by two processes (PGlite locks DATA_DIR), so this file runs
 * only with DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const LEASE_SECONDS = 5;

/**
 * Both processes: a short lease, the local HTTP server a stream reads, and one DATA_DIR, as a
 * folder shared by every machine would be: the default file store keeps data files there, and a
 * stream run may be taken by either process (store/files/processes.test.ts shares an S3 bucket).
 */
const sharedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-processes-shared-'));
const start = (url: string) =>
  startChild(url, {
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    STREAMS_ALLOWED_PRIVATE_HOSTS: 'localhost',
    DATA_DIR: sharedDataDir,
  });

async function executions(p: Child['platform'], streamId: number): Promise<StreamExecution[]> {
  const res = await p.api(`/api/data/v1/streams/${streamId}/executions?limit=100`);
  return streamExecution.array().parse(await res.json());
}

describe.runIf(databaseUrl)('two platform processes on one PostgreSQL', () => {
  let two: TwoProcesses<Child> | undefined;
  let a: Child;
  let b: Child;
  let db: Db;

  beforeAll(async () => {
    two = await startTwoProcesses(databaseUrl!, 'jobs', start);
    ({ a, b, db } = two);
  }, 120_000);
  afterAll(() => two?.close(), 60_000);

  it('runs each stream run, scheduled run, export and sync once, whichever process is asked', async () => {
    const fileId = await uploadCsv(a.platform as TestPlatform, 'two.csv', 'n\n1\n2\n3\n');
    const body = (schedule: object) =>
      streamBody(
        'data-file',
        { dataFileId: String(fileId) },
        { updateMethod: 'APPEND', advancedScheduleJson: JSON.stringify(schedule) },
      );
    const manual: Array<Awaited<ReturnType<typeof createStream>>> = [];
    for (let i = 0; i < 6; i++)
      manual.push(
        await createStream(a.platform as TestPlatform, body({ type: 'MANUAL', timezone: 'UTC' })),
      );
    // INTERVAL streams are due at once: both processes' schedulers (every 30 s) see them.
    const scheduled: typeof manual = [];
    for (let i = 0; i < 4; i++)
      scheduled.push(
        await createStream(
          b.platform as TestPlatform,
          body({ type: 'INTERVAL', timezone: 'UTC', intervalMinutes: 60 }),
        ),
      );

    // Three rounds: each stream is asked to run four times at once, twice through each process.
    // A request is refused (409) while the stream's run is ACTIVE; one that comes after a fast
    // run ended starts another run: what counts is that every 201 is one run, run once.
    const started = new Map<number, number>(manual.map((s) => [s.id, 0]));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        manual.flatMap((s) =>
          [a, b, a, b].map(async (p) => {
            const res = await p.platform.api(`/api/data/v1/streams/${s.id}/executions`, {
              method: 'POST',
            });
            return { stream: s.id, status: res.status };
          }),
        ),
      );
      for (const s of manual) {
        const mine = answers.filter((x) => x.stream === s.id).map((x) => x.status);
        expect(mine.every((status) => status === 201 || status === 409)).toBe(true);
        expect(mine.includes(201), `stream ${s.id}: ${mine.join(', ')}`).toBe(true);
        started.set(s.id, started.get(s.id)! + mine.filter((status) => status === 201).length);
      }
      await until('every run ended', 60_000, async () => {
        const rows = await db.query(
          `SELECT 1 FROM stream_executions WHERE state = 'ACTIVE' AND stream_id = ANY($1)`,
          [manual.map((s) => s.id)],
        );
        return rows.length ? undefined : true;
      });
    }
    for (const s of manual) {
      const runs = await executions(b.platform, s.id);
      expect(runs.map((r) => r.state)).toEqual(Array(started.get(s.id)).fill('SUCCESS'));
      // APPEND: a run that ran twice would have written its rows twice.
      const [dataset] = await db.query<{ row_count: number }>(
        'SELECT row_count FROM datasets WHERE id = $1',
        [s.dataSource.id],
      );
      expect(dataset!.row_count).toBe(3 * started.get(s.id)!);
    }

    // Exports: four requests per dataset at once through both processes make one export.
    const exported = [...manual.slice(0, 3)];
    const exportAnswers = await Promise.all(
      exported.flatMap((s) =>
        [a, b, a, b].map(async (p) => {
          const res = await p.platform.api(`/api/query/v1/export/${s.dataSource.id}`, {
            method: 'POST',
            json: { bucket: 'two-processes' },
          });
          expect(res.status).toBe(200);
          return ((await res.json()) as { exportId: string }).exportId;
        }),
      ),
    );
    expect(new Set(exportAnswers).size).toBe(exported.length);

    // Sync now: four at once through both processes; each answer is 200 or 423.
    const collection = await newCollection(a.platform as TestPlatform, { syncEnabled: true });
    await bulkCreate(
      a.platform as TestPlatform,
      collection.id,
      Array.from({ length: 200 }, (_, i) => ({ i })),
    );
    const syncAnswers = await Promise.all(
      [a, b, a, b].map(
        async (p) =>
          (
            await p.platform.api(`/api/datastores/v1/export/${collection.datastoreId}`, {
              method: 'POST',
            })
          ).status,
      ),
    );
    expect(syncAnswers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      syncAnswers.every((s) => s === 200 || s === 423),
      String(syncAnswers),
    ).toBe(true);

    // The scheduled runs: one SCHEDULED execution per stream, though two schedulers tick.
    for (const s of scheduled) {
      const runs = await until(`stream ${s.id}'s scheduled run`, 45_000, async () => {
        const seen = await executions(a.platform, s.id);
        return seen.length && seen.every((r) => r.state !== 'ACTIVE') ? seen : undefined;
      });
      expect(runs.map((r) => [r.runType, r.state])).toEqual([['SCHEDULED', 'SUCCESS']]);
    }
    await sleep(1_000);
    for (const s of scheduled) expect(await executions(b.platform, s.id)).toHaveLength(1);

    const jobs = await until('every job ended', 30_000, async () => {
      const rows = await db.query<{ kind: string; status: string; attempts: number }>(
        'SELECT kind, status, attempts FROM jobs',
      );
      return rows.some((r) => r.status === 'queued' || r.status === 'running') ? undefined : rows;
    });
    const runJobs = jobs.filter((j) => j.kind === 'stream-run');
    const manualRuns = [...started.values()].reduce((sum, n) => sum + n, 0);
    expect(runJobs).toHaveLength(manualRuns + scheduled.length);
    expect(jobs.filter((j) => j.kind === 'export')).toHaveLength(exported.length);
    for (const j of jobs) expect(j).toMatchObject({ status: 'succeeded', attempts: 1 });
    const [synced] = await db.query<{ last_sync_error: string | null; row_count: number }>(
      `SELECT c.last_sync_error, d.row_count FROM collections c JOIN datasets d ON d.id = c.datasource_id
       WHERE c.id = $1`,
      [collection.id],
    );
    expect(synced).toEqual({ last_sync_error: null, row_count: 200 });
  }, 240_000);

  it('a run whose process is killed is taken over by the other once its lease expires, from a clean staged state', async () => {
    // A source that answers its headers and then never finishes the first time (the run stays
    // in progress until its process is killed); whole the next time.
    let asked!: () => void;
    const reading = new Promise<void>((resolve) => (asked = resolve));
    let requests = 0;
    const source = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      if (++requests > 1) return res.end('n\n1\n2\n');
      res.write('n\n1\n');
      asked();
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = source.address() as net.AddressInfo;
      const s = await createStream(
        a.platform as TestPlatform,
        streamBody('http-csv', { url: `http://localhost:${port}/slow.csv` }),
      );
      const started = await a.platform.api(`/api/data/v1/streams/${s.id}/executions`, {
        method: 'POST',
      });
      expect(started.status).toBe(201);
      const run = streamExecution.parse(await started.json());
      const jobId = `stream-run-${run.id}`;
      await reading;
      a.process.kill('SIGKILL');
      await new Promise((resolve) => a.process.once('exit', resolve));
      // What the killed attempt had staged, unseen: the next attempt starts without it.
      await db.query(
        `INSERT INTO dataset_row_sets (dataset_id, storage, partition_id, row_count, state, job_id)
         VALUES ($1, 'killed-attempt', '', 1, 'staging', $2)`,
        [s.dataSource.id, jobId],
      );

      // Until the lease runs out the run is still the stream's one ACTIVE run.
      expect(
        (await b.platform.api(`/api/data/v1/streams/${s.id}/executions`, { method: 'POST' }))
          .status,
      ).toBe(409);
      const ended = await until('the killed run ended', LEASE_SECONDS * 1000 + 30_000, async () => {
        const seen = (await executions(b.platform, s.id)).find((r) => r.id === run.id);
        return seen?.state === 'ACTIVE' ? undefined : seen;
      });
      expect(ended).toMatchObject({ state: 'SUCCESS', rowsInserted: 2 });
      expect(requests).toBe(2);
      const [job] = await db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM jobs WHERE id = $1',
        [jobId],
      );
      expect(job).toEqual({ status: 'succeeded', attempts: 2 });
      const sets = await db.query<{ storage: string; state: string }>(
        `SELECT storage, state FROM dataset_row_sets WHERE job_id = $1 ORDER BY storage`,
        [jobId],
      );
      // Retired for the sweep (its rows go after RETIRED_GRACE_SECONDS), never published.
      expect(sets).toContainEqual({ storage: 'killed-attempt', state: 'retired' });
      expect(sets.filter((set) => set.state === 'staging')).toEqual([]);
      const rows = (await (
        await b.platform.api(`/api/query/v1/execute/${s.dataSource.id}`, {
          method: 'POST',
          json: { sql: 'SELECT n FROM table ORDER BY n' },
        })
      ).json()) as { rows: unknown[][] };
      expect(rows.rows.map((r) => String(r[0]))).toEqual(['1', '2']);
    } finally {
      source.closeAllConnections();
      source.close();
    }
  }, 90_000);

  it('an export whose process died is finished by the other; one cut off on every attempt fails, saying so', async () => {
    const [dataset] = await db.query<{
      id: string;
      data_version: number;
      row_count: number;
      columns: Array<{ name: string }>;
    }>(
      // Columns too: the sync's dataset (a collection with no schema) has rows of no column,
      // whose export is lines with nothing on them.
      `SELECT id, data_version, row_count, columns FROM datasets d
       WHERE row_count > 0 AND jsonb_array_length(columns) > 0
         AND NOT EXISTS (SELECT 1 FROM exports e WHERE e.dataset_id = d.id AND e.export_status = 'running')
       ORDER BY id LIMIT 1`,
    );
    /** An export and its job as a killed process leaves them, after `attempts` runs. */
    const abandoned = async (attempts: number) => {
      const exportId = randomUUID();
      await db.query(
        `INSERT INTO exports (export_id, dataset_id, bucket, path, compression, export_format, export_status, started, data_version, request_fingerprint)
         VALUES ($1, $2, 'taken-over', $2, 'none', 'csv', 'running', now(), $3, '{}')`,
        [exportId, dataset!.id, dataset!.data_version],
      );
      await db.query(
        `INSERT INTO jobs (id, kind, payload, status, lease_owner, lease_until, attempts)
         VALUES ($1, 'export', $2, 'running', 'a-process-that-died', now() + interval '1 second', $3)`,
        [
          exportId,
          JSON.stringify({
            exportId,
            datasetId: dataset!.id,
            columns: dataset!.columns.map((c) => c.name),
            includeBOM: false,
            target: 'local',
            userId: 1,
          }),
          attempts,
        ],
      );
      return exportId;
    };
    const details = (exportId: string) =>
      until(`export ${exportId} ended`, LEASE_SECONDS * 1000 + 30_000, async () => {
        const page = exportDetails.parse(
          await (await b.platform.api(`/api/query/v1/exports/${exportId}`)).json(),
        );
        return page.record.exportStatus === 'running' ? undefined : page;
      });

    const retried = await abandoned(1);
    const done = await details(retried);
    expect(done.record).toMatchObject({ exportStatus: 'success' });
    expect({ attempt: done.attempt, maxAttempts: done.maxAttempts }).toEqual({
      attempt: 2,
      maxAttempts: EXPORT_MAX_ATTEMPTS,
    });
    const file = await b.platform.api(`/api/query/v1/exports/${retried}/files/0`);
    expect((await file.text()).trimEnd().split('\r\n')).toHaveLength(dataset!.row_count + 1);

    const spent = await abandoned(EXPORT_MAX_ATTEMPTS);
    const failed = await details(spent);
    expect(failed.record).toMatchObject({
      exportStatus: 'failed',
      message: attemptsSpent(EXPORT_MAX_ATTEMPTS),
    });
    const [job] = await db.query<{ status: string; error: string }>(
      'SELECT status, error FROM jobs WHERE id = $1',
      [spent],
    );
    expect(job).toEqual({ status: 'failed', error: attemptsSpent(EXPORT_MAX_ATTEMPTS) });
  }, 90_000);

  it('a stream run cut off on every attempt ends in ERROR, saying its attempts are spent; the stream runs again', async () => {
    const fileId = await uploadCsv(b.platform as TestPlatform, 'spent.csv', 'n\n1\n');
    const s = await createStream(
      b.platform as TestPlatform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const [execution] = await db.query<{ id: number }>(
      `INSERT INTO stream_executions (stream_id, state, run_type, started_at)
       VALUES ($1, 'ACTIVE', 'MANUAL', now()) RETURNING id`,
      [s.id],
    );
    await db.query(
      `INSERT INTO jobs (id, kind, payload, status, lease_owner, lease_until, attempts)
       VALUES ($1, 'stream-run', $2, 'running', 'a-process-that-died', now() + interval '1 second', $3)`,
      [
        `stream-run-${execution!.id}`,
        JSON.stringify({ streamId: s.id, executionId: execution!.id, userId: 1 }),
        STREAM_RUN_MAX_ATTEMPTS,
      ],
    );
    const ended = await until('the spent run ended', LEASE_SECONDS * 1000 + 30_000, async () => {
      const seen = (await executions(b.platform, s.id)).find((r) => r.id === execution!.id);
      return seen?.state === 'ACTIVE' ? undefined : seen;
    });
    expect(ended).toMatchObject({
      state: 'ERROR',
      errorMessage: attemptsSpent(STREAM_RUN_MAX_ATTEMPTS),
    });
    expect(
      (await b.platform.api(`/api/data/v1/streams/${s.id}/executions`, { method: 'POST' })).status,
    ).toBe(201);
  }, 90_000);

  it("a sync held by a dead process blocks 'sync now' (423) only until its lease expires", async () => {
    const collection = await newCollection(b.platform as TestPlatform, { syncEnabled: true });
    const syncNow = () =>
      b.platform.api(`/api/datastores/v1/export/${collection.datastoreId}`, { method: 'POST' });
    await db.query(
      `UPDATE collections SET sync_running = true, sync_owner = 'a-process-that-died',
         sync_lease_until = now() + make_interval(secs => 2) WHERE id = $1`,
      [collection.id],
    );
    expect((await syncNow()).status).toBe(423);
    await sleep(2_500);
    expect((await syncNow()).status).toBe(200);
  }, 60_000);
});
