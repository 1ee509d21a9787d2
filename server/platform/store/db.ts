/** What every service sees of the store: the same SQL runs on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** One statement of a `Db.batch`. */
export interface Statement {
  sql: string;
  params?: unknown[];
  /** When it returns no row, the batch rolls back and throws `NoRows` (a conditional update). */
  required?: boolean;
  /**
   * It writes nothing when it returns no row (each of its writes hangs on the rows it returns):
   * a batch of it alone needs no transaction around it (on PostgreSQL one round trip, not three).
   */
  alone?: boolean;
}

/** A `required` statement of a batch found no row: nothing of the batch was committed. */
export class NoRows extends Error {
  constructor(readonly index: number) {
    super(`statement ${index} of the batch found no row`);
  }
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `statements` in order in one transaction and answers each one's rows. On PGlite it is
   * one message to the database's thread: the transaction never holds the database while this
   * thread is busy elsewhere (a `transaction` holds it for every round trip of its callback).
   */
  batch(statements: Statement[]): Promise<unknown[][]>;
  /**
   * `COPY ... FROM STDIN` fed with `data` (text, CSV or as the statement says; pieces are sent in
   * turn, as one text): the engine's own bulk load, one statement. On PGlite the statement reads
   * the data as '/dev/blob'.
   */
  copyFrom(sql: string, data: CopySource): Promise<void>;
  /** `COPY ... TO STDOUT`: what the engine writes, in one piece (keep each statement bounded). */
  copyTo(sql: string): Promise<Uint8Array>;
  /**
   * PostgreSQL only: `COPY ... TO STDOUT`, each row's text handed to `row` as it comes (a view
   * of the client's buffer, valid during the call only), nothing gathered.
   */
  copyRows?(sql: string, row: (bytes: Buffer) => void): Promise<void>;
  /**
   * PostgreSQL only: `fn` on one connection of its own, so a temporary table lives across its
   * statements and COPYs; the connection's temporary tables go when it ends.
   */
  session?<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /**
   * PGlite only: calls `fn` with the payload of each NOTIFY on `channel` from the time this
   * resolves, before the answer of the statement or commit that sent it is delivered (a write's
   * caller finds whatever `fn` did done). PostgreSQL's are heard on jobs/signals.ts's connection.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<() => void>;
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** A piece of what a COPY reads: text, or bytes (COPY's binary format, streams/copy-binary.ts). */
export type CopyPart = string | Uint8Array<ArrayBuffer>;
/** What a COPY reads: a text, or its pieces in order (not joined first). */
export type CopyData = string | readonly CopyPart[];
/**
 * What a COPY reads, or its pieces as they come: PostgreSQL's statement takes each as it is
 * given (a long load fed while it is read); PGlite's, which reads a blob, once all are in.
 */
export type CopySource = CopyData | AsyncIterable<CopyPart>;

/** A COPY's pieces in hand: an iterable's gathered (PGlite reads a whole blob). */
export async function gathered(data: CopySource): Promise<CopyData> {
  if (typeof data === 'string' || Array.isArray(data)) return data as CopyData;
  const parts: CopyPart[] = [];
  for await (const part of data as AsyncIterable<CopyPart>) parts.push(part);
  return parts;
}

/** One connection's statements and COPYs (`Db.session`). */
export interface Session extends Queryable {
  copyFrom(sql: string, data: CopySource): Promise<void>;
}

export async function queryOne<T>(db: Queryable, sql: string, params?: unknown[]) {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}

/**
 * Statements of code that writes through a `Queryable` and reads no answer (an audit event, log
 * lines, an enqueue): each query is kept, in order, and answers no rows, for one `Db.batch`.
 */
export async function recorded(fn: (tx: Queryable) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  await fn({
    query: <T>(sql: string, params?: unknown[]) => {
      statements.push({ sql, params });
      return Promise.resolve([] as T[]);
    },
  });
  return statements;
}
