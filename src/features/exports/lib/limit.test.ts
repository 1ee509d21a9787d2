import { describe, expect, it } from 'vitest';
import { createLimiter } from './limit';

describe('createLimiter', () => {
  it('runs at most n at once, in order, and an aborted waiter gives up its turn', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      order.push(i);
      active -= 1;
      return i;
    };
    const aborted = new AbortController();
    const cancelled = limit(task(99), aborted.signal);
    const runs = [0, 1, 2, 3, 4].map((i) => limit(task(i)));
    // Queued behind the 99th and 0th: aborting it lets the others go on without it.
    const late = limit(task(5), aborted.signal);
    aborted.abort();
    await expect(late).rejects.toThrow('Aborted');
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    await cancelled;
    expect(peak).toBe(2);
    expect(order).not.toContain(5);
  });
});
