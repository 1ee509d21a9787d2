import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowRun } from '../../../src/api/contract';
import { mintToken } from '../people/token-repository';
import { startTestPlatform, type TestPlatform } from '../testing';
import { allLogs, createWorkflow, startRun, v1, waitForRun } from '../testing/workflows';

const N = 20;
/** The statement of a group of starts: their runs inserted (with first lines, run-repository.ts). */
const insertsRuns = (sql: string) => /\bins AS \(\s*INSERT INTO workflow_runs\b/.test(sql);
const isStart = (statements: Array<{ sql: string }>) => statements.some((s) => insertsRuns(s.sql));
/** The statement that reads the workflows of starts (repository.ts `workflowsToStart`). */
const readsWorkflows = (sql: string) =>
  /FROM unnest\(\$1::text\[\]\) WITH ORDINALITY AS k\(id, n\)/.test(sql);
/** How many runs a batch inserts (one array element each). */
const runsIn = (statements: Array<{ sql: string; params?: unknown[] }>) =>
  statements
    .filter((s) => insertsRuns(s.sql))
    .reduce((n, s) => n + (s.params![0] as unknown[]).length, 0);

/** Starts that arrive together are written in fewer transactions, each its own run. */
describe('starts that arrive together', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ jobDrainMs: 10_000 });
  });
  afterAll(async () => {
    await platform?.close();
  });

  /** A workflow of one quick step that needs the input `n`. */
  const shape = {
    inputs: [{ name: 'n', type: 'number', required: true }],
    steps: [{ id: 'shape', type: 'transform', name: 'Shape', set: { n: '${input.n}' } }],
  };

  /** Counts the reads of workflows to start (start-reads.ts) until `stop`. */
  function countReads() {
    const { db } = platform;
    const query = db.query;
    const reads = { count: 0, stop: () => void (db.query = query) };
    db.query = (sql, params) => {
      if (readsWorkflows(sql)) reads.count++;
      return query(sql, params);
    };
    return reads;
  }

  async function startMany(workflowId: string) {
    const answers = await Promise.all(
      Array.from({ length: N }, (_, n) =>
        v1(platform)(`/v1/workflows/${workflowId}/runs`, { json: { input: { n } } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    return Promise.all(answers.map(async (a) => workflowRun.parse(await a.json())));
  }

  async function expectOwnRunEach(runs: Awaited<ReturnType<typeof startMany>>) {
    expect(new Set(runs.map((r) => r.id)).size).toBe(N);
    expect(runs.map((r) => r.input.n).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: N }, (_, n) => n),
    );
    // Numbered in order of their inserts, each number once, also where groups are written side
    // by side (PostgreSQL): the workflow's counter numbers them in turn.
    expect(runs.map((r) => r.number).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: N }, (_, n) => n + 1),
    );
    const ids = runs.map((r) => r.id);
    const events = await platform.db.query<{ run: string }>(
      `SELECT changes->'run'->>'after' AS run FROM audit_events WHERE action = 'workflow.run'
       AND changes->'run'->>'after' = ANY($1::text[])`,
      [ids],
    );
    expect(events.map((e) => e.run).sort()).toEqual([...ids].sort());
    const first = await platform.db.query<{ run_id: string; message: string }>(
      `SELECT run_id, message FROM workflow_run_logs WHERE seq = 1 AND run_id = ANY($1::text[])`,
      [ids],
    );
    expect(first).toHaveLength(N);
    for (const l of first) expect(l.message).toMatch(/^Run queued by /);
    for (const run of runs) expect((await waitForRun(platform, run.id)).status).toBe('COMPLETED');
  }

  it('are written in fewer transactions than starts, each with its run, first line and audit event', async () => {
    const workflow = await createWorkflow(platform, shape);
    const { db } = platform;
    const batch = db.batch;
    let transactions = 0;
    db.batch = async (statements) => {
      if (!isStart(statements)) return batch(statements);
      transactions++;
      // A store that takes a moment: the starts that arrive meanwhile wait for a free turn.
      await new Promise((r) => setTimeout(r, 100));
      return batch(statements);
    };
    try {
      const runs = await startMany(workflow.id);
      expect(transactions).toBeGreaterThan(0);
      expect(transactions).toBeLessThan(N);
      await expectOwnRunEach(runs);
    } finally {
      db.batch = batch;
    }
  });

  it("read their workflows together, each with its caller's access", async () => {
    const workflow = await createWorkflow(platform, shape);
    // Ben (Privileged) holds the Workflow API grant but sees only his own workflows.
    const ben = await mintToken(platform.db, { userId: 2, name: 'ben-starts', kind: 'access' });
    const reads = countReads();
    try {
      const [runs, refused] = await Promise.all([
        startMany(workflow.id),
        v1(platform, ben.value)(`/v1/workflows/${workflow.id}/runs`, { json: { input: { n: 1 } } }),
      ]);
      expect(refused.status).toBe(404);
      expect(reads.count).toBeGreaterThan(0);
      expect(reads.count).toBeLessThan(N);
      await expectOwnRunEach(runs);
    } finally {
      reads.stop();
    }
  });

  it('are written one by one when their group fails, so that each succeeds or fails alone', async () => {
    const workflow = await createWorkflow(platform, shape);
    const { db } = platform;
    const batch = db.batch;
    let failed = 0;
    db.batch = (statements) => {
      // Every group of several starts fails once (a statement of one of them, say).
      if (runsIn(statements) > 1) {
        failed++;
        return Promise.reject(new Error('a statement of one start failed'));
      }
      return batch(statements);
    };
    try {
      const runs = await startMany(workflow.id);
      expect(failed).toBeGreaterThan(0);
      await expectOwnRunEach(runs);
    } finally {
      db.batch = batch;
    }
  });

  it('of a workflow read before read nothing, and read it again once it changed or for a user who may not see it', async () => {
    const workflow = await createWorkflow(platform, shape);
    const ben = await mintToken(platform.db, { userId: 2, name: 'ben-late', kind: 'access' });
    const reads = countReads();
    try {
      await startRun(platform, workflow.id, { n: 1 });
      reads.count = 0;
      const again = await startRun(platform, workflow.id, { n: 2 });
      expect(reads.count).toBe(0);
      expect(again.version).toBe(1);

      // Version 2 needs no input: version 1, as read before, would refuse this start.
      const put = await v1(platform)(`/v1/workflows/${workflow.id}`, {
        method: 'PUT',
        json: {
          definition: {
            steps: [{ id: 'shape', type: 'transform', name: 'Shape', set: { n: 'none' } }],
          },
        },
      });
      expect(put.status).toBe(200);
      const changed = await startRun(platform, workflow.id);
      expect(changed.version).toBe(2);
      expect(reads.count).toBe(1);
      expect((await allLogs(platform, changed.id))[0]!.message).toBe(
        'Run queued by Ada Admin (workflow version 2)',
      );
      expect((await waitForRun(platform, changed.id)).status).toBe('COMPLETED');

      // Ben does not see it: read as his, it is not found, and nothing of his is written.
      const refused = await v1(platform, ben.value)(`/v1/workflows/${workflow.id}/runs`, {
        json: {},
      });
      expect(refused.status).toBe(404);
      const bens = await platform.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM workflow_runs WHERE workflow_id = $1 AND started_by = 2`,
        [workflow.id],
      );
      expect(bens).toEqual([{ count: 0 }]);
    } finally {
      reads.stop();
    }
  });
});
