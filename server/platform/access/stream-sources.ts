import type { CollectionRow } from '../datastores/mappers';
import { getDataFile, type DataFileRow } from '../files/repository';
import type { Queryable } from '../store';
import { collectionPermissions, decideCollection, permissionNeeded } from './collections';
import { decideDataFile } from './data-files';
import type { Principal } from './policy';

/**
 * What a stream may read (issue 23): its source, as the user who runs it (who creates it, who
 * starts a run, the owner for a scheduled run). A `document-store` stream needs the documents'
 * read permission on its collection (collections.ts); a `data-file` stream needs read access to
 * its data file (data-files.ts). `unknown` also stands for a source the user may not see.
 */
export type SourceAccess<T> =
  | { state: 'allowed'; source: T }
  | { state: 'unknown' }
  | { state: 'refused'; source: T; needed: string };

export const COLLECTION_READ_NEEDED = permissionNeeded.readContent;

export async function collectionReadAccess(
  db: Queryable,
  actor: Principal,
  collectionId: string,
): Promise<SourceAccess<CollectionRow>> {
  const [collection] = await db.query<CollectionRow>('SELECT * FROM collections WHERE id = $1', [
    collectionId,
  ]);
  if (!collection) return { state: 'unknown' };
  const decision = decideCollection(
    await collectionPermissions(db, actor, collection),
    'readContent',
  );
  if (decision.allowed) return { state: 'allowed', source: collection };
  if (decision.status === 404) return { state: 'unknown' };
  return { state: 'refused', source: collection, needed: COLLECTION_READ_NEEDED };
}

export async function dataFileReadAccess(
  db: Queryable,
  actor: Principal,
  dataFileId: number,
): Promise<SourceAccess<DataFileRow>> {
  const file = await getDataFile(db, dataFileId).catch(() => undefined);
  if (!file) return { state: 'unknown' };
  const decision = decideDataFile(actor, file, 'read');
  if (decision.allowed) return { state: 'allowed', source: file };
  if (decision.status === 404) return { state: 'unknown' };
  return { state: 'refused', source: file, needed: decision.needed ?? 'read access' };
}
