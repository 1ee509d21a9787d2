import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which work may wait: background work (core/jobs.ts: job runs, claims, sweeps) runs inside
 * `inBackground`; everything else, a request's statements above all, goes first on PGlite,
 * whose one connection takes one unit of work at a time (pglite-worker.ts).
 */
const background = new AsyncLocalStorage<boolean>();

export const inBackground = <T>(fn: () => T): T => background.run(true, fn);

/** True inside `inBackground` (and whatever it started), false in a request. */
export const isBackground = () => background.getStore() === true;

/** The longest a background unit waits for the requests being answered (ms). */
export const BACKGROUND_HOLD_MS = 20;
/** Requests answered at once that make background work wait: a burst, not one page's reads. */
export const BURST_REQUESTS = 4;
/**
 * A request counts this long at most (ms): one that waits on something else (a model's answer,
 * an upload coming in) is not a burst.
 */
export const COUNTED_MS = 1_000;

/**
 * The requests one platform is answering now. While BURST_REQUESTS or more are, a background
 * unit (a statement, a batch, a transaction's `begin`) waits before it reaches the store, until
 * fewer are or for BACKGROUND_HOLD_MS at most: a burst of requests (a hundred workflow starts) is
 * answered first, instead of each waiting on this process's one thread, and on PGlite's, behind
 * the background work it started. A request or two at a time (a run page's reads) hold nothing.
 * A unit inside an open transaction never waits (it would hold the store).
 */
export class RequestGauge {
  constructor(
    private readonly holdMs = BACKGROUND_HOLD_MS,
    private readonly burst = BURST_REQUESTS,
    private readonly countedMs = COUNTED_MS,
  ) {}
  private answering = 0;
  private held: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;

  /** Counts `fn` (a request's handling, up to its answer's head) as answered, COUNTED_MS at most. */
  async during<T>(fn: () => Promise<T>): Promise<T> {
    this.answering++;
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      if (--this.answering < this.burst && this.held.length) this.release();
    };
    const timer = setTimeout(uncount, this.countedMs).unref();
    try {
      return await fn();
    } finally {
      clearTimeout(timer);
      uncount();
    }
  }

  /** Resolves when a background unit may go on; undefined when it may go on at once. */
  turn(): Promise<void> | undefined {
    if (this.answering < this.burst || !isBackground()) return undefined;
    return new Promise((resolve) => {
      this.held.push(resolve);
      this.timer ??= setTimeout(() => this.release(), this.holdMs);
    });
  }

  private release() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const held = this.held;
    this.held = [];
    for (const resolve of held) resolve();
  }
}
