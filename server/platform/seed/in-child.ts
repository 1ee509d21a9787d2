import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoreOptions } from '../store';

/**
 * Where the sample data is written. Seeding grows the process that does it by
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
const ENTRY = new URL('./seed-child.mjs', import.meta.url);

/**
 * What of this process's environment the seed process gets: what Node and PostgreSQL's client
 * read for themselves (paths, locale, time zone, NODE_OPTIONS, libpq's PG* defaults), never the
 * platform's tokens or a provider's keys. Its store comes as PLATFORM_SEED_STORE.
 */
export function seedEnvironment(env: NodeJS.ProcessEnv, options: StoreOptions): NodeJS.ProcessEnv {
  const kept = Object.entries(env).filter(
    ([name]) =>
      /^(PATH|HOME|TMPDIR|TMP|TEMP|TZ|LANG|LANGUAGE|NODE_OPTIONS|NODE_EXTRA_CA_CERTS|SYSTEMROOT)$/i.test(
        name,
      ) ||
      name.startsWith('LC_') ||
      name.startsWith('PG') ||
      name.startsWith('TSX_'),
  );
  return {
    ...Object.fromEntries(kept),
    PLATFORM_SEED_STORE: JSON.stringify({ ...options, requests: undefined }),
  };
}

/**
 * Why a seed process that failed did: its own one-line reason, or else (it died before it could
 * give one: a module that would not load, a crash) the error line Node printed, without the stack.
 */
export function seedFailure(stderr: string, code: number | null, signal: string | null) {
  const lines = stderr.split('\n').map((line) => line.trim());
  const own = lines.find((line) => line.startsWith(FAILED_PREFIX));
  if (own) return own.slice(FAILED_PREFIX.length);
  const ended = signal ? `was stopped (${signal})` : `exited (${code})`;
  const printed = lines.find((line) => /^\w*Error( \[[A-Z_]+\])?: /.test(line));
  return printed
    ? `the seed process ${ended}: ${printed.slice(0, 500)}`
    : `the seed process ${ended}`;
}

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
  /** The seed process's module (tests give one that fails). */
  entry: URL = ENTRY,
): Promise<void> {
  const started = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(entry)], {
    env: seedEnvironment(process.env, options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // Its reason, or what Node printed when it died: a few lines (kept to 64 KiB).
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 65_536) stderr += chunk.toString();
  });
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
  throw new Error(`the sample data could not be written: ${seedFailure(stderr, code, signal)}`);
}
