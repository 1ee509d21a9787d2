import { parse, protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';

/** Statements kept prepared at once, at most (the least recently used is closed). */
export const PREPARED_MAX = 200;
/** SQL texts remembered as seen once: a text is prepared the second time it comes. */
const SEEN_MAX = 2_000;

const { serialize } = protocol;
/** "cached plan must not change result type": a table a prepared statement reads changed. */
const changedResult = (error: unknown) =>
  (error as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test(String((error as Error).message));
const quiet = { syncToFs: false };

interface Entry {
  name: string;
  /** The parameters' type OIDs, as the server described them. */
  types: number[];
}

/**
 * PGlite's `query`, with the statements that come again kept prepared: PGlite
 * parses, analyses and plans each statement anew, and for the platform's larger statements (a
 * run's write with its lines and its job's end, a group of starts) that is most of their cost
 * on its one thread. A text seen
 * a second time is prepared under a name and bound from then on, as node-postgres does for a
 * named query; PostgreSQL replans it when a table it reads changes, and picks a generic plan
 * only where it costs no more than its custom ones. One-off texts (built with a varying list)
 * go PGlite's own way and never fill the cache.
 *
 * The same wire messages as PGlite's own `query`, under its query lock, so that nothing else
 * runs between them; a failure still ends with `sync`, and the statement stays usable.
 */
export class PreparedStatements {
  private readonly entries = new Map<string, Entry>();
  private readonly seen = new Set<string>();
  /** Statements no longer used, closed outside a transaction. */
  private readonly closing: string[] = [];
  private next = 1;

  constructor(
    private readonly pg: PGlite,
    private readonly max = PREPARED_MAX,
  ) {}

  /** Statements prepared now (tests read it). */
  get size() {
    return this.entries.size;
  }

  /** `sql` with `params`, in `tx` when given (PGlite's transaction: its lock is held). */
  async query<T>(sql: string, params: unknown[] = [], tx?: Transaction): Promise<Results<T>> {
    // As PGlite's own transaction does: nothing runs in one that has ended.
    if (tx?.closed) throw new Error('Transaction is closed');
    const via = tx ?? this.pg;
    if (!this.entries.has(sql) && !this.seen.has(sql)) {
      if (this.seen.size >= SEEN_MAX) this.seen.clear();
      this.seen.add(sql);
      return via.query<T>(sql, params);
    }
    const run = () => this.pg._runExclusiveQuery(() => this.bound<T>(sql, params));
    try {
      // Outside a transaction, under its lock too, as PGlite's `query` is.
      const prepared = await (tx ? run() : this.pg._runExclusiveTransaction(run));
      return prepared ?? (await via.query<T>(sql, params));
    } catch (error) {
      if (!changedResult(error)) throw error;
      // A table it reads changed its columns: prepared again next time; in a transaction, that
      // transaction has failed with the error.
      this.forget(sql);
      if (tx) throw error;
      return this.pg.query<T>(sql, params);
    }
  }

  /** Leaves `sql`'s statement to be closed with the next one prepared. */
  private forget(sql: string) {
    const entry = this.entries.get(sql);
    if (!entry) return;
    this.entries.delete(sql);
    this.closing.push(entry.name);
  }

  /** `sql` bound to its prepared statement; undefined when it may not be prepared now. */
  private async bound<T>(sql: string, params: unknown[]) {
    const entry = this.entries.get(sql) ?? (await this.prepare(sql));
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(sql);
    this.entries.set(sql, entry);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[entry.types[i]!];
      // As PGlite's own `query` does: a type it has no serializer for goes as its text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const messages = [];
    try {
      messages.push(
        ...(await this.pg.execProtocolStream(
          serialize.bind({ statement: entry.name, values }),
          quiet,
        )),
        ...(await this.pg.execProtocolStream(serialize.describe({ type: 'P' }), quiet)),
        ...(await this.pg.execProtocolStream(serialize.execute({}), quiet)),
      );
    } finally {
      messages.push(...(await this.pg.execProtocolStream(serialize.sync(), quiet)));
    }
    if (!this.pg.isInTransaction()) await this.pg.syncToFs();
    return parse.parseResults(messages, this.pg.parsers)[0] as Results<T>;
  }

  /**
   * Prepares `sql` under a new name (under the query lock), the least recently used making room;
   * undefined when it may not be now: too many wait to be closed, which is done outside a
   * transaction only.
   */
  private async prepare(sql: string): Promise<Entry | undefined> {
    if (this.entries.size >= this.max) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.closing.push(entry.name);
    }
    if (this.closing.length && !this.pg.isInTransaction()) {
      for (const name of this.closing.splice(0))
        await this.pg.execProtocolStream(serialize.close({ type: 'S', name }), quiet);
      await this.pg.execProtocolStream(serialize.sync(), quiet);
    }
    if (this.closing.length > this.max) return undefined;
    const name = `platform_${this.next++}`;
    let described;
    try {
      await this.pg.execProtocolStream(serialize.parse({ name, text: sql }), quiet);
      described = await this.pg.execProtocolStream(serialize.describe({ type: 'S', name }), quiet);
    } finally {
      await this.pg.execProtocolStream(serialize.sync(), quiet);
    }
    const entry = { name, types: parse.parseDescribeStatementResults(described) };
    this.entries.set(sql, entry);
    return entry;
  }
}
