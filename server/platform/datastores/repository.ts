import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../../src/api/contract';
import { notFound } from '../core/errors';
import type { Queryable } from '../store';
import type { CollectionRow, DatastoreRow, DocumentRow } from './mappers';

/** Spec 4.1: a missing collection and one the caller may not see read the same. */
export const collectionNotFound = (id: string) =>
  notFound(`Collection ${id} not found, or you have no permission to it`);

export const listDatastores = (db: Queryable) =>
  db.query<DatastoreRow>('SELECT * FROM datastores ORDER BY name, id');

export const listCollections = (db: Queryable, datastoreId?: string) =>
  datastoreId === undefined
    ? db.query<CollectionRow>('SELECT * FROM collections ORDER BY name, id')
    : db.query<CollectionRow>('SELECT * FROM collections WHERE datastore_id = $1 ORDER BY name, id', [
        datastoreId,
      ]);

export async function getCollection(db: Queryable, id: string): Promise<CollectionRow> {
  const [row] = await db.query<CollectionRow>('SELECT * FROM collections WHERE id = $1', [id]);
  if (!row) throw collectionNotFound(id);
  return row;
}

/** A document write makes the collection's sync pending (gaps.md: syncRequired). */
export async function insertDocuments(
  tx: Queryable,
  collection: CollectionRow,
  contents: JsonObject[],
  userId: number,
): Promise<DocumentRow[]> {
  if (contents.length === 0) return [];
  const now = new Date();
  const ids = contents.map(() => randomUUID());
  const rows = await tx.query<DocumentRow>(
    `INSERT INTO documents (id, collection_id, datastore_id, owner, created_by, updated_by,
       created_on, updated_on, sync_required, content)
     SELECT id, $2, $3, $4, $4, $4, $5, $5, true, content
     FROM unnest($1::text[], $6::jsonb[]) AS t(id, content)
     RETURNING *`,
    [ids, collection.id, collection.datastore_id, userId, now, contents.map((c) => JSON.stringify(c))],
  );
  await tx.query('UPDATE collections SET sync_required = true WHERE id = $1', [collection.id]);
  return rows;
}
