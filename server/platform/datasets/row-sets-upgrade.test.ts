import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { readRows } from './repository';
import { UPGRADE_PIECE, upgradeRowSets } from './row-sets-upgrade';
import { columnsFrom, createDataset, type Cell } from './store';

/**
 * A store from before typed tables keeps its rows as jsonb cells in `dataset_rows`. At start its
 * live sets are moved into typed tables in pieces, checked (count and checksum) and only then
 * switched; a process stopped midway starts the set over; nothing is lost.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestStore('row-sets-upgrade-test-');
});
afterAll(() => db.close());

const columns = columnsFrom([
  { name: 'id', type: 'LONG' },
  { name: 'label', type: 'STRING' },
  { name: 'amount', type: 'DOUBLE' },
  { name: 'day', type: 'DATE' },
  { name: 'at', type: 'DATETIME' },
]);
const legacyRows = (n: number): Cell[][] =>
  Array.from({ length: n }, (_, i) => [
    i,
    i % 7 ? `row "${i}", ok` : null,
    i % 5 ? i / 4 : null,
    `2026-0${(i % 9) + 1}-1${i % 10}`,
    i % 3 ? `2026-11-2${i % 10}T0${i % 10}:30:00Z` : null,
  ]);

/** The layout of before: the old table, and a live set per partition naming no table. */
async function legacyDataset(partitions: Record<string, Cell[][]>) {
  await db.query(`CREATE TABLE IF NOT EXISTS dataset_rows (
    dataset_id text NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
    partition_id text NOT NULL DEFAULT '',
    row_index integer NOT NULL,
    cells jsonb NOT NULL,
    PRIMARY KEY (dataset_id, partition_id, row_index))`);
  const id = await db.transaction((tx) =>
    createDataset(tx, { name: `legacy ${randomUUID()}`, owner: 1, columns }),
  );
  for (const [partition, rows] of Object.entries(partitions)) {
    // Positions from before need not start at 0 nor be dense: the upgrade numbers them anew.
    await db.query(
      `INSERT INTO dataset_rows (dataset_id, partition_id, row_index, cells)
       SELECT $1, $2, 10 + 2 * (n::int - 1), cells FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t(cells, n)`,
      [id, partition, JSON.stringify(rows)],
    );
    await db.query(
      `INSERT INTO dataset_row_sets (dataset_id, storage, partition_id, row_count, state)
       VALUES ($1, $2, $2, $3, 'live')`,
      [id, partition, rows.length],
    );
  }
  await db.query(
    `UPDATE datasets SET row_count = (SELECT sum(row_count) FROM dataset_row_sets WHERE dataset_id = $1) WHERE id = $1`,
    [id],
  );
  return id;
}

const oldTablePresent = async () =>
  (
    await db.query<{ present: boolean }>(
      `SELECT to_regclass('dataset_rows') IS NOT NULL AS present`,
    )
  )[0]!.present;

describe('the upgrade to typed tables', () => {
  it('moves every live set in pieces, partitions kept in order, then drops the old table', async () => {
    const big = legacyRows(UPGRADE_PIECE * 2 + 5);
    const small = legacyRows(3);
    const id = await legacyDataset({ '2026-01-01': big, '2026-01-02': small });
    await upgradeRowSets(db);
    expect(await oldTablePresent()).toBe(false);
    expect(await readRows(db, id, 5, 0)).toEqual(big.slice(0, 5));
    expect(await readRows(db, id, 10, big.length - 2)).toEqual([...big.slice(-2), ...small]);
    const [set] = await db.query<{ types: string[] }>(
      `SELECT types FROM dataset_row_sets WHERE dataset_id = $1 AND partition_id = '2026-01-02'`,
      [id],
    );
    expect(set!.types).toEqual(['LONG', 'STRING', 'DOUBLE', 'DATE', 'DATETIME']);
    // A second start finds nothing to do.
    await upgradeRowSets(db);
  });

  it('stopped midway, starts the set over on the next start and loses nothing', async () => {
    const rows = legacyRows(UPGRADE_PIECE + 10);
    const id = await legacyDataset({ '': rows });
    let pieces = 0;
    const stopping: Db = {
      ...db,
      session: undefined,
      async query<T>(sql: string, params?: unknown[]) {
        if (sql.includes('WITH piece AS') && ++pieces === 2) throw new Error('the process stopped');
        return db.query<T>(sql, params);
      },
    };
    await expect(upgradeRowSets(stopping)).rejects.toThrow('the process stopped');
    // Half copied, not switched: the set still names no table, the old rows are all there.
    expect(await oldTablePresent()).toBe(true);
    const [before] = await db.query<{ row_table: string | null }>(
      'SELECT row_table FROM dataset_row_sets WHERE dataset_id = $1',
      [id],
    );
    expect(before!.row_table).toBeNull();
    await db.query(`SELECT pg_advisory_unlock_all()`);
    await upgradeRowSets(db);
    expect(await oldTablePresent()).toBe(false);
    expect(await readRows(db, id, rows.length + 1, 0)).toEqual(rows);
  });

  it('keeps the old rows when the copy does not check out', async () => {
    const rows = legacyRows(50);
    const id = await legacyDataset({ '': rows });
    const lying: Db = {
      ...db,
      session: undefined,
      async query<T>(sql: string, params?: unknown[]) {
        const result = await db.query<T>(sql, params);
        // The new table's checksum (read from the typed table) comes back one off.
        if (sql.includes('AS sum') && !sql.includes('cells'))
          return result.map((r) => ({ ...r, sum: `${BigInt((r as { sum: string }).sum) + 1n}` }));
        return result;
      },
    };
    await expect(upgradeRowSets(lying)).rejects.toThrow('did not convert exactly');
    expect(await oldTablePresent()).toBe(true);
    const [set] = await db.query<{ row_table: string | null }>(
      'SELECT row_table FROM dataset_row_sets WHERE dataset_id = $1',
      [id],
    );
    expect(set!.row_table).toBeNull();
    await db.query(`SELECT pg_advisory_unlock_all()`);
    await upgradeRowSets(db);
    expect(await readRows(db, id, 100, 0)).toEqual(rows);
  });
});
