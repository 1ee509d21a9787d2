import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflow as workflowSchema, workflowRun } from '../../../src/api/contract';
import { openStore } from '../store';

/**
 * Issue 13: two platform processes on one PostgreSQL never run one step of a workflow run twice,
 * and a process killed mid-run leaves a lease that runs out: the other process resumes the run or
 * fails it with a reason; none is left IN_PROGRESS. Only with DATABASE_URL (PGlite locks DATA_DIR).
 */
const databaseUrl = process.env.DATABASE_URL;
const ACCESS = 'two-processes-access-token';
const LEASE_SECONDS = 5;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

interface Child {
  process: ChildProcess;
  dataDir: string;
  call(pathname: string, json?: unknown): Promise<Response>;
}

async function startChild(url: string): Promise<Child> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-two-processes-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/platform/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      PLATFORM_ACCESS_TOKEN: ACCESS,
      PLATFORM_DEVELOPER_TOKEN: 'two-processes-developer',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 60 s:\n${output}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Embedded platform: http')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    process: child,
    dataDir,
    call: (pathname, json) =>
      fetch(base + pathname, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${ACCESS}`, 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
  };
}

async function stopChild(child: Child) {
  if (child.process.exitCode === null && child.process.signalCode === null) {
    const exited = new Promise((resolve) => child.process.once('exit', resolve));
    child.process.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(child.dataDir, { recursive: true, force: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(databaseUrl)('workflow runs on two platform processes on one PostgreSQL', () => {
  const database = `wf_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let url: string;
  let a: Child;
  let b: Child;
  let db: Awaited<ReturnType<typeof openStore>>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const u = new URL(databaseUrl!);
    u.pathname = `/${database}`;
    url = u.toString();
    [a, b] = await Promise.all([startChild(url), startChild(url)]);
    db = await openStore({ dataDir: a.dataDir, databaseUrl: url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopChild));
    await db?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('runs each step once; a killed process its runs resumed or failed by the other', async () => {
    const created = workflowSchema.parse(
      await (
        await a.call('/v1/workflows', {
          name: 'two processes',
          definition: {
            steps: [
              { id: 'first', type: 'notify', name: 'First', to: '${input.n}', message: 'one' },
              { id: 'pause', type: 'wait', name: 'Pause', seconds: 2 },
              { id: 'second', type: 'notify', name: 'Second', to: '${input.n}', message: 'two' },
            ],
          },
        })
      ).json(),
    );
    // Ten runs started through each process.
    const runs = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await (i % 2 ? b : a).call(`/v1/workflows/${created.id}/runs`, {
          input: { n: `run-${i}` },
        });
        expect(res.status).toBe(202);
        return workflowRun.parse(await res.json());
      }),
    );
    await sleep(700);
    // Process a dies in the middle of its runs' waits.
    a.process.kill('SIGKILL');
    await new Promise((resolve) => a.process.once('exit', resolve));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM workflow_runs WHERE id = ANY($1) AND status IN ('QUEUED', 'IN_PROGRESS')`,
        [runs.map((r) => r.id)],
      );
      if (open[0]!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${open[0]!.n} runs still open`);
      await sleep(500);
    }
    const rows = await db.query<{
      id: string;
      status: string;
      error: string | null;
      input: { n: string };
    }>('SELECT id, status, error, input FROM workflow_runs WHERE id = ANY($1)', [
      runs.map((r) => r.id),
    ]);
    const sent = await db.query<{ recipient: string; body: string; n: number }>(
      `SELECT recipient, body, count(*)::int AS n FROM outbox WHERE recipient LIKE 'run-%' GROUP BY 1, 2`,
    );
    // No step ran twice: at most one message per run and step.
    expect(sent.filter((s) => s.n > 1)).toEqual([]);
    for (const run of rows) {
      const mine = sent.filter((s) => s.recipient === run.input.n).map((s) => s.body);
      if (run.status === 'COMPLETED') expect(mine.sort()).toEqual(['one', 'two']);
      else {
        expect(run.status).toBe('FAILED');
        expect(run.error).toMatch(/interrupted|Interrupted/);
      }
    }
    // Process a's runs were taken over: b resumed them (notify and wait are repeated safely).
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'COMPLETED'));
    const logs = await db.query<{ message: string }>(
      `SELECT message FROM workflow_run_logs WHERE run_id = ANY($1) AND message LIKE '%resumed%'`,
      [runs.map((r) => r.id)],
    );
    expect(logs.length).toBeGreaterThan(0);
  }, 120_000);
});
