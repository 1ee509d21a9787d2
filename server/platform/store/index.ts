import path from 'node:path';
import type { Db } from './db';
import { lockDataDir } from './lock';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import type { RequestGauge } from './priority';

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: a schema of its own (tests share one database). */
  schema?: string;
  /** PGlite only: its shared buffers in MiB (default 16, DEFAULT_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
  /** The requests the platform on this store is answering: its background work waits for them. */
  requests?: RequestGauge;
}

/** Opens PGlite in DATA_DIR (locked), or PostgreSQL when DATABASE_URL is set; migrates either. */
export async function openStore(options: StoreOptions): Promise<Db> {
  if (options.databaseUrl) {
    // The pg driver is loaded only for PostgreSQL (PGlite's process never holds it).
    const { openPostgres } = await import('./postgres');
    const db = await openPostgres(options.databaseUrl, options.schema, options.requests);
    await migrate(db);
    return db;
  }
  const unlock = lockDataDir(options.dataDir);
  try {
    const db = await openPglite(
      path.join(options.dataDir, 'pglite'),
      options.sharedBuffersMb,
      options.requests,
    );
    await migrate(db);
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
export type { CopyPart, CopySource, Db, Queryable, Session, Statement } from './db';
export { NoRows, queryOne, recorded } from './db';
