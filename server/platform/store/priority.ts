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
