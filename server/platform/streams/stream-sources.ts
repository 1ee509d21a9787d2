import { decideCollection, permissionNeeded, permissionsOnCollection } from '../access/collections';
import { decideDataFile } from '../access/data-files';
import type { Principal } from '../access/principal';
import { decideSource, sourceOperation, type SourceAccess } from '../access/stream-sources';
import { accessCondition, loadCaller } from '../datastores/access';
import { inCollection } from '../datastores/documents';
import type { CollectionRow } from '../datastores/mappers';
import { SqlParams } from '../datastores/query/sql-params';
import { findCollection } from '../datastores/repository';
import { dataFileId, getDataFile, readRevision, type DataFileRow } from '../files/repository';
import type { Queryable } from '../store';
import type { FileStore } from '../store/files';
import { documentContents } from './repository';

export type { SourceAccess };
export type SourceCollection = CollectionRow;
export type SourceDataFile = DataFileRow;

/** The permission a `document-store` stream's user needs on its collection. */
export const COLLECTION_READ_NEEDED = permissionNeeded[sourceOperation['document-store']];
const DATA_FILE_READ_NEEDED = 'read access';

/** A data file's id as a stream's configuration gives it; -1 when it names none. */
export const parseDataFileId = (raw: string) => dataFileId(raw);

/**
 * Every read a stream makes of another area's data, in one place: a collection and its documents
 * (the document store), a data file and its current revision (the files area). Access to each is
 * decided by the area that holds it, for the user who runs the stream (access/stream-sources.ts).
 */
export class StreamSources {
  constructor(
    private readonly db: Queryable,
    private readonly files: FileStore,
  ) {}

  async collection(principal: Principal, id: string): Promise<SourceAccess<SourceCollection>> {
    const found = await findCollection(this.db, id, principal);
    if (!found) return { state: 'unknown' };
    const permissions = permissionsOnCollection(
      principal,
      found.collection,
      found.datastoreOwner,
      found.grants,
    );
    return decideSource(
      found.collection,
      decideCollection(permissions, sourceOperation['document-store']),
      COLLECTION_READ_NEEDED,
    );
  }

  /**
   * The content of the collection's documents the user reads through the API (the collection's
   * document filters apply), in creation order.
   */
  async documents(principal: Principal, collection: SourceCollection) {
    const caller = await loadCaller(this.db, principal.id, collection.filters);
    const params = new SqlParams();
    const where = inCollection(
      collection.id,
      accessCondition(collection.filters, caller, 'READ'),
    )(params);
    return documentContents(this.db, where, params.values);
  }

  async dataFile(principal: Principal, id: number): Promise<SourceAccess<SourceDataFile>> {
    const file = await getDataFile(this.db, id).catch(() => undefined);
    if (!file) return { state: 'unknown' };
    return decideSource(
      file,
      decideDataFile(principal, file, sourceOperation['data-file']),
      DATA_FILE_READ_NEEDED,
    );
  }

  /** The bytes of the data file's current revision (a 404 PlatformError when it has none). */
  async dataFileBytes(id: number): Promise<Uint8Array> {
    return (await readRevision(this.db, this.files, id)).body;
  }
}
