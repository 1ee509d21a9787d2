import type { PlatformDeps } from '../core/context';
import { sweepRowSets } from './store';

/** How often retired and abandoned row sets are looked for (datasets/store.ts, staged-rows.ts). */
const SWEEP_EVERY_MS = 30_000;

/**
 * At start, then every SWEEP_EVERY_MS: the rows of sets that a run replaced (once their grace is
 * over) or left behind are deleted, a batch at a time, in the background.
 */
export function scheduleRowSetSweep(deps: PlatformDeps) {
  deps.jobs.run('datasets: row set sweep at start', () => sweepRowSets(deps.db));
  deps.jobs.every('datasets: row set sweep', SWEEP_EVERY_MS, () => sweepRowSets(deps.db));
}
