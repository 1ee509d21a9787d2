import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { gathered, NoRows, type Db, type Queryable } from './db';
import { isBackground, type RequestGauge } from './priority';
import {
  reviveError,
  type WorkerAnswer,
  type WorkerNotification,
  type WorkerRequest,
  type WorkerStart,
  DEFAULT_SHARED_BUFFERS_MB,
} from './pglite-protocol';

type Request = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;
type Done = WorkerAnswer & { ok: true };

const workerFile = new URL('./pglite-worker.mjs', import.meta.url);

/** One worker thread running PGlite on `dataDir`: requests in, answers out. */
class Thread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (a: Done) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private gone: Error | undefined;
  /** What `listen` asked to hear, by channel: called before the answer that follows the NOTIFY. */
  readonly heard = new Map<string, Set<(payload: string) => void>>();

  constructor(start: WorkerStart) {
    this.worker = new Worker(workerFile, { workerData: start });
    this.worker.on('message', (message: WorkerAnswer | WorkerNotification) => {
      if (!('id' in message)) {
        for (const fn of this.heard.get(message.channel) ?? []) fn(message.payload);
        return;
      }
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.ok) waiter.resolve(message);
      else waiter.reject(reviveError(message.error));
    });
    this.worker.on('error', (error) =>
      this.failAll(new Error(`The database thread failed: ${error.message}`)),
    );
    this.worker.on('exit', (code) =>
      this.failAll(new Error(`The database thread stopped (exit ${code})`)),
    );
  }

  send(request: Request) {
    return new Promise<Done>((resolve, reject) => {
      if (this.gone) return reject(this.gone);
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async stop() {
    if (this.gone) return;
    await this.send({ op: 'close' });
    this.gone ??= new Error('The database is closed');
    await this.worker.terminate();
  }

  private failAll(error: Error) {
    this.gone ??= error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

async function startThread(start: WorkerStart) {
  const thread = new Thread(start);
  try {
    await thread.send({ op: 'query', sql: 'SELECT 1' });
  } catch (error) {
    await thread.stop().catch(() => undefined);
    throw error;
  }
  return thread;
}

/**
 * PGlite, run in a worker thread (pglite-worker.ts) so that its statements never hold this
 * thread: the same `Db` as PostgreSQL's, each call a message to the worker and back.
 */
export async function openPglite(
  dataDir: string | undefined,
  sharedBuffersMb = DEFAULT_SHARED_BUFFERS_MB,
  requests?: RequestGauge,
): Promise<Db> {
  const fresh = dataDir !== undefined && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const start = { dataDir, sharedBuffersMb } satisfies WorkerStart;
  let thread = await startThread(start);
  if (fresh) {
    // Creating the cluster (initdb) leaves ~550 MiB in the thread that did it: a new thread on
    // the new cluster starts from ~130 MiB.
    await thread.stop();
    thread = await startThread(start);
  }
  // Background work waits for the requests being answered, then behind a request's statements
  // (store/priority.ts); a transaction's own statements go straight in.
  const low = () => isBackground() || undefined;
  const send = async (request: Parameters<Thread['send']>[0]) => {
    await requests?.turn();
    return thread.send(request);
  };
  const query = async <T>(sql: string, params?: unknown[], tx?: number) =>
    ((tx
      ? await thread.send({ op: 'query', sql, params, tx })
      : await send({ op: 'query', sql, params, low: low() })
    ).rows ?? []) as T[];
  return {
    kind: 'pglite',
    query: (sql, params) => query(sql, params),
    async transaction(fn) {
      const { tx } = await send({ op: 'begin', low: low() });
      let result;
      try {
        result = await fn({ query: (sql, params) => query(sql, params, tx) } satisfies Queryable);
      } catch (error) {
        await thread.send({ op: 'end', tx: tx!, commit: false }).catch(() => undefined);
        throw error;
      }
      await thread.send({ op: 'end', tx: tx!, commit: true });
      return result;
    },
    async batch(statements) {
      try {
        return (await send({ op: 'batch', statements, low: low() })).results ?? [];
      } catch (error) {
        const at = (error as { noRowsAt?: unknown }).noRowsAt;
        throw typeof at === 'number' ? new NoRows(at) : error;
      }
    },
    async copyFrom(sql, data) {
      await send({ op: 'copyFrom', sql, data: await gathered(data), low: low() });
    },
    async copyTo(sql) {
      return (await send({ op: 'copyTo', sql, low: low() })).bytes ?? new Uint8Array(0);
    },
    async exec(sql) {
      await send({ op: 'exec', sql, low: low() });
    },
    async listen(channel, fn) {
      const fns = thread.heard.get(channel) ?? new Set();
      thread.heard.set(channel, fns.add(fn));
      await thread.send({ op: 'listen', channel });
      return () => void fns.delete(fn);
    },
    close: () => thread.stop(),
  };
}
