import type { Db } from './db';

/**
 * Long writes done in pieces (a stream run's staging, a bulk create, an update by query) take
 * turns on PGlite. PGlite runs one statement at a time in arrival order, so a reader waits behind
 * every piece queued before it: ten bulks at once made it wait for ten pieces. In turns, one
 * piece is in the database at a time and a reader waits for one at most; the writes lose no
 * speed, since the engine is single-threaded. PostgreSQL's readers never wait for a writer, so
 * there every piece goes at once, but for pieces that would take every core (`onPostgres`).
 */
const turns = new WeakMap<Db, Promise<unknown>>();

/**
 * `piece` in its turn. `onPostgres`: in turns on PostgreSQL too, for pieces that load its cores
 * (a CSV's COPY): three stream runs at once then copy one piece at a time, and a reader finds
 * a core free (`npm run bench -- ingest-export` prints a read's p99 during three runs).
 */
export function inTurn<T>(
  db: Db,
  piece: () => Promise<T>,
  { onPostgres = false } = {},
): Promise<T> {
  if (db.kind !== 'pglite' && !onPostgres) return piece();
  const mine = (turns.get(db) ?? Promise.resolve()).then(piece);
  turns.set(
    db,
    mine.catch(() => undefined),
  );
  return mine;
}
