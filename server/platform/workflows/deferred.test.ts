import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_COLLECTION_ID } from '../seed/datastores';
import { startTestPlatform, type TestPlatform } from '../testing';
import { allLogs, createWorkflow, startRun, v1, waitForRun } from '../testing/workflows';

/** A batch that writes a run's step (run-in-memory.ts): the lease held, then the run and its lines. */
const writesStep = (statements: Array<{ sql: string }>) =>
  /^WITH held AS \(SELECT id FROM jobs/.test(statements[0]?.sql ?? '');

/**
 * A quick step that may run again starts without a write of its own while the last
 * write (or the run's claim) is recent (run-in-memory.ts), and one that takes longer has its start
 * written while it runs.
 */
describe('the writes of a run of quick steps', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ jobDrainMs: 10_000 });
  });
  afterAll(async () => {
    await platform?.close();
  });

  /**
   * A workflow of a transform (unless `first` is false), a documents.query whose read of the documents waits until the
   * test lets it go (`inQuery` once it waits, `release`), and a transform; `query` is the
   * store's own, `restore` puts it back.
   */
  async function heldQueryStep(first = true) {
    const workflow = await createWorkflow(platform, {
      steps: [
        ...(first ? [{ id: 'a', type: 'transform', name: 'A', set: { a: 1 } }] : []),
        { id: 'q', type: 'documents.query', name: 'Q', collectionId: CUSTOMERS_COLLECTION_ID },
        { id: 'c', type: 'transform', name: 'C', set: { c: 1 } },
      ],
    });
    const { db } = platform;
    const query = db.query;
    let entered: () => void = () => undefined;
    const inQuery = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    db.query = async (sql, params) => {
      if (/\bFROM documents\b/.test(sql)) {
        entered();
        await released;
      }
      return query(sql, params);
    };
    const restore = () => {
      release();
      db.query = query;
    };
    return { workflow, inQuery, release, query, restore };
  }

  it('are one, its end, and its log and state are whole', async () => {
    const workflow = await createWorkflow(platform, {
      steps: ['a', 'b', 'c', 'd'].map((id) => ({ id, type: 'transform', name: id, set: { id } })),
    });
    const { db } = platform;
    const batch = db.batch;
    let writes = 0;
    db.batch = (statements) => {
      if (writesStep(statements)) writes++;
      return batch(statements);
    };
    try {
      const started = await startRun(platform, workflow.id);
      const run = await waitForRun(platform, started.id);
      expect(run.status).toBe('COMPLETED');
      // Its claim writes nothing of the run: the run is written once, queued to completed.
      expect(writes).toBe(1);
      expect(run.steps!.map((s) => [s.status, s.output])).toEqual(
        ['a', 'b', 'c', 'd'].map((id) => ['COMPLETED', { id }]),
      );
      const lines = await allLogs(platform, started.id);
      // Every line once, numbered without a gap, each step started before it completed.
      expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i + 1));
      const messages = lines.map((l) => l.message);
      for (const id of ['a', 'b', 'c', 'd']) {
        const begun = messages.findIndex((m) => m.startsWith(`Step ${id} started`));
        expect(begun).toBeGreaterThan(0);
        expect(messages.findIndex((m) => m.startsWith(`Step ${id} completed`))).toBeGreaterThan(
          begun,
        );
      }
      expect(messages[1]).toMatch(/^Run started/);
      expect(messages.at(-1)).toMatch(/^Run completed/);
    } finally {
      db.batch = batch;
    }
  });

  // Its start is written within the bound (100 ms) of the last write, or of the run's claim
  // when it is the first step, though the step has not ended.
  it.each([
    ['a quick step after another', true, ['COMPLETED', 'IN_PROGRESS', 'PENDING']],
    ['the first step of a run', false, ['IN_PROGRESS', 'PENDING']],
  ] as const)('show %s that takes long as started while it runs', async (_, first, shown) => {
    const { workflow, inQuery, release, restore } = await heldQueryStep(first);
    try {
      const started = await startRun(platform, workflow.id);
      await inQuery;
      const q = shown.indexOf('IN_PROGRESS');
      const running = await waitForRun(
        platform,
        started.id,
        (run) => run.steps?.[q]?.status === 'IN_PROGRESS',
        2_000,
      );
      expect(running.status).toBe('IN_PROGRESS');
      expect(running.steps!.map((s) => s.status)).toEqual(shown);
      const messages = (await allLogs(platform, started.id)).map((l) => l.message);
      expect(messages.slice(0, 2)).toEqual([
        expect.stringMatching(/^Run queued by /),
        expect.stringMatching(/^Run started/),
      ]);
      expect(messages.some((m) => m.startsWith('Step q started'))).toBe(true);
      release();
      const run = await waitForRun(platform, started.id);
      expect(run.status).toBe('COMPLETED');
      expect(run.steps!.map((s) => s.status)).toEqual(shown.map(() => 'COMPLETED'));
    } finally {
      restore();
    }
  });

  it('end CANCELED where a cancel finds them, with every step it shows done whole', async () => {
    const { workflow, inQuery, release, query, restore } = await heldQueryStep();
    try {
      const started = await startRun(platform, workflow.id);
      await inQuery;
      // Asked for while the query step runs, its start perhaps not written yet.
      const cancel = v1(platform)(`/v1/workflows/runs/${started.id}/cancel`, { json: {} });
      for (;;) {
        const [asked] = await query<{ by: number | null }>(
          'SELECT cancel_requested_by AS by FROM workflow_runs WHERE id = $1',
          [started.id],
        );
        if (asked?.by != null) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      release();
      expect((await cancel).status).toBe(200);
      const run = await waitForRun(platform, started.id);
      expect(run.status).toBe('CANCELED');
      expect(run.steps![2]!.status).not.toBe('COMPLETED');
      const lines = await allLogs(platform, started.id);
      expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i + 1));
      const messages = lines.map((l) => l.message);
      for (const step of run.steps!)
        if (step.status === 'COMPLETED')
          expect(messages.some((m) => m.startsWith(`Step ${step.id} completed`))).toBe(true);
      expect(messages.some((m) => m.startsWith('Step c started'))).toBe(false);
    } finally {
      restore();
    }
  });
});
