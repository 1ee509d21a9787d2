import { describe, expect, it } from 'vitest';
import type { Db } from './db';
import { inTurn } from './turns';

const fakeDb = (kind: Db['kind']) => ({ kind }) as Db;
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

/** Three writers of three pieces each, at once: the most pieces in the database at one time. */
async function mostAtOnce(db: Db, failing?: number) {
  let inFlight = 0;
  let most = 0;
  const piece = async (n: number) => {
    most = Math.max(most, ++inFlight);
    await tick();
    inFlight--;
    if (n === failing) throw new Error(`piece ${n} failed`);
    return n;
  };
  const writer = async (w: number) => {
    const done: number[] = [];
    for (let p = 0; p < 3; p++) done.push(await inTurn(db, () => piece(w * 10 + p)));
    return done;
  };
  const results = await Promise.allSettled([1, 2, 3].map(writer));
  return { most, results };
}

describe('inTurn', () => {
  it('on PGlite, pieces of writers at once take turns: one in the database at a time', async () => {
    const { most, results } = await mostAtOnce(fakeDb('pglite'));
    expect(most).toBe(1);
    expect(results.map((r) => r.status === 'fulfilled' && r.value)).toEqual([
      [10, 11, 12],
      [20, 21, 22],
      [30, 31, 32],
    ]);
  });

  it('a failed piece fails its writer alone, and the turns go on', async () => {
    const { most, results } = await mostAtOnce(fakeDb('pglite'), 21);
    expect(most).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('on PostgreSQL, pieces go at once (its readers never wait for a writer)', async () => {
    expect((await mostAtOnce(fakeDb('postgres'))).most).toBe(3);
  });
});
