import type { CollectionSchema, JsonObject } from '../../../src/api/contract';
import type { PlatformDeps } from '../core/context';
import { PlatformError } from '../core/errors';
import { columnsFrom, createDataset, replaceRows, type Cell } from '../datasets/store';
import type { Db, Queryable } from '../store';
import { lockCollection } from './documents';
import type { SyncStatusRow } from './mappers';
import { datastoreNotFound } from './repository';
import { SyncValueError, toRow } from './sync-cells';

/**
 * Sync (gaps.md): a sync-enabled collection's documents become the rows of its linked dataset,
 * one row per document and one column per schema column. `sync_running` is claimed with one
 * UPDATE ... WHERE NOT sync_running, so two callers never sync one collection at once.
 */
export class DocumentSync {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
  ) {}

  /** "Sync now": every sync-enabled collection of the datastore, answered when done; 423 while one runs. */
  async syncDatastore(datastoreId: string): Promise<string[]> {
    // One statement, the first of the request: nothing claimed while the datastore has
    // sync-enabled collections means another sync holds them.
    const [claim] = await this.db.query<{ found: boolean; enabled: number; claimed: string[] }>(
      `WITH claimed AS (
         UPDATE collections SET sync_running = true
         WHERE datastore_id = $1 AND sync_enabled AND NOT sync_running
           AND NOT EXISTS (SELECT 1 FROM collections r WHERE r.datastore_id = $1 AND r.sync_running)
         RETURNING id)
       SELECT EXISTS (SELECT 1 FROM datastores WHERE id = $1) AS found,
         (SELECT count(*) FROM collections WHERE datastore_id = $1 AND sync_enabled) AS enabled,
         ARRAY(SELECT id FROM claimed) AS claimed`,
      [datastoreId],
    );
    if (!claim?.found) throw datastoreNotFound(datastoreId);
    const claimed = claim.claimed;
    if (claimed.length === 0 && claim.enabled > 0)
      throw new PlatformError(
        423,
        `A sync of datastore ${datastoreId} is running; try again when it has finished`,
      );
    for (const id of claimed) await this.syncClaimed(id);
    return claimed;
  }

  /** The background sync: collections with sync on and a sync pending. */
  async syncPending() {
    const due = await this.db.query<{ id: string }>(
      'SELECT id FROM collections WHERE sync_enabled AND sync_required AND NOT sync_running ORDER BY updated_on',
    );
    for (const { id } of due) {
      const claimed = await this.db.query(
        'UPDATE collections SET sync_running = true WHERE id = $1 AND sync_enabled AND NOT sync_running RETURNING id',
        [id],
      );
      if (claimed.length) await this.syncClaimed(id);
    }
  }

  /** A stop in the middle of a sync leaves the flag set; nothing runs before start. */
  async clearStaleRuns() {
    await this.db.query('UPDATE collections SET sync_running = false WHERE sync_running');
  }

  private async syncClaimed(collectionId: string) {
    try {
      await nextTurn();
      await this.db.transaction((tx) => copyToDataset(tx, collectionId));
    } catch (error) {
      const reason =
        error instanceof SyncValueError ? error.message : `the sync failed: ${String(error)}`;
      if (!(error instanceof SyncValueError))
        this.log(`sync of collection ${collectionId}: ${String(error)}`);
      await this.db.query(
        'UPDATE collections SET last_sync_error = $2, last_sync_error_at = now() WHERE id = $1',
        [collectionId, reason],
      );
    } finally {
      await this.db.query('UPDATE collections SET sync_running = false WHERE id = $1', [
        collectionId,
      ]);
    }
  }
}

/**
 * PGlite runs in this thread and its queries resolve without returning to the event loop: a
 * sync yields now and then, so requests are still read while it runs (and a second "sync now"
 * meets the claim and answers 423 instead of waiting for the end).
 */
const TURN_ROWS = 500;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function copyToDataset(tx: Queryable, collectionId: string) {
  // The lock writers take first: no write lands between reading the documents and clearing their flags.
  const collection = await lockCollection(tx, collectionId);
  const schema: CollectionSchema = collection.schema;
  const docs = await tx.query<{ id: string; content: JsonObject }>(
    'SELECT id, content FROM documents WHERE collection_id = $1 ORDER BY created_on, id',
    [collectionId],
  );
  const rows: Cell[][] = [];
  for (let start = 0; start < docs.length; start += TURN_ROWS) {
    await nextTurn();
    for (const d of docs.slice(start, start + TURN_ROWS))
      rows.push(toRow(schema.columns, d.id, d.content));
  }
  const columns = columnsFrom(schema.columns);
  let datasetId = collection.datasource_id;
  if (
    datasetId === null ||
    (await tx.query('SELECT 1 FROM datasets WHERE id = $1', [datasetId])).length === 0
  )
    datasetId = await createDataset(tx, {
      name: collection.name,
      owner: collection.owner,
      columns,
    });
  await replaceRows(tx, datasetId, columns, rows);
  await tx.query(
    'UPDATE documents SET sync_required = false WHERE collection_id = $1 AND sync_required',
    [collectionId],
  );
  await tx.query(
    `UPDATE collections SET sync_required = false, last_sync = clock_timestamp(), datasource_id = $2,
       last_sync_error = NULL, last_sync_error_at = NULL
     WHERE id = $1`,
    [collectionId, datasetId],
  );
}

export async function readSyncStatus(db: Queryable, collectionIds: string[]) {
  return db.query<SyncStatusRow>(
    `SELECT c.id, c.sync_running, c.last_sync, c.sync_required, c.last_sync_error, c.last_sync_error_at,
       c.datasource_id, d.row_count
     FROM collections c LEFT JOIN datasets d ON d.id = c.datasource_id
     WHERE c.id = ANY($1::text[]) ORDER BY c.name, c.id`,
    [collectionIds],
  );
}

/** One sync service per platform, with the background run on `intervals.syncMs`. */
export function startDocumentSync(deps: PlatformDeps): DocumentSync {
  const sync = new DocumentSync(deps.db, deps.log);
  deps.jobs.run('document-sync-reset', () => sync.clearStaleRuns());
  deps.jobs.every('document-sync', deps.intervals.syncMs, () => sync.syncPending());
  return sync;
}
