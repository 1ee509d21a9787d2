import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflow as workflowSchema, workflowRun } from '../../../src/api/contract';
import {
  sleep,
  startChild,
  startTwoProcesses,
  type Child,
  type TwoProcesses,
} from '../testing/processes';
import type { Db } from '../store';

/**
 * Two platform processes on one PostgreSQL never run one step of a workflow run twice,
 * and a process killed mid-run leaves a lease that runs out: the other process resumes the run or
 * fails it with a reason; none is left IN_PROGRESS. Only with DATABASE_URL (PGlite locks DATA_DIR).
 */
const databaseUrl = process.env.DATABASE_URL;
const ACCESS = 'two-processes-access-token';
const LEASE_SECONDS = 5;

interface Peer extends Child {
  call(pathname: string, json?: unknown): Promise<Response>;
}

/** A platform process on `url`, called with the access token; its leases last LEASE_SECONDS. */
async function startPeer(url: string): Promise<Peer> {
  const child = await startChild(url, {
    PLATFORM_ACCESS_TOKEN: ACCESS,
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
  });
  return {
    ...child,
    call: (pathname, json) =>
      fetch(child.url + pathname, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${ACCESS}`, 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
  };
}

describe.runIf(databaseUrl)('workflow runs on two platform processes on one PostgreSQL', () => {
  let two: TwoProcesses<Peer> | undefined;
  let a: Peer;
  let b: Peer;
  let db: Db;

  beforeAll(async () => {
    two = await startTwoProcesses(databaseUrl!, 'wf', startPeer);
    ({ a, b, db } = two);
  }, 120_000);
  afterAll(() => two?.close(), 60_000);

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
