import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../scripts/build-server.mjs';

export const MIB = 2 ** 20;
export const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `check`'s answer once it has one, asked every `everyMs`; throws after `timeoutMs`, naming `what`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 120_000,
  everyMs = 100,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const done = await check();
    if (done !== undefined) return done;
    if (Date.now() > end) throw new Error(`${what} did not end within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** A process's resident memory now, and its high-water mark (Linux /proc). */
export function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') * 1024, hwm: kib('VmHWM') * 1024 };
}

const GIB = 2 ** 30;
/** glibc's malloc gives each further arena heaps of this size, aligned to it (HEAP_MAX_SIZE). */
const ARENA_HEAP = 64 * MIB;

/**
 * A process's resident memory by kind of mapping (Linux /proc/<pid>/smaps): `wasm`, the
 * WebAssembly memories (PGlite's: pages between guard mappings of gigabytes, resident once touched
 * and never given back); `brk` and `arenas`, malloc's main arena and the arenas of the other
 * threads (glibc's 64 MiB heaps); `anonymous`, the rest of the anonymous memory (every thread's
 * V8 heap, large malloc blocks, stacks); `files`, what is mapped from files (code, libraries).
 */
export function mappingsOf(pid: number) {
  const maps: Array<{ start: number; end: number; perms: string; name: string; rss: number }> = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const [start, end] = [parseInt(head[1]!, 16), parseInt(head[2]!, 16)];
      maps.push({ start, end, perms: head[3]!, name: head[4]!, rss: 0 });
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps.at(-1)!.rss = Number(rss[1]) * 1024;
  }
  const anonymous = (m: (typeof maps)[number] | undefined) =>
    m !== undefined && (m.name === '' || m.name.startsWith('[anon'));
  const out = { wasm: 0, brk: 0, arenas: 0, anonymous: 0, files: 0 };
  maps.forEach((m, i) => {
    if (m.name === '[heap]') return void (out.brk += m.rss);
    if (!anonymous(m)) return void (out.files += m.rss);
    const next = maps[i + 1];
    const reserved =
      m.end -
      m.start +
      (next && anonymous(next) && next.start === m.end && next.perms === '---p'
        ? next.end - next.start
        : 0);
    if (m.perms.startsWith('rw') && reserved >= 4 * GIB) out.wasm += m.rss;
    else if (m.perms.startsWith('rw') && m.start % ARENA_HEAP === 0 && reserved === ARENA_HEAP)
      out.arenas += m.rss;
    else out.anonymous += m.rss;
  });
  return out;
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
  const child = spawnConsole(dataDir, distDir, env, await serverArgs());
  return untilUrl(child, /Platform Console: (http:\/\/\S+)/, 'the console');
}

/** How long the memory probe may take to answer (a heap snapshot of a large heap takes seconds). */
const PROBE_TIMEOUT_MS = 120_000;

export interface ProbedConsole extends ConsoleProcess {
  /** `process.memoryUsage()` inside the server, after a full collection of its main thread. */
  memoryUsage(): Promise<NodeJS.MemoryUsage>;
  /** Writes a heap snapshot of the server's main thread to `file`. */
  heapSnapshot(file: string): Promise<void>;
}

/**
 * `startConsole`'s process with bench/memory-probe.mjs loaded into it (`--import`, which the
 * product never does) and an IPC channel to ask it through: the server's own view of its memory,
 * which /proc cannot give, with nothing added to what the server serves.
 */
export async function startProbedConsole(
  dataDir: string,
  distDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ProbedConsole> {
  const probe = pathToFileURL(path.join(import.meta.dirname, 'memory-probe.mjs')).href;
  const args = ['--expose-gc', '--import', probe, ...(await serverArgs())];
  const child = spawnConsole(dataDir, distDir, env, args, ['ignore', 'pipe', 'inherit', 'ipc']);
  const started = await untilUrl(child, /Platform Console: (http:\/\/\S+)/, 'the console');
  let asked = 0;
  const ask = <T>(question: { probe: string } & Record<string, unknown>) =>
    new Promise<T>((resolve, reject) => {
      const id = ++asked;
      const done = (error?: Error, answer?: T) => {
        clearTimeout(timer);
        child.off('message', heard);
        if (error) reject(error);
        else resolve(answer!);
      };
      // A server that never loaded the probe, or died, must not hold the bench until its timeout.
      const timer = setTimeout(
        () =>
          done(
            new Error(
              `the memory probe did not answer "${question.probe}" within ${PROBE_TIMEOUT_MS / 1000} s`,
            ),
          ),
        PROBE_TIMEOUT_MS,
      );
      const heard = (answer: { id?: number; error?: string }) => {
        if (answer?.id !== id) return;
        done(answer.error ? new Error(answer.error) : undefined, answer as T);
      };
      child.on('message', heard);
      child.send({ ...question, id }, (error) => {
        if (error) done(error);
      });
    });
  return {
    ...started,
    memoryUsage: async () => (await ask<{ usage: NodeJS.MemoryUsage }>({ probe: 'memory' })).usage,
    heapSnapshot: async (file) => void (await ask({ probe: 'snapshot', file })),
  };
}

function spawnConsole(
  dataDir: string,
  distDir: string,
  env: NodeJS.ProcessEnv,
  args: string[],
  stdio: StdioOptions = ['ignore', 'pipe', 'inherit'],
) {
  return spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CONSOLE_DIST_DIR: distDir,
      PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      DATABASE_URL: '',
      PLATFORM_BASE_URL: '',
      ...env,
    },
    stdio,
  });
}

/**
 * A request to `app` (a JSON body given as `json`): its answer, parsed when it is JSON, else its
 * text; a status other than 2xx throws, naming the call.
 */
export async function call<T = Record<string, unknown>>(
  app: { url: string },
  pathname: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, ...rest } = init;
  const res = await fetch(new URL(pathname, app.url), {
    ...rest,
    ...(json !== undefined && {
      body: JSON.stringify(json),
      headers: { 'content-type': 'application/json', ...rest.headers },
    }),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
  if (!text) return null as T;
  return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
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
