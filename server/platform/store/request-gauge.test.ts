import { afterEach, describe, expect, it } from 'vitest';
import { testFolder } from '../testing';
import { openStore, type Db } from '.';
import { inBackground, RequestGauge } from './priority';

/**
 * Background work (a hundred workflow runs) waits while the platform answers
 * requests, for a bounded time, so a burst of starts is answered first; a request's own
 * statements, and those of a transaction already open, never wait.
 */
describe('background work waits for the requests being answered', () => {
  const close: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of close.splice(0)) await c();
  });
  /** A store whose background work waits while `burst` requests are being answered. */
  async function store(
    holdMs: number,
    burst = 1,
    countedMs = 60_000,
  ): Promise<{ db: Db; requests: RequestGauge }> {
    const folder = testFolder('request-gauge-', 'migrated');
    await folder.prepare();
    const requests = new RequestGauge(holdMs, burst, countedMs);
    const db = await openStore({ ...folder, requests });
    close.push(async () => {
      await db.close();
      await folder.remove();
    });
    return { db, requests };
  }
  /** A request being answered until `end()`. */
  function request(requests: RequestGauge) {
    let end!: () => void;
    const answered = requests.during(() => new Promise<void>((resolve) => (end = resolve)));
    return { end, answered };
  }
  const settled = (p: Promise<unknown>) => {
    let done = false;
    void p.then(() => (done = true));
    return () => done;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reaches the store once no request is being answered, and no later', async () => {
    const { db, requests } = await store(60_000);
    const r = request(requests);
    const t = Date.now();
    const background = inBackground(() => db.query<{ n: number }>('SELECT 1 AS n'));
    const done = settled(background);
    // A request's own statement goes on while the background one waits.
    expect(await db.query<{ n: number }>('SELECT 2 AS n')).toEqual([{ n: 2 }]);
    await sleep(300);
    expect(done()).toBe(false);
    r.end();
    await r.answered;
    expect(await background).toEqual([{ n: 1 }]);
    expect(Date.now() - t).toBeLessThan(10_000);
  });

  it('waits only for a burst: a few requests at a time hold nothing', async () => {
    const { db, requests } = await store(60_000, 3);
    const first = request(requests);
    const second = request(requests);
    expect(await inBackground(() => db.query<{ n: number }>('SELECT 1 AS n'))).toEqual([{ n: 1 }]);
    const third = request(requests);
    const background = inBackground(() => db.query<{ n: number }>('SELECT 3 AS n'));
    const done = settled(background);
    await sleep(300);
    expect(done()).toBe(false);
    // One answered: fewer than the burst are left, and the held unit goes on.
    third.end();
    expect(await background).toEqual([{ n: 3 }]);
    first.end();
    second.end();
    await Promise.all([first.answered, second.answered, third.answered]);
  });

  it('does not wait for a request answered for long (it waits on something else)', async () => {
    const { db, requests } = await store(60_000, 1, 300);
    const r = request(requests);
    const t = Date.now();
    await inBackground(() => db.query('SELECT 1'));
    expect(Date.now() - t).toBeLessThan(10_000);
    // Still being answered, and no longer counted.
    expect(settled(r.answered)()).toBe(false);
    expect(await inBackground(() => db.query<{ n: number }>('SELECT 2 AS n'))).toEqual([{ n: 2 }]);
    r.end();
    await r.answered;
  });

  it('waits at most its bound while requests go on being answered', async () => {
    const { db, requests } = await store(50);
    const r = request(requests);
    const t = Date.now();
    await inBackground(() => db.batch([{ sql: 'SELECT 1' }]));
    expect(Date.now() - t).toBeLessThan(5_000);
    r.end();
    await r.answered;
  });

  it('never holds a statement of a transaction already open, nor its end', async () => {
    const { db, requests } = await store(60_000);
    let r: ReturnType<typeof request> | undefined;
    const result = await inBackground(() =>
      db.transaction(async (tx) => {
        r = request(requests);
        await tx.query('CREATE TEMP TABLE gauge_t (n int)');
        await tx.query('INSERT INTO gauge_t VALUES (1)');
        return tx.query<{ n: number }>('SELECT n FROM gauge_t');
      }),
    );
    expect(result).toEqual([{ n: 1 }]);
    r!.end();
    await r!.answered;
  });
});
