import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { AsyncLocalStorage } from 'node:async_hooks';
import { NoRows, type CopySource, type Db, type Queryable, type Session } from './db';
import { isBackground, type RequestGauge } from './priority';

pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** No statement runs longer than this: a runaway query ends in an error, not a stall. */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** Connections of the pool (`max`), and how many of them background work may use at once. */
const POOL_SIZE = 10;
const BACKGROUND_SIZE = 7;

/**
 * At most `size` holders at once, the others wait in arrival order: background work
 * (store/priority.ts) takes its connections through one, so a request always finds one of the
 * pool's others free instead of queueing behind a hundred workflow steps.
 */
class Slots {
  private used = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.used >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.used++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    }
  }
}

/** Inside a slot's work: what it calls itself (a query inside a step) takes no second one. */
const holding = new AsyncLocalStorage<boolean>();

/** A COPY's data as a stream of its pieces, each written as it is (no joined copy of the whole). */
const pieces = (data: CopySource) => Readable.from(typeof data === 'string' ? [data] : data);

/** `schema` isolates one platform (a test, say) inside a shared database. */
export async function openPostgres(
  databaseUrl: string,
  schema?: string,
  requests?: RequestGauge,
): Promise<Db> {
  // Typed dataset rows (datasets/row-tables.ts) read and write days, instants and doubles the same
  // on every connection, whatever the server's defaults: UTC, ISO days, shortest doubles.
  const settings = [
    `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
    '-c TimeZone=UTC',
    '-c DateStyle=ISO,MDY',
    '-c extra_float_digits=1',
  ];
  if (schema) settings.push(`-c search_path=${schema}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    options: settings.join(' '),
  });
  pool.on('error', () => undefined);
  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    } finally {
      await admin.end();
    }
  }
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await client.query(sql, params as unknown[])).rows as T[];
  const background = new Slots(BACKGROUND_SIZE);
  /**
   * Background work waits for the requests being answered, then for one of its slots; a request
   * goes straight to the pool.
   */
  const slot = async <T>(fn: () => Promise<T>) => {
    if (!isBackground() || holding.getStore()) return fn();
    await requests?.turn();
    return background.run(() => holding.run(true, fn));
  };
  const connect = () => pool.connect();
  const db: Db = {
    kind: 'postgres',
    query: (sql, params) => slot(() => run(pool, sql, params)),
    batch: async (statements) => {
      const [only] = statements;
      if (statements.length === 1 && only && (only.alone || !only.required)) {
        const rows = await db.query(only.sql, only.params);
        if (only.required && !rows.length) throw new NoRows(0);
        return [rows];
      }
      return db.transaction(async (tx) => {
        const all: unknown[][] = [];
        for (const [i, { sql, params, required }] of statements.entries()) {
          const rows = await tx.query(sql, params);
          if (required && !rows.length) throw new NoRows(i);
          all.push(rows);
        }
        return all;
      });
    },
    transaction: (fn) => slot(() => transaction(fn)),
    copyFrom: (sql, data) => slot(() => copyIn(sql, data)),
    copyTo: (sql) =>
      slot(async () => {
        const gathered = new Gathered();
        await copyOut(sql, (row) => gathered.add(row));
        return gathered.bytes();
      }),
    copyRows: (sql, row) => slot(() => copyOut(sql, row)),
    session: (fn) => slot(() => session(fn)),
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await connect();
    try {
      await client.query('BEGIN');
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  async function copyIn(sql: string, data: CopySource) {
    const client = await connect();
    try {
      await pipeline(pieces(data), client.query(copyFrom(sql)));
    } finally {
      client.release();
    }
  }
  async function session<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const client = await connect();
    try {
      return await fn({
        query: (sql, params) => run(client, sql, params),
        copyFrom: (sql, data) => pipeline(pieces(data), client.query(copyFrom(sql))),
      });
    } finally {
      await client.query('ROLLBACK; DISCARD TEMP').catch(() => undefined);
      client.release();
    }
  }
  async function copyOut(sql: string, row: (bytes: Buffer) => void) {
    const client = await connect();
    try {
      const out = new CopyOut(sql, row);
      void client.query(out as unknown as pg.QueryConfig);
      await out.done;
    } finally {
      client.release();
    }
  }
  return db;
}

/** Bytes appended one piece after another into one buffer, widened as it fills. */
class Gathered {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private size = 0;
  add(piece: Buffer) {
    if (this.size + piece.length > this.buffer.length) {
      const wider = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.size + piece.length));
      this.buffer.copy(wider, 0, 0, this.size);
      this.buffer = wider;
    }
    this.size += piece.copy(this.buffer, this.size);
  }
  bytes() {
    return this.buffer.subarray(0, this.size);
  }
}

/**
 * A `COPY … TO STDOUT` whose rows are handed to `row` one by one as the client's parser reads
 * them (node-postgres calls these handlers of a query object it is given): a stream of them
 * costs several times that in the client's thread, the thread that also writes what it reads.
 */
class CopyOut {
  private failed = false;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };
  readonly done = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
  constructor(
    private readonly text: string,
    private readonly row: (bytes: Buffer) => void,
  ) {}
  submit(connection: { query(text: string): void }) {
    connection.query(this.text);
  }
  handleCopyData(message: { chunk: Buffer }) {
    if (this.failed) return;
    try {
      this.row(message.chunk);
    } catch (error) {
      // The rest of the rows are let go by; the statement's end frees the connection.
      this.handleError(error);
    }
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  /** Not a COPY TO after all: the engine is told so rather than left waiting for rows. */
  handleCopyInResponse(connection: { sendCopyFail(message: string): void }) {
    connection.sendCopyFail('copyTo runs a COPY … TO STDOUT');
  }
  /** The client forgets a query that failed: it hears no ReadyForQuery after this. */
  handleError(error: unknown) {
    this.failed = true;
    this.settle.reject(error);
  }
  handleReadyForQuery() {
    if (!this.failed) this.settle.resolve();
  }
}
