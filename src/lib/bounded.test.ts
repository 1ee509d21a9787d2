import { describe, expect, it } from 'vitest';
import { mapBounded } from './bounded';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapBounded', () => {
  it('keeps at most `concurrency` tasks in flight and returns outcomes in order', async () => {
    let inFlight = 0;
    let most = 0;
    const progress: number[] = [];
    const outcomes = await mapBounded(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        most = Math.max(most, ++inFlight);
        await tick();
        inFlight--;
        if (n % 3 === 0) throw new Error(`no ${n}`);
        return n * 10;
      },
      { concurrency: 3, onProgress: (done) => progress.push(done) },
    );
    expect(most).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(outcomes.map((o) => (o.ok ? o.value : (o.error as Error).message))).toEqual([
      10,
      20,
      'no 3',
      40,
      50,
      'no 6',
      70,
    ]);
  });

  it('answers an empty list at once', async () => {
    expect(await mapBounded([], () => Promise.resolve(1), { concurrency: 4 })).toEqual([]);
  });
});
