import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoreOptions } from '../store';

/**
 * Where the sample data is written (issue 26 §4). Seeding grows the process that does it by
 * hundreds of MiB that it never gives back (PGlite's WebAssembly memory, the allocators' arenas),
 * so `npm start`, `npm run dev` and `npm run platform` write it in a short-lived `node` process
 * of its own, before the serving process opens the store: the first start then idles as low as a
 * restart. Tests keep `process` (in the serving process, no second start-up to pay).
 */
export type SeedIn = 'child' | 'process';

/** What the seed process prints last on success, and before its reason on failure. */
export const SEEDED_LINE = 'seed: done';
export const FAILED_PREFIX = 'seed failed: ';

/** Beside this module in the sources (a tsx shim); beside the server's own in the bundle. */
const entry = new URL('./seed-child.mjs', import.meta.url);

/**
 * PGlite only: a DATA_DIR without a cluster (the first start) is certainly not seeded, and is
 * seeded before the serving process opens it at all. Any other store says so itself (`isSeeded`).
 */
export const pgliteIsNew = (dataDir: string) =>
  !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));

/**
 * Runs the seed in a child `node` process on the store `options` name (migrating it first) and
 * resolves once it has exited, its store closed (on PGlite, DATA_DIR's lock released). The
 * options reach it in its environment, never on its command line (DATABASE_URL may hold a
 * password). Rejects with the child's one-line reason when it fails.
 */
export async function seedInChild(
  options: StoreOptions,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const started = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(entry)], {
    env: {
      ...process.env,
      PLATFORM_SEED_STORE: JSON.stringify({ ...options, requests: undefined }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
    },
  );
  if (code === 0 && stdout.includes(SEEDED_LINE)) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(
      `Embedded platform: sample data written by a seed process (pid ${child.pid}, ${seconds} s)`,
    );
    return;
  }
  const reason = stderr
    .split('\n')
    .find((line) => line.startsWith(FAILED_PREFIX))
    ?.slice(FAILED_PREFIX.length);
  throw new Error(
    `the sample data could not be written: ${
      reason ?? `the seed process ${signal ? `was stopped (${signal})` : `exited (${code})`}`
    }`,
  );
}
