import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../core/errors';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { createCollection, createDatastore } from './repository';
import { DocumentSync, SYNC_LEASE_EXPIRED } from './sync';

/** The one-sync-per-collection claim is a lease in the database, not a flag in memory. */
describe('a sync claim', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestStore('platform-sync-lease-');
  });
  afterAll(async () => {
    await db.close();
  });

  const claimedBy = (id: string, owner: string, seconds: number) =>
    db.query(
      `UPDATE collections SET sync_running = true, sync_owner = $2,
         sync_lease_until = now() + make_interval(secs => $3) WHERE id = $1`,
      [id, owner, seconds],
    );

  it("held by another process answers 423; once its lease ran out, 'sync now' takes it over", async () => {
    const store = await createDatastore(db, 'leases', 1);
    const c = await createCollection(db, {
      datastoreId: store.id,
      name: 'held',
      schema: { columns: [] },
      syncEnabled: true,
      owner: 1,
    });
    const here = new DocumentSync(db, () => undefined, 30, 'this-process');
    await claimedBy(c.id, 'another-process', 60);
    await expect(here.syncDatastore(store.id)).rejects.toSatisfy(
      (e) => e instanceof PlatformError && e.status === 423,
    );
    await claimedBy(c.id, 'a-process-that-died', -1);
    expect(await here.syncDatastore(store.id)).toEqual([c.id]);
    const [after] = await db.query<{ sync_running: boolean; sync_owner: string | null }>(
      'SELECT sync_running, sync_owner FROM collections WHERE id = $1',
      [c.id],
    );
    expect(after).toEqual({ sync_running: false, sync_owner: null });
  });

  it('that ran out and was not taken over is released with the reason', async () => {
    const store = await createDatastore(db, 'expired', 1);
    const c = await createCollection(db, {
      datastoreId: store.id,
      name: 'expired',
      schema: { columns: [] },
      syncEnabled: false,
      owner: 1,
    });
    const live = await createCollection(db, {
      datastoreId: store.id,
      name: 'live',
      schema: { columns: [] },
      syncEnabled: false,
      owner: 1,
    });
    await claimedBy(c.id, 'a-process-that-died', -1);
    await claimedBy(live.id, 'another-process', 60);
    await new DocumentSync(db, () => undefined, 30, 'this-process').releaseExpired();
    const rows = await db.query<{ id: string; sync_running: boolean; last_sync_error: string }>(
      'SELECT id, sync_running, last_sync_error FROM collections WHERE id = ANY($1) ORDER BY name',
      [[c.id, live.id]],
    );
    expect(rows).toEqual([
      { id: c.id, sync_running: false, last_sync_error: SYNC_LEASE_EXPIRED },
      { id: live.id, sync_running: true, last_sync_error: null },
    ]);
  });
});
