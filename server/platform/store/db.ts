/** What every service sees of the store: the same SQL runs on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * `COPY ... FROM STDIN` fed with `data` (text, CSV or as the statement says): the engine's own
   * bulk load, one statement. On PGlite the statement reads the data as '/dev/blob'.
   */
  copyFrom(sql: string, data: string): Promise<void>;
  /** `COPY ... TO STDOUT`: what the engine writes, in one piece (keep each statement bounded). */
  copyTo(sql: string): Promise<Uint8Array>;
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function queryOne<T>(db: Queryable, sql: string, params?: unknown[]) {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}
