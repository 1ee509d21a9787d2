import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collection,
  collectionSyncStatus,
  datastoreSyncResult,
  documentV2,
  type CollectionSchema,
} from '../../../src/api/contract';
import { actingAs } from '../access/principal';
import { readRows } from '../datasets/repository';
import { openStore, type Db } from '../store';
import { startTestPlatform, type TestPlatform } from '../testing';
import { Jobs } from '../core/jobs';
import { createCollection, createDatastore } from './repository';
import { DocumentSync } from './sync';
import {
  bulkCreate,
  documentServiceOn,
  documentsPath,
  expectError,
  newCollection,
  newDatastore,
  ok,
  queryDocuments,
  v1,
} from '../testing/datastores';
import { SortIndexesAndStatistics } from './sort-indexes-and-statistics';

const schema: CollectionSchema = {
  columns: [
    { name: 'orderNumber', type: 'LONG' },
    { name: 'customer', type: 'STRING' },
    { name: 'unitPrice', type: 'DECIMAL' },
    { name: 'placed', type: 'DATE' },
    { name: 'shippedAt', type: 'DATETIME' },
  ],
};
const good = (i: number) => ({
  orderNumber: i,
  customer: `C${i}`,
  unitPrice: 9.5,
  placed: '2026-01-31',
  shippedAt: '2026-02-01T10:00:00Z',
});

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ seed: false });
});
afterAll(() => platform.close());

const syncNow = (datastoreId: string) =>
  platform.api(`${v1}/export/${datastoreId}`, { method: 'POST' });
const statusOf = async (p: TestPlatform, collectionId: string) =>
  collectionSyncStatus.parse(await ok(await p.api(`${v1}/collections/${collectionId}/sync`)));

