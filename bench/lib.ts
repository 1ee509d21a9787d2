import os from 'node:os';

/** The body of Create Stream (4.3) for a manual REPLACE stream reading an uploaded data file. */
export { dataFileStream } from '../server/platform/testing/streams';

/** One line of the `npm run bench` table. */
export interface BenchRow {
  group: string;
  metric: string;
  value: string;
  note?: string;
  /** Set when the row breaks a budget: `npm run bench` prints it as FAIL and exits 1. */
  failure?: string;
}

/** A benchmark module's default export. */
export type Bench = () => Promise<BenchRow[]>;

export const median = (xs: number[]) => percentile(xs, 50);

export function percentile(xs: number[], p: number) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

/** Runs `fn` `count` times with `concurrency` in flight; returns each call's latency in ms. */
export async function latencies(count: number, concurrency: number, fn: () => Promise<unknown>) {
  const out: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

export const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
