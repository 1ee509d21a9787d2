import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLogs, workflowRun } from '../../../src/api/contract';
import { mintToken } from '../people/token-repository';
import { RECONNECT_MS, liveLimits } from '../live/sse';
import { readEvents } from '../live/read-sse';
import { startTestPlatform, type TestPlatform } from '../testing';
import { allLogs, createWorkflow, startRun, v1, waitForRun } from '../testing/workflows';

/**
 * A run's log and state as they are written (`GET /v1/workflows/runs/{id}/live`,
 * text/event-stream, `after=seq`), seen by whoever may read the run, and only by them.
 */
describe('the live read of a workflow run', () => {
  let platform: TestPlatform;
  const saved = { ...liveLimits };
  beforeAll(async () => {
    platform = await startTestPlatform({ jobDrainMs: 10_000 });
  });
  afterAll(async () => {
    Object.assign(liveLimits, saved);
    await platform?.close();
  });

  it('sends the lines after `after` and each state as written, and ends with the run', async () => {
    // Only wakes deliver: a re-read would come a minute later.
    liveLimits.rereadMs = 60_000;
    const workflow = await createWorkflow(platform, {
      steps: [
        { id: 'pause', type: 'wait', name: 'Pause', seconds: 1 },
        { id: 'shape', type: 'transform', name: 'Shape', set: { a: 1 } },
      ],
    });
    const run = await startRun(platform, workflow.id);
    const res = await v1(platform)(`/v1/workflows/runs/${run.id}/live?after=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events, ended } = await readEvents(res);
    expect(ended, 'the stream ends once the run has ended').toBe(true);
    const lines = events
      .filter((e) => e.event === 'log')
      .flatMap((e) => runLogs.parse(JSON.parse(e.data)).entries);
    const all = await allLogs(platform, run.id);
    // Every line after seq 1 ("Run queued"), once, in order.
    expect(lines.map((l) => l.seq)).toEqual(all.filter((l) => l.seq > 1).map((l) => l.seq));
    expect(lines.map((l) => l.message)).toContain('Waiting 1 s');
    const states = events
      .filter((e) => e.event === 'run')
      .map((e) => workflowRun.parse(JSON.parse(e.data)));
    expect(states.at(-1)?.status).toBe('COMPLETED');
    expect(states.map((s) => s.status)).toContain('IN_PROGRESS');
    // The end arrives as written (a wake), not at a re-read a minute later.
    const last = events.at(-1)!;
    expect(last.at).toBeLessThan(5_000);
    // The id of a log event is its last seq: a reconnect resumes after it.
    const resumed = await readEvents(
      await fetch(`${platform.url}/v1/workflows/runs/${run.id}/live`, {
        headers: {
          authorization: `Bearer ${platform.tokens.access}`,
          'last-event-id': String(all.at(-2)!.seq),
        },
      }),
    );
    const resumedLines = resumed.events
      .filter((e) => e.event === 'log')
      .flatMap((e) => runLogs.parse(JSON.parse(e.data)).entries);
    expect(resumedLines.map((l) => l.seq)).toEqual([all.at(-1)!.seq]);
    Object.assign(liveLimits, saved);
  });

  it('is 404 for a user who may not see the run, as the run read is', async () => {
    const workflow = await createWorkflow(platform, {
      steps: [{ id: 'shape', type: 'transform', name: 'Shape', set: { a: 1 } }],
    });
    const run = await startRun(platform, workflow.id);
    await waitForRun(platform, run.id);
    // Ben (Privileged) holds the Workflow API grant but sees only his own workflows.
    const ben = await mintToken(platform.db, { userId: 2, name: 'ben-live', kind: 'access' });
    const read = await v1(platform, ben.value)(`/v1/workflows/runs/${run.id}`);
    expect(read.status).toBe(404);
    const live = await v1(platform, ben.value)(`/v1/workflows/runs/${run.id}/live?after=0`);
    expect(live.status).toBe(404);
    expect(live.headers.get('content-type')).toMatch(/json/);
    const body = (await live.json()) as { message: string };
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toMatch(/No workflow run/);
    const bad = await v1(platform)(`/v1/workflows/runs/${run.id}/live?after=-1`);
    expect(bad.status).toBe(400);
  });

  it('keeps a quiet stream open with comments, and refuses more than the open-stream cap', async () => {
    liveLimits.heartbeatMs = 200;
    liveLimits.maxMs = 1_000;
    liveLimits.maxOpen = 1;
    try {
      const workflow = await createWorkflow(platform, {
        steps: [{ id: 'pause', type: 'wait', name: 'Pause', seconds: 5 }],
      });
      const run = await startRun(platform, workflow.id);
      const first = await v1(platform)(`/v1/workflows/runs/${run.id}/live`);
      expect(first.status).toBe(200);
      const second = await v1(platform)(`/v1/workflows/runs/${run.id}/live`);
      expect(second.status).toBe(503);
      const { comments, ended, retry } = await readEvents(first);
      // Closed after maxMs although the run goes on; a heartbeat on each quiet 200 ms.
      expect(ended).toBe(true);
      // The browser is told to reconnect at once, not after its default 3 s.
      expect(retry).toBe(RECONNECT_MS);
      expect(comments.filter((c) => c === 'keep-alive').length).toBeGreaterThanOrEqual(2);
      await v1(platform)(`/v1/workflows/runs/${run.id}/cancel`, { json: {} });
    } finally {
      Object.assign(liveLimits, saved);
    }
  });
});