describe('sync now', () => {
  it('copies the documents into a linked dataset created on first sync, and clears the pending flags', async () => {
    const store = await newDatastore(platform);
    const created = await newCollection(platform, {
      datastoreId: store.id,
      schema,
      syncEnabled: true,
    });
    const unsynced = await newCollection(platform, { datastoreId: store.id });
    await bulkCreate(platform, created.id, [good(1), good(2), { orderNumber: 3 }]);
    await bulkCreate(platform, unsynced.id, [{ a: 1 }]);

    const result = datastoreSyncResult.parse(await ok(await syncNow(store.id)));
    expect(result.datastoreId).toBe(store.id);
    expect(result.collections).toHaveLength(1);
    expect(result.collections[0]).toMatchObject({
      collectionId: created.id,
      running: false,
      syncRequired: false,
      rowCount: 3,
      lastError: null,
    });
    const after = collection.parse(await ok(await platform.api(`${v1}/collections/${created.id}`)));
    expect(after.datasourceId).toBe(result.collections[0]!.datasourceId);
    expect(after.datasourceId).not.toBeNull();
    expect(after.syncRequired).toBe(false);
    expect(after.lastSync).not.toBeNull();
    const docs = await queryDocuments<{ syncRequired: boolean }>(platform, created.id, {});
    expect(docs.every((d) => !d.syncRequired)).toBe(true);
    expect((await statusOf(platform, unsynced.id)).syncRequired).toBe(true);
  });

  it('marks a sync pending on the next write, and the next sync keeps the same dataset', async () => {
    const created = await newCollection(platform, { schema, syncEnabled: true });
    await bulkCreate(platform, created.id, [good(1)]);
    const first = datastoreSyncResult.parse(await ok(await syncNow(created.datastoreId)))
      .collections[0]!;
    const doc = documentV2.parse(
      await ok(
        await platform.api(documentsPath(created.id), {
          method: 'POST',
          json: { content: good(2) },
        }),
      ),
    );
    expect(doc.syncRequired).toBe(true);
    expect((await statusOf(platform, created.id)).syncRequired).toBe(true);
    const second = datastoreSyncResult.parse(await ok(await syncNow(created.datastoreId)))
      .collections[0]!;
    expect(second).toMatchObject({
      datasourceId: first.datasourceId,
      rowCount: 2,
      syncRequired: false,
    });
    expect(Date.parse(second.lastSync!)).toBeGreaterThan(Date.parse(first.lastSync!));
  });

  it('fails the whole sync on a value that does not parse, recording document, column and value', async () => {
    const created = await newCollection(platform, { schema, syncEnabled: true });
    await bulkCreate(platform, created.id, [good(1)]);
    const bad = documentV2.parse(
      await ok(
        await platform.api(documentsPath(created.id), {
          method: 'POST',
          json: { content: { ...good(2), placed: '31/01/2026' } },
        }),
      ),
    );
    const result = datastoreSyncResult.parse(await ok(await syncNow(created.datastoreId)));
    const failed = result.collections[0]!;
    expect(failed).toMatchObject({
      syncRequired: true,
      rowCount: null,
      datasourceId: null,
      lastSync: null,
      running: false,
    });
    expect(failed.lastError?.message).toBe(
      `document ${bad.id}: column placed (DATE) cannot hold "31/01/2026": expected a date as YYYY-MM-DD`,
    );
    expect(Date.parse(failed.lastError!.at)).not.toBeNaN();

    await ok(
      await platform.api(`${documentsPath(created.id)}/${bad.id}`, {
        method: 'PUT',
        json: { content: good(2) },
      }),
    );
    const fixed = datastoreSyncResult.parse(await ok(await syncNow(created.datastoreId)))
      .collections[0]!;
    expect(fixed).toMatchObject({ lastError: null, rowCount: 2, syncRequired: false });
  });

  it('refuses a DATETIME with milliseconds and a LONG that is not whole', async () => {
    const created = await newCollection(platform, { schema, syncEnabled: true });
    await bulkCreate(platform, created.id, [{ shippedAt: '2026-02-01T10:00:00.000Z' }]);
    const failed = datastoreSyncResult.parse(await ok(await syncNow(created.datastoreId)))
      .collections[0]!;
    expect(failed.lastError?.message).toMatch(
      /column shippedAt \(DATETIME\) cannot hold "2026-02-01T10:00:00.000Z"/,
    );
    const other = await newCollection(platform, { schema, syncEnabled: true });
    await bulkCreate(platform, other.id, [{ orderNumber: 1.5 }]);
    const failedLong = datastoreSyncResult.parse(await ok(await syncNow(other.datastoreId)))
      .collections[0]!;
    expect(failedLong.lastError?.message).toMatch(
      /column orderNumber \(LONG\) cannot hold 1.5: expected a whole number/,
    );
  });

  it('answers 423 (7.1) to a sync of the datastore while one runs, here or in another process', async () => {
    const created = await newCollection(platform, { schema, syncEnabled: true });
    await bulkCreate(platform, created.id, [good(1), good(2)]);
    // A running sync is its claim: the row another process's sync holds under its lease. Taking
    // it here makes "while one runs" certain however fast the first sync would have been.
    const held = await platform.db.query(
      `UPDATE collections SET sync_running = true, sync_owner = 'another-process',
         sync_lease_until = now() + interval '60 seconds'
       WHERE id = $1 AND NOT sync_running RETURNING id`,
      [created.id],
    );
    expect(held).toHaveLength(1);
    const locked = await syncNow(created.datastoreId);
    const body = await expectError(locked, 423, /is running/);
    expect(body.statusReason).toBe('Locked');
    expect((await statusOf(platform, created.id)).running).toBe(true);

    await platform.db.query(
      `UPDATE collections SET sync_running = false, sync_owner = NULL, sync_lease_until = NULL
       WHERE id = $1`,
      [created.id],
    );
    const done = datastoreSyncResult.parse(await ok(await syncNow(created.datastoreId)));
    expect(done.collections[0]).toMatchObject({ rowCount: 2, lastError: null });
    expect((await statusOf(platform, created.id)).running).toBe(false);
  });

  it('of two syncs of the datastore asked at once, one runs: the other answers 423 or runs after it', async () => {
    const created = await newCollection(platform, { schema, syncEnabled: true });
    await bulkCreate(
      platform,
      created.id,
      Array.from({ length: 2000 }, (_, i) => good(i)),
    );
    const answers = await Promise.all([syncNow(created.datastoreId), syncNow(created.datastoreId)]);
    // Either the second met the first's claim (423) or came after it ended (200); never two
    // syncs of one collection at once, and the rows are there once.
    expect(answers.map((r) => r.status).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([200, 423]).toContain(r.status);
    expect(await statusOf(platform, created.id)).toMatchObject({
      running: false,
      rowCount: 2000,
      lastError: null,
    });
  });

  it('answers 200 with nothing to do for a datastore without synced collections, 404 for unknown ids', async () => {
    const store = await newDatastore(platform);
    expect(datastoreSyncResult.parse(await ok(await syncNow(store.id))).collections).toEqual([]);
    await expectError(await syncNow('nope'), 404, /Datastore nope not found/);
    await expectError(await platform.api(`${v1}/collections/nope/sync`), 404);
  });
});

describe('background sync', () => {
  let quick: TestPlatform;
  beforeAll(async () => {
    quick = await startTestPlatform({ seed: false, intervals: { syncMs: 200 } });
  });
  afterAll(() => quick.close());

  it('syncs collections with sync on and a sync pending, on its interval', async () => {
    const on = await newCollection(quick, { schema, syncEnabled: true });
    const off = await newCollection(quick, { schema, datastoreId: on.datastoreId });
    await bulkCreate(quick, on.id, [good(1), good(2)]);
    await bulkCreate(quick, off.id, [good(1)]);
    const deadline = Date.now() + 15_000;
    let status = await statusOf(quick, on.id);
    while (status.syncRequired && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await statusOf(quick, on.id);
    }
    expect(status).toMatchObject({ syncRequired: false, rowCount: 2, lastError: null });
    expect(await statusOf(quick, off.id)).toMatchObject({ syncRequired: true, rowCount: null });
  });
});

describe('the linked dataset', () => {
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-sync-'));
    db = process.env.DATABASE_URL
      ? await openStore({
          dataDir,
          databaseUrl: process.env.DATABASE_URL,
          schema: `t_sync_${Date.now()}`,
        })
      : await openStore({ dataDir });
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds one row per document and one typed column per schema column, named after the collection', async () => {
    const jobs = new Jobs(() => undefined);
    const documents = documentServiceOn(
      db,
      new SortIndexesAndStatistics(db, jobs, () => undefined),
    );
    const store = await createDatastore(db, 'sync', 1);
    const c = await createCollection(db, {
      datastoreId: store.id,
      name: 'orders',
      schema,
      syncEnabled: true,
      owner: 1,
    });
    await documents.createMany(actingAs(1), c.id, [
      { content: good(1) },
      { content: { orderNumber: '2', unitPrice: '3.25', customer: 42, extra: 'ignored' } },
    ]);
    await new DocumentSync(db, () => undefined).syncDatastore(store.id);
    const [dataset] = await db.query<{
      id: string;
      name: string;
      columns: Array<{ name: string; type: string }>;
      row_count: number;
    }>('SELECT d.* FROM datasets d JOIN collections c ON c.datasource_id = d.id WHERE c.id = $1', [
      c.id,
    ]);
    expect(dataset).toMatchObject({ name: 'orders', row_count: 2 });
    expect(dataset!.columns.map((col) => [col.name, col.type])).toEqual(
      schema.columns.map((col) => [col.name, col.type]),
    );
    expect(await readRows(db, dataset!.id, 10, 0)).toEqual([
      [1, 'C1', 9.5, '2026-01-31', '2026-02-01T10:00:00Z'],
      [2, '42', 3.25, null, null],
    ]);
    await jobs.stop();
  });
});
