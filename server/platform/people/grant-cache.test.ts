import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signals, type ChannelWatch } from '../jobs/signals';
import type { Db, Queryable } from '../store';
import { testFolder, type TestFolder } from '../testing';
import {
  GRANT_CACHE_USERS,
  cachedGrants,
  forgetGrants,
  nextGrantsChange,
  watchGrants,
  type HeldGrants,
} from './grant-cache';
import { grantsOfUsers, hasGrant } from './grants';

// The grants a user holds are kept in memory per store, and forgotten whenever the
// database announces a change (migration 195's triggers), so /v1's check sends no statement.

/** A read that answers only when the test says so, counting its calls. */
function controlledRead() {
  const calls: Array<{ ids: number[]; answer: (held: Record<number, HeldGrants>) => void }> = [];
  const read = (ids: number[]) =>
    new Promise<Map<number, HeldGrants>>((resolve) =>
      calls.push({
        ids,
        answer: (held) => resolve(new Map(Object.entries(held).map(([k, v]) => [Number(k), v]))),
      }),
    );
  return { calls, read };
}

describe('the grant cache (fake store)', () => {
  /** A PGlite-like store whose NOTIFYs the test sends itself. */
  async function watched() {
    let notify: (payload: string) => void = () => undefined;
    const db = {
      kind: 'pglite',
      query: () => Promise.resolve([]),
      listen: (_channel: string, fn: (payload: string) => void) => {
        notify = fn;
        return Promise.resolve(() => undefined);
      },
    } as unknown as Db;
    await watchGrants(db, new Signals());
    return { db, notify: () => notify('public') };
  }

  it('reads a user once, shares a read in flight, and never keeps a read that began before a change', async () => {
    const { db, notify } = await watched();
    const { calls, read } = controlledRead();
    const first = cachedGrants(db, [2], read);
    const joined = cachedGrants(db, [2], read);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    calls[0]!.answer({ 2: ['Workflow API'] });
    expect((await first)?.get(2)).toEqual(['Workflow API']);
    expect((await joined)?.get(2)).toEqual(['Workflow API']);
    expect((await cachedGrants(db, [2], read))?.get(2)).toEqual(['Workflow API']);
    expect(calls).toHaveLength(1);

    // A read that began before the change answers after it: answered, not kept.
    notify();
    const stale = cachedGrants(db, [2], read);
    await Promise.resolve();
    notify();
    calls[1]!.answer({ 2: ['Workflow API'] });
    await stale;
    const fresh = cachedGrants(db, [2], read);
    await Promise.resolve();
    expect(calls).toHaveLength(3);
    calls[2]!.answer({});
    expect((await fresh)?.get(2)).toEqual([]);
    expect((await cachedGrants(db, [2], read))?.get(2)).toEqual([]);
    expect(calls).toHaveLength(3);
  });

  it('forgets on forgetGrants, and keeps at most GRANT_CACHE_USERS users', async () => {
    const { db } = await watched();
    let reads = 0;
    const read = (ids: number[]) => {
      reads++;
      return Promise.resolve(new Map(ids.map((id) => [id, [`grant ${id}`]])));
    };
    await cachedGrants(db, [1], read);
    forgetGrants(db);
    await cachedGrants(db, [1], read);
    expect(reads).toBe(2);
    const many = Array.from({ length: GRANT_CACHE_USERS }, (_, i) => i + 2);
    await cachedGrants(db, many, read);
    expect(reads).toBe(3);
    // User 1 was asked before the others: the first to go.
    await cachedGrants(db, [GRANT_CACHE_USERS + 1], read);
    await cachedGrants(db, [1], read);
    expect(reads).toBe(4);
  });

  it('on PostgreSQL: trusted only while the LISTEN connection listens; forgets on its own schema', async () => {
    let watch: ChannelWatch | undefined;
    const signals = {
      watch: (w: ChannelWatch) => {
        watch = w;
        return Promise.resolve(() => undefined);
      },
    } as unknown as Signals;
    const db = {
      kind: 'postgres',
      query: () => Promise.resolve([{ schema: 'mine' }]),
    } as unknown as Db;
    await watchGrants(db, signals);
    let reads = 0;
    const read = () => {
      reads++;
      return Promise.resolve(new Map([[1, ['Workflow API']]]));
    };
    expect(await cachedGrants(db, [1], read)).toBeUndefined();
    watch!.listening(true);
    await cachedGrants(db, [1], read);
    await cachedGrants(db, [1], read);
    expect(reads).toBe(1);
    watch!.notify('another schema');
    await cachedGrants(db, [1], read);
    expect(reads).toBe(1);
    watch!.notify('mine');
    await cachedGrants(db, [1], read);
    expect(reads).toBe(2);
    watch!.listening(false);
    expect(await cachedGrants(db, [1], read)).toBeUndefined();
    watch!.listening(true);
    await cachedGrants(db, [1], read);
    expect(reads).toBe(3);
  });
});

