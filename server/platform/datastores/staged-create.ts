import { recordEvent } from '../audit/record';
import { randomUUID } from 'node:crypto';
import { PlatformError } from '../core/errors';
import type { Db, Queryable } from '../store';
import { inTurn } from '../store/turns';
import { lockCollection, queryByCaller, type NewDocument } from './document-repository';
import type { CollectionRow } from './mappers';
import { collectionNotFound } from './repository';

/**
 * Bulk creates: a bulk's documents are written in pieces of `STAGE_PIECE`, each carrying the
 * batch's id, which readers skip while the batch is listed in `document_batches`
 * (VISIBLE_DOCUMENT). Publishing deletes that row: one short statement, whatever
 * the number of documents, so every reader sees all of the bulk or none of it, and no statement
 * holds PGlite (which takes work in arrival order) for long. A bulk that fails is discarded;
 * one whose process died (no piece for ABANDONED_AFTER_SECONDS) is discarded by the sweep,
 * which then deletes its documents a piece at a time.
 */
const STAGE_PIECE = 250;
export const ABANDONED_AFTER_SECONDS = 120;
/** How often bulk creates that failed or were abandoned are looked for (`sweepDocumentBatches`). */
export const DOCUMENT_BATCH_SWEEP_MS = 30_000;
const SWEEP_PIECE = 1_000;

/** Lets requests read while a bulk is staged (sync.ts does the same). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const abandoned = () =>
  new PlatformError(
    409,
    'The bulk create was abandoned before it finished (the collection changed or the write stalled); no document was created',
  );

async function stagePiece(
  db: Queryable,
  batchId: string,
  collection: CollectionRow,
  userId: number,
  offset: number,
  piece: NewDocument[],
) {
  try {
    const rows = await queryByCaller(
      db,
      `WITH b AS (UPDATE document_batches SET touched_at = now()
                  WHERE id = $1 AND state = 'staging' RETURNING created_from)
       INSERT INTO documents (id, collection_id, datastore_id, owner, created_by, updated_by,
         created_on, updated_on, sync_required, content, batch_id)
       SELECT t.doc_id, $2, $3, $4, $4, $4, b.created_from + ($5::int + t.n - 1) * interval '1 microsecond',
         b.created_from + ($5::int + t.n - 1) * interval '1 microsecond', true, t.new_content, $1
       FROM b, unnest($6::text[], $7::jsonb[]) WITH ORDINALITY AS t(doc_id, new_content, n)
       RETURNING 1`,
      [
        batchId,
        collection.id,
        collection.datastore_id,
        userId,
        offset,
        piece.map((d) => d.id ?? randomUUID()),
        piece.map((d) => JSON.stringify(d.content)),
      ],
    );
    if (rows.length !== piece.length) throw abandoned();
  } catch (error) {
    // The collection was deleted meanwhile (its documents' foreign key).
    if ((error as { code?: unknown }).code === '23503') throw collectionNotFound(collection.id);
    throw error;
  }
}

/** Writes `docs` into `collection` as one batch, all or nothing; answers how many were created. */
export async function stagedCreate(
  db: Db,
  collection: CollectionRow,
  docs: NewDocument[],
  userId: number,
): Promise<number> {
  const batchId = randomUUID();
  await db.query(
    `INSERT INTO document_batches (id, collection_id, state, created_from, document_count, touched_at)
     VALUES ($1, $2, 'staging', clock_timestamp(), $3, now())`,
    [batchId, collection.id, docs.length],
  );
  try {
    for (let start = 0; start < docs.length; start += STAGE_PIECE) {
      await nextTurn();
      const piece = docs.slice(start, start + STAGE_PIECE);
      await inTurn(db, () => stagePiece(db, batchId, collection, userId, start, piece));
    }
    await db.transaction(async (tx) => {
      await lockCollection(tx, collection.id, { markSyncRequired: true });
      const published = await tx.query(
        "DELETE FROM document_batches WHERE id = $1 AND state = 'staging' RETURNING 1",
        [batchId],
      );
      if (published.length === 0) throw abandoned();
      await recordEvent(
        tx,
        userId,
        'documents.created',
        {
          type: 'collection',
          id: collection.id,
          name: collection.name,
          parent: collection.datastore_id,
        },
        { count: [undefined, docs.length] },
      );
    });
    return docs.length;
  } catch (error) {
    await discardBatch(db, batchId).catch(() => undefined);
    throw error;
  }
}

const discardBatch = (db: Queryable, batchId: string) =>
  db.query("UPDATE document_batches SET state = 'discarded' WHERE id = $1", [batchId]);

/**
 * Discards the batches whose writer stopped, then deletes the documents of discarded batches,
 * SWEEP_PIECE a statement, and the batches themselves. Any process may sweep; two at once only
 * delete the same rows twice.
 */
export async function sweepDocumentBatches(
  db: Queryable,
  abandonedAfterSeconds = ABANDONED_AFTER_SECONDS,
) {
  await db.query(
    `UPDATE document_batches SET state = 'discarded'
     WHERE state = 'staging' AND touched_at < now() - make_interval(secs => $1)`,
    [abandonedAfterSeconds],
  );
  for (;;) {
    const [batch] = await db.query<{ id: string }>(
      "SELECT id FROM document_batches WHERE state = 'discarded' LIMIT 1",
    );
    if (!batch) return;
    for (;;) {
      const deleted = await db.query(
        `DELETE FROM documents WHERE ctid IN (
           SELECT d.ctid FROM document_batches b JOIN documents d
             ON d.collection_id = b.collection_id
            AND d.created_on >= b.created_from
            AND d.created_on <= b.created_from + b.document_count * interval '1 microsecond'
            AND d.batch_id = b.id
           WHERE b.id = $1 LIMIT $2)
         RETURNING 1`,
        [batch.id, SWEEP_PIECE],
      );
      if (deleted.length < SWEEP_PIECE) break;
    }
    await db.query("DELETE FROM document_batches WHERE id = $1 AND state = 'discarded'", [
      batch.id,
    ]);
  }
}
