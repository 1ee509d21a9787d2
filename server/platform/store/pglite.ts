import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

const INT8 = 20;
const NUMERIC = 1700;
const parsers = { [INT8]: Number, [NUMERIC]: Number };

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = await PGlite.create(dataDir, { parsers });
  // PGlite runs one statement at a time; transactions are serialised by PGlite itself.
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pg.query<T>(sql, params)).rows;
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
        } satisfies Queryable),
      ),
    async exec(sql) {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
