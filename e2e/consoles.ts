import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The consoles the browser tests drive: `npm start`'s own server (`.build/server/main.mjs`, the
 * built console) on the embedded platform with PGlite, one per Playwright worker, each on a copy
 * of one seeded DATA_DIR made once per run (e2e/global-setup.ts). A worker's tests run one after
 * another on its console, as they did on the one server before; workers never share data.
 */

/** The seeded DATA_DIR each console copies; set by the global setup for the workers. */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DATA_DIR';

/** The built console's folder (E2E_DIST lets several runs share a work tree). */
export const distDir = () => process.env.E2E_DIST || 'dist';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The browser tests run on the embedded platform with PGlite: .ci/run exports DATABASE_URL for
 * the PostgreSQL integration tests, and a developer may have one or an upstream instance in the
 * shell, but the journeys must not depend on, nor write into, either. An empty variable reads as
 * unset (server/config.ts).
 */
export const embeddedOnly = { DATABASE_URL: '', PLATFORM_BASE_URL: '', PLATFORM_API_URL: '' };

export async function waitFor(url: string, child: ChildProcess, name: string, log: string[]) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}:\n${log.join('').slice(-2000)}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not answer ${url} within 90 s:\n${log.join('').slice(-2000)}`);
}

export function startNode(args: string[], env: Record<string, string>, log: string[]) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => log.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
  return child;
}

/** SIGTERM first, so the embedded platform closes its database and releases its lock. */
export async function stopNode(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A new DATA_DIR: a copy of the run's seeded one when there is one, else empty (seeded on start). */
export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[TEMPLATE_ENV];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

export interface RunningConsole {
  baseURL: string;
  /** Its DATA_DIR: the tokens it generated (tokens.json), the local buckets of its exports. */
  dataDir: string;
  close(): Promise<void>;
}

/** `npm start`'s server on a free port and a DATA_DIR of its own (`env` added). */
export async function startConsole(env: Record<string, string> = {}): Promise<RunningConsole> {
  const dataDir = env.DATA_DIR ?? newDataDir('platform-console-e2e-');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const log: string[] = [];
  const child = startNode(
    ['--enable-source-maps', '.build/server/main.mjs'],
    {
      ...embeddedOnly,
      PORT: String(port),
      CONSOLE_DIST_DIR: distDir(),
      DATA_DIR: dataDir,
      ...env,
    },
    log,
  );
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseURL}/gateway/status`, child, 'the console', log);
  } catch (error) {
    await stopNode(child);
    throw error;
  }
  return {
    baseURL,
    dataDir,
    async close() {
      await stopNode(child);
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The console's and the server's build, as `npm start` makes them. */
export function build() {
  const dist = distDir();
  const steps: string[][] =
    dist === 'dist'
      ? [['scripts/build-console.mjs']]
      : [
          [
            'node_modules/vite/bin/vite.js',
            'build',
            '--logLevel',
            'warn',
            '--emptyOutDir',
            '--outDir',
            dist,
          ],
        ];
  steps.push(['scripts/build-server.mjs']);
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`);
  }
}
