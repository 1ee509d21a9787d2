import { PGlite, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedStatements } from './pglite-prepared';

/**
 * The statements that come again are kept prepared on PGlite's thread. What a
 * statement answers, and how it fails, is PGlite's own; only the work of parsing and planning
 * it again goes. PGlite in memory, in this thread (the worker uses the same class).
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('prepared statements on PGlite', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create({ parsers: { 20: Number } });
  });
  afterAll(() => pg.close());
  beforeEach(async () => {
    // Each test's statements are its own (their names start again with each instance).
    await pg.exec(`DEALLOCATE ALL; DROP TABLE IF EXISTS t; CREATE TABLE t (id int PRIMARY KEY, label text, at timestamptz, n int8,
      doc jsonb, tags text[], body bytea)`);
  });

  const insert = `INSERT INTO t (id, label, at, n, doc, tags, body) VALUES ($1, $2, $3, $4, $5, $6, $7)
    RETURNING *`;
  const row = (id: number) => [
    id,
    `label ${id}`,
    new Date(Date.UTC(2026, 10, id)),
    2 ** 40 + id,
    JSON.stringify({ id, nested: { ok: true } }),
    ['a', `b ${id}`, 'c, d'],
    new Uint8Array([1, 2, id]),
  ];

  it('prepares a text the second time it comes, and answers as PGlite answers it', async () => {
    const statements = new PreparedStatements(pg);
    const first = await statements.query(insert, row(1));
    expect(statements.size).toBe(0);
    const second = await statements.query(insert, row(2));
    const third = await statements.query(insert, row(3));
    expect(statements.size).toBe(1);
    const own = await pg.query('SELECT * FROM t WHERE id = 3');
    expect(third.rows).toEqual(own.rows);
    expect(third.fields).toEqual(own.fields);
    expect(second.rows[0]).toEqual({
      id: 2,
      label: 'label 2',
      at: new Date(Date.UTC(2026, 10, 2)),
      n: 2 ** 40 + 2,
      doc: { id: 2, nested: { ok: true } },
      tags: ['a', 'b 2', 'c, d'],
      body: new Uint8Array([1, 2, 2]),
    });
    expect(first.rows[0]).toMatchObject({ id: 1, n: 2 ** 40 + 1, tags: ['a', 'b 1', 'c, d'] });
    // Nulls bind as nulls.
    const nulls = await statements.query(insert, [4, null, null, null, null, null, undefined]);
    expect(nulls.rows[0]).toMatchObject({ id: 4, label: null, doc: null, tags: null, body: null });
  });

  it('fails as PGlite fails, and the statement goes on working after', async () => {
    const statements = new PreparedStatements(pg);
    await statements.query(insert, row(1));
    await statements.query(insert, row(2));
    await expect(statements.query(insert, row(1))).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query(insert, ['x', ...row(5).slice(1)])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await statements.query(insert, row(6))).rows).toHaveLength(1);
    expect(statements.size).toBe(1);
  });

  it('runs in a transaction, and what failed in it is rolled back with it', async () => {
    const statements = new PreparedStatements(pg);
    await statements.query(insert, row(1));
    await expect(
      pg.transaction(async (tx) => {
        await statements.query(insert, row(2), tx);
        await statements.query(insert, row(1), tx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await pg.transaction(async (tx) => {
      await statements.query(insert, row(3), tx);
    });
    expect((await pg.query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 3 }]);
    // A statement sent to a transaction that has ended runs nowhere.
    let ended: Transaction | undefined;
    await pg.transaction((tx) => Promise.resolve(void (ended = tx)));
    await expect(statements.query(insert, row(4), ended)).rejects.toThrow('Transaction is closed');
    expect((await pg.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }]);
  });

  it('keeps at most as many as it may, the least recently used closed', async () => {
    const statements = new PreparedStatements(pg, 2);
    const texts = [1, 2, 3].map((k) => `SELECT id + ${k} AS v FROM t WHERE id = $1`);
    await statements.query(insert, row(1));
    for (const text of texts) {
      await statements.query(text, [1]);
      expect((await statements.query(text, [1])).rows).toEqual([
        { v: 1 + texts.indexOf(text) + 1 },
      ]);
    }
    expect(statements.size).toBe(2);
    const names = async () =>
      (await pg.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name'))
        .rows.length;
    // The one closed to make room is gone from the server too, once the next is prepared.
    expect(await names()).toBeLessThanOrEqual(3);
    expect((await statements.query(texts[0]!, [1])).rows).toEqual([{ v: 2 }]);
    expect(statements.size).toBe(2);
    expect(await names()).toBe(2);
  });

  it('prepares again a statement whose table changed its columns', async () => {
    const statements = new PreparedStatements(pg);
    const read = 'SELECT * FROM t WHERE id = $1';
    await statements.query(insert, row(1));
    await statements.query(read, [1]);
    await statements.query(read, [1]);
    await pg.exec('ALTER TABLE t ADD COLUMN extra int DEFAULT 7');
    expect((await statements.query(read, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
    expect((await statements.query(read, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
  });
});
