import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  serializeError,
  toBlobCopy,
  type WorkerAnswer,
  type WorkerNotification,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-protocol';
import { PreparedStatements } from './pglite-prepared';

/**
 * PGlite in a thread of its own: its WebAssembly runs here, so a long statement
 * does not hold the platform's event loop, and the gateway, the console's files and every
 * request that does not wait for the database go on answering.
 *
 * PGlite runs one statement at a time. Work is taken in arrival order, a request's before the
 * background's (`low`, store/priority.ts): a statement, a batch, or a whole transaction from
 * `begin` to `end`; the statements of the open transaction go straight in. Request and
 * background units take turns while both wait.
 */
const INT8 = 20;
const NUMERIC = 1700;
const parsers = { [INT8]: Number, [NUMERIC]: Number };

const port = parentPort!;
const { dataDir, sharedBuffersMb } = workerData as WorkerStart;

const answer = (message: WorkerAnswer) => port.postMessage(message);
const fail = (id: number, error: unknown) =>
  answer({ id, ok: false, error: serializeError(error) });

interface OpenTransaction {
  tx: Transaction;
  decide: (end: { commit: boolean; id: number }) => void;
}

const ready = PGlite.create(dataDir, {
  parsers,
  postgresqlconf: [
    `shared_buffers = ${sharedBuffersMb}MB`,
    "TimeZone = 'UTC'",
    "DateStyle = 'ISO, MDY'",
  ],
});
/** The statements that come again, kept prepared (pglite-prepared.ts). */
const prepared = ready.then((pg) => new PreparedStatements(pg));

const waiting: WorkerRequest[] = [];
const waitingLow: WorkerRequest[] = [];
/** Request units taken in a row, at most, while background work waits. */
const REQUESTS_IN_A_ROW = 1;
/** The thread lets new messages in at least this often (ms) while background work waits. */
const YIELD_MS = 2;
let inARow = 0;
let yielded = 0;

/**
 * The next unit of work: a request's first, but one of the background's after
 * REQUESTS_IN_A_ROW of them (so a request waits for at most one background unit a request
 * ahead of it, and background work is never starved). While background work waits it lets the
 * messages that arrived meanwhile in (PGlite's work may never leave this thread's microtasks).
 */
async function next() {
  if (waitingLow.length && performance.now() - yielded >= YIELD_MS) {
    await new Promise((resolve) => setImmediate(resolve));
    yielded = performance.now();
  }
  if (waitingLow.length && (!waiting.length || inARow >= REQUESTS_IN_A_ROW)) {
    inARow = 0;
    return waitingLow.shift();
  }
  if (waitingLow.length) inARow++;
  return waiting.shift();
}

/** A batch's `required` statement found no row (NoRows in db.ts): rolls the batch back. */
class Unmatched extends Error {
  constructor(readonly noRowsAt: number) {
    super(`statement ${noRowsAt} of the batch found no row`);
  }
}

async function runBatch(pg: PGlite, request: WorkerRequest & { op: 'batch' }) {
  const statements = await prepared;
  const results = await pg.transaction(async (tx) => {
    const all: unknown[][] = [];
    for (const [i, statement] of request.statements.entries()) {
      const { rows } = await statements.query(statement.sql, statement.params, tx);
      if (statement.required && !rows.length) throw new Unmatched(i);
      all.push(rows);
    }
    return all;
  });
  answer({ id: request.id, ok: true, results });
}
const open = new Map<number, OpenTransaction>();
let busy = false;
let nextTx = 1;

class Rollback extends Error {}

/** Holds the database from `begin` until `end`; each of the two requests gets its answer. */
async function runTransaction(pg: PGlite, beginId: number) {
  const txId = nextTx++;
  let decide: OpenTransaction['decide'] = () => undefined;
  const decided = new Promise<{ commit: boolean; id: number }>((resolve) => (decide = resolve));
  let endId: number | undefined;
  try {
    await pg.transaction(async (tx) => {
      open.set(txId, { tx, decide });
      answer({ id: beginId, ok: true, tx: txId });
      const end = await decided;
      endId = end.id;
      if (!end.commit) throw new Rollback();
    });
    answer({ id: endId!, ok: true });
  } catch (error) {
    if (endId === undefined) fail(beginId, error);
    else if (error instanceof Rollback) answer({ id: endId, ok: true });
    else fail(endId, error);
  } finally {
    open.delete(txId);
  }
}

/** One unit of work at a time, in arrival order. */
async function drain() {
  if (busy) return;
  busy = true;
  try {
    const pg = await ready;
    for (let request = await next(); request; request = await next()) {
      try {
        if (request.op === 'query') {
          const result = await (await prepared).query(request.sql, request.params);
          answer({ id: request.id, ok: true, rows: result.rows });
        } else if (request.op === 'copyFrom') {
          await pg.query(toBlobCopy(request.sql), [], {
            // The pieces as they came: the blob reads them in order, never joined here.
            blob: new Blob(typeof request.data === 'string' ? [request.data] : [...request.data]),
          });
          answer({ id: request.id, ok: true });
        } else if (request.op === 'copyTo') {
          const result = await pg.query(toBlobCopy(request.sql));
          const bytes = new Uint8Array((await result.blob?.arrayBuffer()) ?? new ArrayBuffer(0));
          // The buffer moves to the platform's thread instead of being copied.
          port.postMessage({ id: request.id, ok: true, bytes } satisfies WorkerAnswer, [
            bytes.buffer,
          ]);
        } else if (request.op === 'exec') {
          await pg.exec(request.sql);
          answer({ id: request.id, ok: true });
        } else if (request.op === 'batch') {
          await runBatch(pg, request);
        } else if (request.op === 'begin') {
          await runTransaction(pg, request.id);
        } else if (request.op === 'listen') {
          const { channel } = request;
          await pg.listen(channel, (payload) =>
            port.postMessage({ channel, payload } satisfies WorkerNotification),
          );
          answer({ id: request.id, ok: true });
        } else if (request.op === 'close') {
          await pg.close();
          answer({ id: request.id, ok: true });
          return;
        }
      } catch (error) {
        fail(request.id, error);
      }
    }
  } catch (error) {
    // The database did not open: every waiting request hears why.
    for (const request of [...waiting.splice(0), ...waitingLow.splice(0)]) fail(request.id, error);
  } finally {
    busy = false;
  }
}

port.on('message', (request: WorkerRequest) => {
  if (request.op === 'query' && request.tx !== undefined) {
    const open_ = open.get(request.tx);
    if (!open_) return fail(request.id, new Error(`transaction ${request.tx} is not open`));
    void prepared
      .then((statements) => statements.query(request.sql, request.params, open_.tx))
      .then(
        (result) => answer({ id: request.id, ok: true, rows: result.rows }),
        (error: unknown) => fail(request.id, error),
      );
    return;
  }
  if (request.op === 'end') {
    const open_ = open.get(request.tx);
    if (!open_) return fail(request.id, new Error(`transaction ${request.tx} is not open`));
    open_.decide({ commit: request.commit, id: request.id });
    return;
  }
  (request.low ? waitingLow : waiting).push(request);
  void drain();
});
