import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing';
import { createWorkflow, startRun, waitForRun } from '../testing/workflows';

/**
 * Work is claimed the moment it is queued, not at the next timed drain (here 10 s
 * apart), and one process runs at most WORKFLOW_CONCURRENCY workflow runs at once; a run that
 * ends frees its slot for the next queued one at once.
 */
describe('claiming queued work at once, within the concurrency limit', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { WORKFLOW_CONCURRENCY: '2' }, jobDrainMs: 10_000 });
  });
  afterAll(async () => platform?.close());

  it('claims a run queued in this process at once although the drain is 10 s apart', async () => {
    const workflow = await createWorkflow(platform, {
      steps: [{ id: 'shape', type: 'transform', name: 'Shape', set: { a: 1 } }],
    });
    const t0 = Date.now();
    const run = await startRun(platform, workflow.id);
    const done = await waitForRun(platform, run.id, undefined, 5_000);
    expect(done.status).toBe('COMPLETED');
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it('runs at most WORKFLOW_CONCURRENCY runs at once; the others start as one ends', async () => {
    const workflow = await createWorkflow(platform, {
      steps: [{ id: 'pause', type: 'wait', name: 'Pause', seconds: 1 }],
    });
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const [row] = await platform.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs WHERE kind = 'workflow-run' AND status = 'running'`,
        );
        most = Math.max(most, row!.n);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = Date.now();
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => startRun(platform, workflow.id)),
    );
    const ended = await Promise.all(runs.map((r) => waitForRun(platform, r.id, undefined, 9_500)));
    const took = Date.now() - t0;
    watching = false;
    await watch;
    expect(ended.map((r) => r.status)).toEqual(runs.map(() => 'COMPLETED'));
    expect(most).toBe(2);
    // Three waves of 1 s, each claimed as the one before ends (never the 10 s drain).
    expect(took).toBeGreaterThanOrEqual(3_000);
    expect(took).toBeLessThan(8_000);
  });
});
