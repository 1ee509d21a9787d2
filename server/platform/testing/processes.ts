import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore, type Db } from '../store';
import type { TestPlatform } from './index';

// Several platform processes on one PostgreSQL, for the tests that need them (jobs, file store).

export const PROCESS_TOKEN = 'two-processes-token';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

export interface Child {
  process: ChildProcess;
  dataDir: string;
  /** http://127.0.0.1:port */
  url: string;
  platform: Pick<TestPlatform, 'api' | 'tokens'>;
  /** What it printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * `node --import tsx server/platform/main.ts` on a DATA_DIR of its own (unless `env` names one),
 * resolved once it prints its URL; `env` adds to (or overrides) the environment. `node --import
 * tsx`, as `npm run platform` runs it: the tsx command would stand between as a parent that relays
 * a signal and SIGKILLs the platform when it does not confirm it within 30 ms (a loaded machine),
 * which is not a clean stop. `detached`: its own process group, as a terminal's Ctrl-C reaches it.
 */
export async function startChild(
  url: string,
  env: Record<string, string> = {},
  options: { detached?: boolean } = {},
): Promise<Child> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'two-processes-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/platform/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      PLATFORM_DEVELOPER_TOKEN: PROCESS_TOKEN,
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const seen = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', seen);
  child.stderr.on('data', seen);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 60 s:\n${output}`)), 60_000);
    const started = () => {
      if (!output.includes('Embedded platform: http')) return;
      clearTimeout(timer);
      child.stdout.off('data', started);
      child.stderr.off('data', started);
      resolve();
    };
    child.stdout.on('data', started);
    child.stderr.on('data', started);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    process: child,
    dataDir,
    url: base,
    output: () => output,
    platform: {
      tokens: { developer: PROCESS_TOKEN } as TestPlatform['tokens'],
      api(pathname, init = {}) {
        const headers = new Headers(init.headers);
        headers.set('X-SERVICE-Developer-Token', PROCESS_TOKEN);
        if (init.json !== undefined) headers.set('content-type', 'application/json');
        return fetch(base + pathname, {
          ...init,
          headers,
          body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
        });
      },
    },
  };
}

export async function stopChild(child: Child) {
  if (child.process.exitCode === null && child.process.signalCode === null) {
    const exited = new Promise((resolve) => child.process.once('exit', resolve));
    child.process.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(child.dataDir, { recursive: true, force: true });
}

/** A database of its own on the server of `databaseUrl`: its URL, and how to drop it. */
export async function freshDatabase(databaseUrl: string, prefix: string) {
  const database = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE ${database}`);
  const u = new URL(databaseUrl);
  u.pathname = `/${database}`;
  return {
    url: u.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Two platform processes on one fresh database, and a store on it for what a test reads directly. */
export interface TwoProcesses<C extends Child> {
  a: C;
  b: C;
  db: Db;
  /** The fresh database's URL. */
  url: string;
  /** Stops both, closes the store and drops the database. */
  close(): Promise<void>;
}

/** `start` twice on a fresh database on the server of `databaseUrl` (named `prefix_...`). */
export async function startTwoProcesses<C extends Child>(
  databaseUrl: string,
  prefix: string,
  start: (url: string) => Promise<C>,
): Promise<TwoProcesses<C>> {
  const database = await freshDatabase(databaseUrl, prefix);
  const started: C[] = [];
  let db: Db | undefined;
  const close = async () => {
    await Promise.all(started.map(stopChild));
    await db?.close();
    await database.drop();
  };
  // Both start on the empty database at once: migrations and the seed take a lock each.
  const results = await Promise.allSettled([start(database.url), start(database.url)]);
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  try {
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const [a, b] = started as [C, C];
    db = await openStore({ dataDir: a.dataDir, databaseUrl: database.url });
    return { a, b, db, url: database.url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
