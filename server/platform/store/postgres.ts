import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { NoRows, type Db, type Queryable } from './db';

pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** No statement runs longer than this: a runaway query ends in an error, not a stall. */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** `schema` isolates one platform (a test, say) inside a shared database. */
export async function openPostgres(databaseUrl: string, schema?: string): Promise<Db> {
  const settings = [`-c statement_timeout=${STATEMENT_TIMEOUT_MS}`];
  if (schema) settings.push(`-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: settings.join(' ') });
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
  const db: Db = {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    batch: (statements) =>
      db.transaction(async (tx) => {
        const all: unknown[][] = [];
        for (const [i, { sql, params, required }] of statements.entries()) {
          const rows = await tx.query(sql, params);
          if (required && !rows.length) throw new NoRows(i);
          all.push(rows);
        }
        return all;
      }),
    async transaction(fn) {
      const client = await pool.connect();
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
    },
    async copyFrom(sql, data) {
      const client = await pool.connect();
      try {
        await pipeline(Readable.from([Buffer.from(data)]), client.query(copyFrom(sql)));
      } finally {
        client.release();
      }
    },
    async copyTo(sql) {
      const client = await pool.connect();
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of client.query(copyTo(sql)) as AsyncIterable<Buffer>)
          chunks.push(chunk);
        return Buffer.concat(chunks);
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
  return db;
}
