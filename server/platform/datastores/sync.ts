import { randomUUID } from 'node:crypto';
import type { CollectionSchema, JsonObject } from '../../../src/api/contract';
import { PlatformError } from '../core/errors';
import { columnsFrom, createDataset, replaceRows, type Cell } from '../datasets/store';
import type { Db, Queryable } from '../store';
import { VISIBLE_DOCUMENT, lockCollection } from './document-repository';
import { datastoreNotFound } from './repository';
import { SyncValueError, toRow } from './sync-cells';

/** A claim is free when no sync holds it or its holder's lease ran out (that process died). */
const FREE = '(NOT sync_running OR sync_lease_until IS NULL OR sync_lease_until < now())';
const HELD = 'sync_running AND sync_lease_until >= now()';

export const SYNC_LEASE_EXPIRED =
  'Interrupted: the process running this sync stopped and its lease expired';
const SYNC_LEASE_LOST = 'the sync lease was lost';

/**
 * Sync (gaps.md): a sync-enabled collection's documents become the rows of its linked dataset,
 * one row per document and one column per schema column. `sync_running` is claimed with one
 * UPDATE under a lease (`sync_owner`, `sync_lease_until`), so two callers, in one process or
 * in several on one PostgreSQL, never sync one collection at once.
 */
export class DocumentSync {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
    private readonly leaseSeconds = 60,
    private readonly owner: string = randomUUID(),
  ) {}

  /**
   * "Sync now": every sync-enabled collection of the datastore, answered when done; 423 while
   * one runs. Whoever may start it was decided before (DatastoreService.syncNow): the claim is
   * one statement, so of two calls at once one claims and the other is told.
   */
  async syncDatastore(datastoreId: string): Promise<string[]> {
    const [claim] = await this.db.query<{ found: boolean; enabled: number; claimed: string[] }>(
      `WITH claimed AS (
         UPDATE collections SET sync_running = true, sync_owner = $2,
           sync_lease_until = now() + make_interval(secs => $3)
         WHERE datastore_id = $1 AND sync_enabled AND ${FREE}
           AND NOT EXISTS (SELECT 1 FROM collections r WHERE r.datastore_id = $1 AND r.${HELD})
         RETURNING id)
       SELECT EXISTS (SELECT 1 FROM datastores WHERE id = $1) AS found,
         (SELECT count(*) FROM collections WHERE datastore_id = $1 AND sync_enabled) AS enabled,
         ARRAY(SELECT id FROM claimed) AS claimed`,
      [datastoreId, this.owner, this.leaseSeconds],
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
    await this.releaseExpired();
    const due = await this.db.query<{ id: string }>(
      `SELECT id FROM collections WHERE sync_enabled AND sync_required AND ${FREE} ORDER BY updated_on`,
    );
    for (const { id } of due) {
      const claimed = await this.db.query(
        `UPDATE collections SET sync_running = true, sync_owner = $2,
           sync_lease_until = now() + make_interval(secs => $3)
         WHERE id = $1 AND sync_enabled AND ${FREE} RETURNING id`,
        [id, this.owner, this.leaseSeconds],
      );
      if (claimed.length) await this.syncClaimed(id);
    }
  }

  /**
   * A sync whose process died leaves its claim: once the lease ran out it is released with the
   * reason. `orphans`: a store only this process opens (PGlite) releases every claim at start.
   */
  async releaseExpired(orphans = false) {
    await this.db.query(
      `UPDATE collections SET sync_running = false, sync_owner = NULL, sync_lease_until = NULL,
         last_sync_error = $1, last_sync_error_at = now()
       WHERE sync_running AND (sync_lease_until IS NULL OR sync_lease_until < now()
         OR $2 AND sync_owner IS DISTINCT FROM $3)`,
      [SYNC_LEASE_EXPIRED, orphans, this.owner],
    );
  }

  private async syncClaimed(collectionId: string) {
    const renew = () =>
      this.db.query(
        `UPDATE collections SET sync_lease_until = now() + make_interval(secs => $3)
         WHERE id = $1 AND sync_owner = $2 AND sync_running RETURNING id`,
        [collectionId, this.owner, this.leaseSeconds],
      );
    const beat = setInterval(
      () => void renew().catch(() => undefined),
      (this.leaseSeconds * 1000) / 3,
    );
    beat.unref();
    try {
      await nextTurn();
      await this.db.transaction(async (tx) => {
        // Takes the row lock writers take first (no write lands between reading the documents
        // and clearing their flags) and checks the claim is still this process's.
        const [held] = await tx.query(
          `UPDATE collections SET sync_lease_until = now() + make_interval(secs => $3)
           WHERE id = $1 AND sync_owner = $2 AND sync_running RETURNING id`,
          [collectionId, this.owner, this.leaseSeconds],
        );
        if (!held) throw new Error(SYNC_LEASE_LOST);
        await copyToDataset(tx, collectionId);
      });
    } catch (error) {
      if ((error as Error).message === SYNC_LEASE_LOST) return;
      const reason =
        error instanceof SyncValueError ? error.message : `the sync failed: ${String(error)}`;
      if (!(error instanceof SyncValueError))
        this.log(`sync of collection ${collectionId}: ${String(error)}`);
      await this.db.query(
        'UPDATE collections SET last_sync_error = $2, last_sync_error_at = now() WHERE id = $1',
        [collectionId, reason],
      );
    } finally {
      clearInterval(beat);
      await this.db.query(
        `UPDATE collections SET sync_running = false, sync_owner = NULL, sync_lease_until = NULL
         WHERE id = $1 AND sync_owner = $2`,
        [collectionId, this.owner],
      );
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

/** Runs in the transaction that holds the collection's lock (syncClaimed). */
async function copyToDataset(tx: Queryable, collectionId: string) {
  const collection = await lockCollection(tx, collectionId);
  const schema: CollectionSchema = collection.schema;
  const docs = await tx.query<{ id: string; content: JsonObject }>(
    `SELECT id, content FROM documents WHERE collection_id = $1 AND ${VISIBLE_DOCUMENT}
     ORDER BY created_on, id`,
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
