import type { JsonObject } from '../../../src/api/contract';
import type { Db } from '../store';
import { inTurn } from '../store/turns';
import {
  inCollection,
  lockCollection,
  selectPiece,
  writeContents,
  type DocumentCursor,
} from './documents';
import { filterCondition } from './query/filter';
import type { Condition } from './query/sql-params';
import { applyUpdate, sameJson, type UpdateStep } from './query/update';

/**
 * Small enough that one piece's transaction (read, apply, write back) holds PGlite, which takes
 * work in arrival order, for a few tens of milliseconds.
 */
const UPDATE_PIECE = 250;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Update by query (issue 23: 110,031 documents held every reader for 10 s), in pieces of
 * UPDATE_PIECE documents in creation order, each piece its own short transaction (as MongoDB's
 * updateMany, each document changes at once, the whole not: a reader may see some pieces
 * changed and others not yet). A first pass, reading only, applies the operation to every
 * matching document, so an operation that cannot apply to one of them (400) changes nothing.
 * Answers how many documents changed.
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
    const piece = await inTurn(db, () => selectPiece(db, scope, after, UPDATE_PIECE * 4));
    for (const doc of piece) applyUpdate(doc.content, steps, now, doc.id);
    if (piece.length < UPDATE_PIECE * 4) break;
    after = piece.at(-1);
  }
  let changed = 0;
  after = undefined;
  for (;;) {
    await nextTurn();
    const { count, last } = await inTurn(db, () =>
      db.transaction(async (tx) => {
        await lockCollection(tx, collectionId);
        const piece = await selectPiece(tx, scope, after, UPDATE_PIECE, { lock: true });
        const writes = piece
          .map((doc) => ({
            id: doc.id,
            before: doc.content,
            content: applyUpdate(doc.content, steps, now, doc.id),
          }))
          .filter((doc) => !sameJson(doc.before, doc.content));
        const written = await writeContents(tx, collectionId, writes, userId, () => 'TRUE', {
          returning: 'documents.id',
        });
        return {
          count: written.length,
          last: piece.length < UPDATE_PIECE ? undefined : piece.at(-1),
        };
      }),
    );
    changed += count;
    if (!last) return changed;
    after = last;
  }
}
