import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '../testing';
import type { Db } from './db';

/**
 * The COPY out of PostgreSQL (postgres.ts `CopyOut`): rows handed over as they come, or gathered;
 * a statement that fails, before its first row or midway, rejects and leaves the pool's
 * connections usable; a COPY that reads instead of writes is refused, not left waiting.
 */
describe.runIf(process.env.DATABASE_URL)('COPY … TO STDOUT on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestStore('postgres-copy-test-');
  });
  afterAll(() => db.close());
  const series = (n: number) =>
    `COPY (SELECT i, repeat('x', 1 + i % 300) FROM generate_series(1, ${n}) i) TO STDOUT WITH (FORMAT csv)`;
  const expected = (n: number) =>
    Array.from({ length: n }, (_, k) => `${k + 1},${'x'.repeat(1 + ((k + 1) % 300))}\n`).join('');

  it('hands over each row as it comes, and gathers them all', async () => {
    const rows: string[] = [];
    await db.copyRows!(series(5_000), (row) => rows.push(row.toString('utf8')));
    expect(rows).toHaveLength(5_000);
    expect(rows[41]).toBe(`42,${'x'.repeat(43)}\n`);
    expect(rows.join('')).toBe(expected(5_000));
    expect(Buffer.from(await db.copyTo(series(5_000))).toString('utf8')).toBe(expected(5_000));
  });

  it('rejects a statement that fails at once or midway, and the pool still answers', async () => {
    await expect(db.copyTo('COPY (SELECT 1 / 0) TO STDOUT')).rejects.toThrow(/division by zero/);
    const rows: Buffer[] = [];
    await expect(
      db.copyRows!(
        'COPY (SELECT 1 / (i - 4000) FROM generate_series(1, 8000) i) TO STDOUT',
        (row) => rows.push(Buffer.from(row)),
      ),
    ).rejects.toThrow(/division by zero/);
    expect(rows.length).toBeLessThan(4000);
    // Every connection of the pool, in turn and at once, still answers.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => db.query<{ n: number }>(`SELECT ${i} AS n`)),
    );
    expect(answers.map(([row]) => row!.n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(Buffer.from(await db.copyTo(series(10))).toString('utf8')).toBe(expected(10));
  });

  it('rejects when the row callback throws, and reads the next statement whole', async () => {
    let seen = 0;
    await expect(
      db.copyRows!(series(3_000), () => {
        if (++seen === 10) throw new Error('no room');
      }),
    ).rejects.toThrow('no room');
    expect(seen).toBe(10);
    expect(Buffer.from(await db.copyTo(series(3_000))).toString('utf8')).toBe(expected(3_000));
  });

  it('refuses a COPY FROM given as a COPY TO rather than wait for rows', async () => {
    await db.query('CREATE TABLE copy_out_refused (a int)');
    await expect(db.copyTo('COPY copy_out_refused FROM STDIN')).rejects.toThrow(/COPY … TO/);
    expect(await db.query('SELECT count(*)::int AS n FROM copy_out_refused')).toEqual([{ n: 0 }]);
  });
});
