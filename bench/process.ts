import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';

export const MIB = 2 ** 20;
export const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's resident memory now, and its high-water mark (Linux /proc). */
export function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') * 1024, hwm: kib('VmHWM') * 1024 };
}

/**
 * The CPU time a process has used so far, user and system, in ms (Linux /proc): what its work
 * cost, whatever else ran on the machine meanwhile (a wall-clock figure is not).
 */
export function cpuTimeOf(pid: number) {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  // USER_HZ is 100 on Linux.
  return ticks * 10;
}

/** Samples a process's peak rss from now on (VmHWM reset, and rss every `everyMs`). */
export function peakMemory(pid: number, everyMs = 50) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let sampled = memoryOf(pid).rss;
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), everyMs);
  return () => {
    clearInterval(sampler);
    return Math.max(sampled, memoryOf(pid).hwm);
  };
}

export interface ConsoleProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `npm start`'s server (gateway and embedded platform on PGlite in one process) on `dataDir`,
 * serving `distDir` as the console: the process a user runs, measured from outside.
 */
export async function startConsole(
  dataDir: string,
  distDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ConsoleProcess> {
  const child = spawn(process.execPath, await serverArgs(), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CONSOLE_DIST_DIR: distDir,
      PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      DATABASE_URL: '',
      PLATFORM_BASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return untilUrl(child, /Platform Console: (http:\/\/\S+)/, 'the console');
}

/** How `npm start` runs the server: its bundle, built now (scripts/build-server.mjs). */
export async function serverArgs() {
  return [...profiling(), '--enable-source-maps', await buildServer()];
}

/** BENCH_CPU_PROF=<folder>: a started server writes its CPU profile there when it stops. */
const profiling = () =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** A started server process, once it prints its URL (`printed`); stopped if it never does. */
export async function untilUrl(
  child: ChildProcess,
  printed: RegExp,
  what: string,
): Promise<ConsoleProcess> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = printed.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`${what} did not start within 90 s`)), 90_000);
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  child.stdout!.resume();
  return { url, pid: child.pid!, stop };
}

/** The platform's tokens a bench sets for a platform process it starts (never a real secret). */
const BENCH_TOKENS = {
  developer: 'bench-developer-token',
  session: 'bench-session-token',
  access: 'bench-access-token',
};

export interface PlatformProcess extends ConsoleProcess {
  tokens: typeof BENCH_TOKENS;
  /** fetch against the platform with the developer token (or `headers` as given). */
  api(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/** A new database on DATABASE_URL's server for one bench, dropped after it. */
async function freshDatabase(serverUrl: string) {
  const { default: pg } = await import('pg');
  const name = `bench_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * `npm run platform` (the embedded platform alone) on a fresh DATA_DIR in a process of its own,
 * so that a bench's client never shares the server's thread, as no real client does. With
 * DATABASE_URL set, in a new database on that PostgreSQL server, dropped when it stops.
 */
export async function startPlatformProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<PlatformProcess> {
  const database = process.env.DATABASE_URL
    ? await freshDatabase(process.env.DATABASE_URL)
    : undefined;
  const child = spawn(
    process.execPath,
    [
      ...profiling(),
      '--import',
      'tsx',
      path.join(import.meta.dirname, '..', 'server', 'platform', 'main.ts'),
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
        PLATFORM_DEVELOPER_TOKEN: BENCH_TOKENS.developer,
        PLATFORM_SESSION_TOKEN: BENCH_TOKENS.session,
        PLATFORM_ACCESS_TOKEN: BENCH_TOKENS.access,
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const started = await untilUrl(child, /Embedded platform: (http:\/\/\S+)/, 'the platform');
  return {
    ...started,
    stop: async () => {
      await started.stop();
      await database?.drop();
    },
    tokens: BENCH_TOKENS,
    api(pathname, init = {}) {
      const headers = new Headers(init.headers);
      if (!init.headers) headers.set('X-SERVICE-Developer-Token', BENCH_TOKENS.developer);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      return fetch(started.url + pathname, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
    },
  };
}