describe('grants on a real store (PGlite, or PostgreSQL with DATABASE_URL)', () => {
  let folder: TestFolder;
  let store: Db;
  let signals: Signals;
  let db: Db;
  let statements = 0;
  const onPostgres = () => store.kind === 'postgres';

  beforeAll(async () => {
    folder = testFolder('grant-cache-', 'migrated');
    store = await folder.openStore();
    await store.query(
      `INSERT INTO users (id, display_name, email_address, password_hash, role) VALUES
         (1, 'Ada', 'ada@example.com', '', 'Admin'), (4, 'Dev', 'dev@example.com', '', 'Participant')`,
    );
    signals = await Signals.open(folder.databaseUrl, folder.schema);
    db = {
      ...store,
      query: (sql, params) => {
        statements++;
        return store.query(sql, params);
      },
    };
    await watchGrants(db, signals);
  }, 60_000);
  afterAll(async () => {
    await signals?.close();
    await store?.close();
    await folder?.remove();
  });

  it('answers a check after the first with no statement sent', async () => {
    expect(await hasGrant(db, 1, 'Workflow API')).toBe(true);
    const after = statements;
    expect(await hasGrant(db, 1, 'Workflow API')).toBe(true);
    expect(await hasGrant(db, 1, 'Manage security')).toBe(true);
    expect(await hasGrant(db, 1, 'Read activity log')).toBe(false);
    expect((await grantsOfUsers(db, [1]))(1)).toEqual(['Manage security', 'Workflow API']);
    expect(statements).toBe(after);
  });

  it('sees a raw INSERT and DELETE of user_grants at the next check', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await hasGrant(db, 4, 'Workflow API')).toBe(false);
      let changed = nextGrantsChange(db);
      await db.query(`INSERT INTO user_grants (user_id, grant_name) VALUES (4, 'Workflow API')`);
      // PostgreSQL's NOTIFY reaches the LISTEN connection a little later; PGlite's has arrived.
      if (onPostgres()) await changed;
      expect(await hasGrant(db, 4, 'Workflow API')).toBe(true);
      expect((await grantsOfUsers(db, [4, 1]))(4)).toEqual(['Workflow API']);
      changed = nextGrantsChange(db);
      await db.query(`DELETE FROM user_grants WHERE user_id = 4`);
      if (onPostgres()) await changed;
      expect(await hasGrant(db, 4, 'Workflow API')).toBe(false);
    }
  });

  it("sees a user's role and a role's grants changed in a transaction, not a rolled-back one", async () => {
    expect(await hasGrant(db, 4, 'Workflow API')).toBe(false);
    let changed = nextGrantsChange(db);
    await db.transaction((tx) => tx.query(`UPDATE users SET role = 'Privileged' WHERE id = 4`));
    if (onPostgres()) await changed;
    expect(await hasGrant(db, 4, 'Workflow API')).toBe(true);
    changed = nextGrantsChange(db);
    await db.batch([{ sql: `DELETE FROM role_grants WHERE role = 'Privileged'` }]);
    if (onPostgres()) await changed;
    expect(await hasGrant(db, 4, 'Workflow API')).toBe(false);
    const before = statements;
    await expect(
      db.transaction(async (tx: Queryable) => {
        await tx.query(
          `INSERT INTO role_grants (role, grant_name) VALUES ('Privileged', 'Workflow API')`,
        );
        // Inside the transaction its own write is seen (a transaction's reads are not kept).
        expect(await hasGrant(tx, 4, 'Workflow API')).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await hasGrant(db, 4, 'Workflow API')).toBe(false);
    expect(statements).toBe(before);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL: reads the database while the LISTEN connection is down, keeps again once it is back',
    async () => {
      const reset = nextGrantsChange(db);
      await db.batch([
        { sql: `INSERT INTO role_grants VALUES ('Privileged', 'Workflow API')` },
        { sql: `UPDATE users SET role = 'Participant' WHERE id = 4` },
        { sql: 'DELETE FROM user_grants' },
      ]);
      await reset;
      expect(await hasGrant(db, 4, 'Workflow API')).toBe(false);
      const sent = async () => {
        const before = statements;
        await hasGrant(db, 4, 'Workflow API');
        return statements - before;
      };
      expect(await sent()).toBe(0);
      // The LISTEN connection drops: what is written meanwhile is never heard.
      const listener = () => (signals as unknown as { client?: { processID: number } }).client;
      await store.query('SELECT pg_terminate_backend($1)', [listener()!.processID]);
      await expect.poll(listener).toBeUndefined(); // Signals has seen the connection end
      await db.query(`INSERT INTO user_grants (user_id, grant_name) VALUES (4, 'Workflow API')`);
      expect(await hasGrant(db, 4, 'Workflow API')).toBe(true);
      expect(await sent()).toBe(1);
      // Signals listens again after a second: kept in memory again, and changes heard.
      await expect.poll(sent, { timeout: 5_000, interval: 100 }).toBe(0);
      expect(await hasGrant(db, 4, 'Workflow API')).toBe(true);
      const changed = nextGrantsChange(db);
      await db.query('DELETE FROM user_grants WHERE user_id = 4');
      await changed;
      expect(await hasGrant(db, 4, 'Workflow API')).toBe(false);
    },
  );
});
