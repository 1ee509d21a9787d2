import { changed, recordEvent } from '../audit/record';
import {
  permissionNames,
  type CollectionFilter,
  type CollectionSchema,
  type UpdateCollectionBody,
} from '../../../src/api/contract';
import { collectionForUser, operationsToUpdate } from '../access/collections';
import { PlatformError, badRequest } from '../core/errors';
import type { Db } from '../store';
import { toCollection, type CollectionRow } from './mappers';
import { translateFilter } from './query/filter';
import { updateCollection, userExists } from './repository';

/** Schema column names are unique within a collection: they become the linked dataset's columns. */
export function checkSchema(schema: CollectionSchema) {
  const seen = new Set<string>();
  for (const { name } of schema.columns) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) throw badRequest(`schema.columns: the column name ${name} appears twice`);
    seen.add(key);
  }
}

export function checkFilters(filters: CollectionFilter[]) {
  filters.forEach((f, i) => {
    try {
      translateFilter(f.query);
    } catch (error) {
      if (error instanceof PlatformError) throw badRequest(`filters.${i}.query: ${error.message}`);
      throw error;
    }
  });
}

export function checkPermissions(text: string) {
  for (const item of text.split(',').map((s) => s.trim())) {
    if (!(permissionNames as readonly string[]).includes(item))
      throw badRequest(
        `defaultPermissions: unknown permission ${item} (use ${permissionNames.join(', ')})`,
      );
  }
}

/**
 * Change a collection's settings as `actorId` (gaps.md: partial update): every caller goes
 * through here, so the permission each changed setting needs (access/collections.ts) is checked
 * before anything is judged or written.
 */
export async function updateCollectionSettings(
  db: Db,
  actorId: number,
  id: string,
  changes: UpdateCollectionBody,
): Promise<CollectionRow> {
  const before = await collectionForUser(db, actorId, id, ...operationsToUpdate(changes));
  if (changes.schema) checkSchema(changes.schema);
  if (changes.filters) checkFilters(changes.filters);
  if (changes.defaultPermissions) checkPermissions(changes.defaultPermissions);
  if (changes.owner !== undefined && !(await userExists(db, changes.owner)))
    throw badRequest(`owner: no user has the id ${changes.owner}`);
  return db.transaction(async (tx) => {
    const row = await updateCollection(tx, id, changes, actorId);
    await recordEvent(
      tx,
      actorId,
      'collection.changed',
      { type: 'collection', id, name: row.name, parent: row.datastore_id },
      changed(toCollection(before), changes),
    );
    return row;
  });
}
