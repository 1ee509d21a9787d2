import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { inBackground, RequestGauge } from './store/priority';
import { startTestPlatform, type TestPlatform } from './testing';
import { createWorkflow, getRun, startRun, waitForRun } from './testing/workflows';

/**
 * Through HTTP: the requests the platform's listener is answering are what hold
 * background work (app.ts counts each), so a burst is answered first. The gauge here holds for
 * as long as the burst lasts (the shipped one: 20 ms at most), with a burst of two requests.
 */
describe('a burst of HTTP requests is answered before background work', () => {
  const open: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });

  async function platformHolding() {
    const requests = new RequestGauge(60_000, 2, 60_000);
    const platform = await startTestPlatform({ requests });
    open.push(() => platform.close());
    return { platform, requests };
  }

  /** A POST whose body is still coming: the platform answers it once `end()` sends the rest. */
  function bodyStillComing(platform: TestPlatform) {
    const url = new URL('/v1/workflows', platform.url);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${platform.tokens.access}`,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    request.write('{"name": ');
    let ended = false;
    const end = () => {
      if (!ended) request.end('"still coming"}');
      ended = true;
      return answered;
    };
    open.push(end);
    return { end };
  }

  /** True once background work would wait (the burst is being answered). */
  async function untilHeld(requests: RequestGauge) {
    const deadline = Date.now() + 10_000;
    while (inBackground(() => requests.turn()) === undefined) {
      if (Date.now() > deadline) throw new Error('the requests under way were never counted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const settled = (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('holds a background statement while two requests are being answered, and no longer', async () => {
    const { platform, requests } = await platformHolding();
    const burst = [bodyStillComing(platform), bodyStillComing(platform)];
    await untilHeld(requests);
    const background = inBackground(() => platform.db.query<{ n: number }>('SELECT 1 AS n'));
    const done = settled(background);
    // A request's own statements go on meanwhile.
    expect(await platform.db.query<{ n: number }>('SELECT 2 AS n')).toEqual([{ n: 2 }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done()).toBe(false);
    // Both answered (a workflow without a definition is a 400): the statement goes on.
    expect(await Promise.all(burst.map((r) => r.end()))).toEqual([400, 400]);
    expect(await background).toEqual([{ n: 1 }]);
  }, 30_000);

  it('a run started during a burst stays queued until the burst is answered, then runs', async () => {
    const { platform, requests } = await platformHolding();
    const workflow = await createWorkflow(platform, {
      steps: [{ id: 'shape', type: 'transform', name: 'Shape', set: { label: 'held' } }],
    });
    const burst = [bodyStillComing(platform), bodyStillComing(platform)];
    await untilHeld(requests);
    // The start is a request too: answered at once, and its run written with it.
    const run = await startRun(platform, workflow.id);
    expect(run.status).toBe('QUEUED');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await getRun(platform, run.id)).status).toBe('QUEUED');
    await Promise.all(burst.map((r) => r.end()));
    expect((await waitForRun(platform, run.id)).status).toBe('COMPLETED');
  }, 30_000);
});
