import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../../src/api/contract';
import { PlatformError, badRequest } from '../core/errors';
import type { Queryable } from '../store';
import type { CollectionRow, DocumentRow } from './mappers';
import type { DocumentSelect } from './query/plan';
import { SqlParams, all, type Condition } from './query/sql-params';
import { collectionNotFound } from './repository';

export const documentNotFound = (id: string) =>
  new PlatformError(404, `Document ${id} not found, or you have no permission to it`);

/**
 * The documents readers see: not those of a bulk create still being written, or discarded
 * (staged-create.ts); a published batch's row is gone, and its documents are visible.
 */
export const VISIBLE_DOCUMENT =
  '(documents.batch_id IS NULL OR documents.batch_id NOT IN (SELECT id FROM document_batches))';

/** The visible documents of one collection that also pass `conditions` (a user's filter, access). */
export const inCollection =
  (collectionId: string, ...conditions: Condition[]): Condition =>
  (params) =>
    all([
      `collection_id = ${params.add(collectionId)}`,
      VISIBLE_DOCUMENT,
      ...conditions.map((c) => c(params)),
    ]);

/** Values that Postgres refuses (a bad regular expression, a number out of range) are the caller's. */
export async function queryByCaller<T>(
  db: Queryable,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  try {
    return await db.query<T>(sql, params);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('22') || code === '54001'))
      throw badRequest(`the query cannot run: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * Every document write starts by locking its collection's row: writers take turns within a
 * collection, and a running sync (sync.ts takes the same lock) never marks a write as synced
 * that it did not copy. `markSyncRequired` locks and marks in one statement, for writes that
 * will change something (or fail and roll back).
 */
export async function lockCollection(tx: Queryable, id: string, { markSyncRequired = false } = {}) {
  const [row] = await tx.query<CollectionRow>(
    markSyncRequired
      ? 'UPDATE collections SET sync_required = true WHERE id = $1 RETURNING *'
      : 'SELECT * FROM collections WHERE id = $1 FOR NO KEY UPDATE',
    [id],
  );
  if (!row) throw collectionNotFound(id);
  return row;
}

export const markSyncRequired = (tx: Queryable, collectionId: string) =>
  tx.query('UPDATE collections SET sync_required = true WHERE id = $1 AND NOT sync_required', [
    collectionId,
  ]);

export interface NewDocument {
  id?: string;
  content: JsonObject;
}

const BATCH = 5_000;

/**
 * Creation times follow the request's order, a microsecond apart; with writers taking turns on
 * the collection's lock they also follow the order of requests, so creation order is a stable
 * default order. The caller has marked the collection (lockCollection with markSyncRequired).
 */
export async function insertDocuments(
  tx: Queryable,
  collection: CollectionRow,
  docs: NewDocument[],
  userId: number,
  { returning = '*' }: { returning?: '*' | 'id' } = {},
): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (let start = 0; start < docs.length; start += BATCH) {
    const batch = docs.slice(start, start + BATCH);
    rows.push(
      ...(await tx.query<DocumentRow>(
        `INSERT INTO documents (id, collection_id, datastore_id, owner, created_by, updated_by,
           created_on, updated_on, sync_required, content)
         SELECT t.doc_id, $2, $3, $4, $4, $4, base.at + (t.n - 1) * interval '1 microsecond',
           base.at + (t.n - 1) * interval '1 microsecond', true, t.new_content
         FROM (SELECT clock_timestamp() AS at) base,
           unnest($1::text[], $5::jsonb[]) WITH ORDINALITY AS t(doc_id, new_content, n)
         ON CONFLICT (id) DO NOTHING
         RETURNING ${returning}`,
        [
          batch.map((d) => d.id ?? randomUUID()),
          collection.id,
          collection.datastore_id,
          userId,
          batch.map((d) => JSON.stringify(d.content)),
        ],
      )),
    );
  }
  return rows;
}

export async function findDocument(
  db: Queryable,
  collectionId: string,
  id: string,
  access: Condition,
) {
  const params = new SqlParams([id]);
  const where = inCollection(collectionId, access)(params);
  const [row] = await queryByCaller<DocumentRow>(
    db,
    `SELECT * FROM documents WHERE id = $1 AND ${where}`,
    params.values,
  );
  return row;
}

/** The content of the collection's documents `access` lets through, in creation order. */
export async function documentContents(db: Queryable, collectionId: string, access: Condition) {
  const params = new SqlParams();
  const where = inCollection(collectionId, access)(params);
  const rows = await db.query<{ content: Record<string, unknown> }>(
    `SELECT content FROM documents WHERE ${where} ORDER BY created_on, id`,
    params.values,
  );
  return rows.map((row) => row.content);
}

/** Full replace of the content of documents the caller may update; answers the rows written. */
export async function writeContents(
  tx: Queryable,
  collectionId: string,
  updates: Array<{ id: string; content: JsonObject }>,
  userId: number,
  access: Condition,
  { returning = 'documents.*' }: { returning?: 'documents.*' | 'documents.id' } = {},
): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (let start = 0; start < updates.length; start += BATCH) {
    const batch = updates.slice(start, start + BATCH);
    const params = new SqlParams([
      batch.map((u) => u.id),
      batch.map((u) => JSON.stringify(u.content)),
      userId,
    ]);
    const where = inCollection(collectionId, access)(params);
    rows.push(
      ...(await queryByCaller<DocumentRow>(
        tx,
        `UPDATE documents SET content = t.new_content, updated_by = $3, updated_on = clock_timestamp(),
           sync_required = true
         FROM unnest($1::text[], $2::jsonb[]) AS t(doc_id, new_content)
         WHERE documents.id = t.doc_id AND ${where}
         RETURNING ${returning}`,
        params.values,
      )),
    );
  }
  if (rows.length) await markSyncRequired(tx, collectionId);
  return rows;
}

export async function deleteDocuments(
  tx: Queryable,
  collectionId: string,
  ids: string[],
  access: Condition,
) {
  const params = new SqlParams([ids]);
  const where = inCollection(collectionId, access)(params);
  const gone = await queryByCaller(
    tx,
    `DELETE FROM documents WHERE id = ANY($1::text[]) AND ${where} RETURNING id`,
    params.values,
  );
  if (gone.length) await markSyncRequired(tx, collectionId);
  return gone.length;
}

/** Where a walk through a collection's documents in creation order stopped (keyset). */
export interface DocumentCursor {
  at: string;
  id: string;
}

/**
 * The next `limit` documents in `scope` after `after`, in creation order (`at` is the creation
 * time as text: a JS Date would lose its microseconds; `version`, the row version, changes with
 * every write of it); with `lock`, locked until the caller's transaction ends.
 */
export async function selectPiece(
  db: Queryable,
  scope: Condition,
  after: DocumentCursor | undefined,
  limit: number,
  { lock = false } = {},
) {
  const params = new SqlParams();
  const where = all([
    scope(params),
    after
      ? `(created_on, id) > (${params.add(after.at)}::timestamptz, ${params.add(after.id)}::text)`
      : 'TRUE',
  ]);
  return queryByCaller<{ id: string; at: string; content: JsonObject; version: string }>(
    db,
    `SELECT id, created_on::text AS at, content, xmin::text AS version FROM documents WHERE ${where}
     ORDER BY created_on, id LIMIT ${params.add(limit)}${lock ? ' FOR UPDATE' : ''}`,
    params.values,
  );
}

export const runSelect = <T>(db: Queryable, select: DocumentSelect) =>
  queryByCaller<T>(db, select.sql, select.params);
