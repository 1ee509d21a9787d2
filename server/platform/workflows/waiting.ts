import type { Queryable } from '../store';
import { Canceled, StepFailure } from './errors';
import { cancelRequested } from './repository';

/** How often a waiting step looks for a cancel written by another process. */
const CANCEL_POLL_MS = 500;

/** Sleeps `ms`; rejects when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolveSleep, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolveSleep();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits until `deadline` (ms epoch), looking for a cancel from another process meanwhile. */
export async function waitUntil(
  db: Queryable,
  runId: string,
  deadline: number,
  signal: AbortSignal,
) {
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    await sleep(Math.min(left, CANCEL_POLL_MS), signal);
    if (await cancelRequested(db, runId)) throw new Canceled();
  }
}

/** Polls `check` until it answers a value, as long as `timeoutSeconds` and cancels allow. */
export async function poll<T>(
  db: Queryable,
  runId: string,
  timeoutSeconds: number,
  signal: AbortSignal,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new StepFailure(`not finished within ${timeoutSeconds} s (timeoutSeconds)`);
    await waitUntil(db, runId, Math.min(deadline, Date.now() + 200), signal);
  }
}
