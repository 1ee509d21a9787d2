import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteFolder } from '../testing';
import { NoRows, type Db } from './db';
import { openPglite } from './pglite';
import { inBackground } from './priority';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PGlite in a worker thread. The platform's thread stays free while a statement
 * runs; answers and errors come back as PGlite gives them; work is taken in arrival order.
 * PGlite only: with DATABASE_URL the platform never opens it.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite in its own thread', () => {
  const opened: Array<{ db: Db; dir: string }> = [];
  const open = async (sharedBuffersMb?: number) => {
    const dir = pgliteFolder('pglite-thread-');
    const db = await openPglite(dir, sharedBuffersMb);
    opened.push({ db, dir });
    await db.exec(
      'CREATE TABLE t (id int PRIMARY KEY, label text, at timestamptz, body bytea, doc jsonb)',
    );
    return db;
  };
  afterEach(async () => {
    for (const { db, dir } of opened.splice(0)) {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sizes its shared buffers as configured: 16 MB unless told (PGLITE_SHARED_BUFFERS_MB)', async () => {
    expect(await (await open()).query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    expect(await (await open(48)).query('SHOW shared_buffers')).toEqual([
      { shared_buffers: '48MB' },
    ]);
  });

  it('keeps the event loop free while a long statement runs', async () => {
    const db = await open();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = performance.now();
    // A statement that keeps PGlite busy for a second or more.
    await db.query('SELECT count(*) FROM generate_series(1, 3000000) a, generate_series(1, 2) b');
    const took = performance.now() - started;
    clearInterval(timer);
    expect(took).toBeGreaterThan(300);
    // In the platform's own thread not one tick could run until the statement ended.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 20 / 4));
  });

  it('gives back rows with their types, and errors with their PostgreSQL fields', async () => {
    const db = await open();
    const at = new Date('2026-11-25T10:00:00Z');
    await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5)', [
      1,
      'one',
      at,
      new Uint8Array([1, 2, 3]),
      JSON.stringify({ a: [1, 'x'] }),
    ]);
    const [row] = await db.query<Record<string, unknown>>(
      'SELECT *, count(*) OVER ()::int8 AS n FROM t',
    );
    expect(row).toEqual({
      id: 1,
      label: 'one',
      at,
      body: new Uint8Array([1, 2, 3]),
      doc: { a: [1, 'x'] },
      n: 1,
    });
    const error = await db.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toBe('23505');
    expect((error as Error).message).toContain('t_pkey');
  });

  it('commits a transaction that returns, and rolls back one that throws', async () => {
    const db = await open();
    const value = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, label) VALUES (1, 'kept')");
      return 'done';
    });
    expect(value).toBe('done');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, label) VALUES (2, 'lost')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    // A failed statement inside the transaction rolls the whole of it back too.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, label) VALUES (3, 'lost')");
        await tx.query("INSERT INTO t (id, label) VALUES (1, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id, label FROM t ORDER BY id')).toEqual([
      { id: 1, label: 'kept' },
    ]);
  });

  it('takes work in arrival order: a read sent during a transaction sees it only once committed', async () => {
    const db = await open();
    const order: string[] = [];
    let release = () => undefined as void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, label) VALUES (1, 'in the transaction')");
      await holding;
      order.push('commit');
    });
    await sleep(50);
    const read = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((rows) => {
      order.push('read');
      return rows[0]!.n;
    });
    await sleep(100);
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await read).toBe(1);
    expect(order).toEqual(['commit', 'read']);
  });

  it("takes a request's statement before the background's waiting work", async () => {
    const db = await open();
    const ended: string[] = [];
    // A long line of runner work (core/jobs.ts runs it in the background), 20 ms a statement.
    const runner = Array.from({ length: 30 }, (_, i) =>
      inBackground(() => db.query('SELECT pg_sleep(0.02)')).then(() => ended.push(`runner ${i}`)),
    );
    await sleep(30);
    await db.query('SELECT 1').then(() => ended.push('request'));
    // In arrival order it would wait for all 30 (600 ms); it waits for the one under way.
    expect(ended.length).toBeLessThan(5);
    await Promise.all(runner);
    expect(ended).toHaveLength(31);
  });

  it("runs a batch as one transaction: each statement's rows, all or nothing", async () => {
    const db = await open();
    const results = await db.batch([
      { sql: "INSERT INTO t (id, label) VALUES (1, 'one') RETURNING id" },
      {
        sql: "UPDATE t SET label = 'first' WHERE id = $1 RETURNING label",
        params: [1],
        required: true,
      },
    ]);
    expect(results).toEqual([[{ id: 1 }], [{ label: 'first' }]]);
    // A required statement that finds no row rolls the whole batch back.
    const error = await db
      .batch([
        { sql: "INSERT INTO t (id, label) VALUES (2, 'two')" },
        {
          sql: 'UPDATE t SET label = $2 WHERE id = $1 RETURNING id',
          params: [3, 'x'],
          required: true,
        },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoRows);
    expect((error as NoRows).index).toBe(1);
    expect(await db.query('SELECT id, label FROM t ORDER BY id')).toEqual([
      { id: 1, label: 'first' },
    ]);
  });
});
