import type { JsonObject } from '../../../src/api/contract';
import { NoRows, type Db } from '../store';
import { inTurn } from '../store/turns';
import {
  inCollection,
  lockCollection,
  queryByCaller,
  selectPiece,
  writeContents,
  type DocumentCursor,
} from './document-repository';
import { collectionNotFound } from './repository';
import { filterCondition } from './query/filter';
import { SqlParams, type Condition } from './query/sql-params';
import { applyUpdate, sameJson, type UpdateStep } from './query/update';

/**
 * Small enough that one piece (its read, then its write) holds PGlite, which takes work in
 * arrival order, for a few milliseconds.
 */
const UPDATE_PIECE = 250;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Update by query, in pieces of UPDATE_PIECE documents in creation order, so that a large update
 * never holds every reader for its whole length (as MongoDB's updateMany, each document changes
 * at once, the whole not: a reader may see some pieces changed and others not yet). A first
 * pass, reading only, applies the operation to every matching document, so an operation that
 * cannot apply to one of them (400) changes nothing. Then each piece is read, changed here, and
 * written in one batch where each document is still as read (no transaction stays open while
 * this thread applies the piece, which would hold PGlite meanwhile); a document changed
 * meanwhile is read again, locked, and changed from what it holds. Answers how many changed.
 */
export async function updateInPieces(
  db: Db,
  collectionId: string,
  userId: number,
  access: Condition,
  query: JsonObject,
  steps: UpdateStep[],
): Promise<number> {
  const scope = inCollection(collectionId, filterCondition(query), access);
  const now = new Date();
  let after: DocumentCursor | undefined;
  for (;;) {
    await nextTurn();
    const piece = await inTurn(db, () => selectPiece(db, scope, after, UPDATE_PIECE));
    for (const doc of piece) applyUpdate(doc.content, steps, now, doc.id);
    if (piece.length < UPDATE_PIECE) break;
    after = piece.at(-1);
  }
  const changes = <T extends { id: string; content: JsonObject }>(docs: T[]) =>
    docs
      .map((doc) => ({ ...doc, content: applyUpdate(doc.content, steps, now, doc.id), was: doc }))
      .filter((doc) => !sameJson(doc.was.content, doc.content));
  let changed = 0;
  after = undefined;
  for (;;) {
    await nextTurn();
    const piece = await inTurn(db, () => selectPiece(db, scope, after, UPDATE_PIECE));
    const writes = changes(piece);
    if (writes.length) {
      // Written in one message, each document only where it is as it was read: nothing of this
      // process's runs while PGlite holds the piece, so a reader waits for one statement at most.
      const written = await inTurn(db, () =>
        writeUnchanged(db, collectionId, scope, writes, userId),
      );
      changed += written.size;
      const moved = writes.filter((w) => !written.has(w.id)).map((w) => w.id);
      // Changed meanwhile (rare): read again, locked, and written from what they now hold.
      if (moved.length)
        changed += await inTurn(db, () =>
          db.transaction(async (tx) => {
            await lockCollection(tx, collectionId);
            const params = new SqlParams([moved]);
            const now = await queryByCaller<{ id: string; content: JsonObject }>(
              tx,
              `SELECT id, content FROM documents WHERE id = ANY($1::text[]) AND ${scope(params)}
               FOR UPDATE`,
              params.values,
            );
            const again = await writeContents(
              tx,
              collectionId,
              changes(now),
              userId,
              () => 'TRUE',
              {
                returning: 'documents.id',
              },
            );
            return again.length;
          }),
        );
    }
    if (piece.length < UPDATE_PIECE) return changed;
    after = piece.at(-1);
  }
}

/**
 * One batch: the collection locked, and each of `writes` written where the document still has
 * the version it was read at (and still matches `scope`); the ids written.
 */
async function writeUnchanged(
  db: Db,
  collectionId: string,
  scope: Condition,
  writes: Array<{ id: string; version: string; content: JsonObject }>,
  userId: number,
) {
  const params = new SqlParams([
    writes.map((w) => w.id),
    writes.map((w) => w.version),
    writes.map((w) => JSON.stringify(w.content)),
    userId,
    collectionId,
  ]);
  const where = scope(params);
  try {
    const [, rows] = await db.batch([
      {
        sql: 'SELECT id FROM collections WHERE id = $1 FOR NO KEY UPDATE',
        params: [collectionId],
        required: true,
      },
      {
        sql: `WITH u AS (
            UPDATE documents SET content = t.new_content, updated_by = $4,
              updated_on = clock_timestamp(), sync_required = true
            FROM unnest($1::text[], $2::text[], $3::jsonb[]) AS t(doc_id, seen, new_content)
            WHERE documents.id = t.doc_id AND documents.xmin::text = t.seen AND ${where}
            RETURNING documents.id),
          c AS (UPDATE collections SET sync_required = true
                WHERE id = $5 AND NOT sync_required AND EXISTS (SELECT 1 FROM u))
          SELECT id FROM u`,
        params: params.values,
      },
    ]);
    return new Set((rows as Array<{ id: string }>).map((r) => r.id));
  } catch (error) {
    if (error instanceof NoRows) throw collectionNotFound(collectionId);
    throw error;
  }
}
