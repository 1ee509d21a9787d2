import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../store';
import { migrate } from '../store/migrate';
import { openTestStore, testJob } from '../testing';
import { listPartitions, readFilteredRows, readRows } from './repository';
import { discardStaged, publishPartition, publishReplace, stageRows } from './staged-rows';
import {
  appendPartition,
  columnsFrom,
  createDataset,
  deletePartition,
  replaceRows,
  sweepRowSets,
  type Cell,
} from './store';

/**
 * Rows are written as row sets, each a typed table. A run stages its rows out of sight and
 * publishes them in one short transaction; the sets it replaced are dropped afterwards.
 */
let db: Db;
const columns = columnsFrom([
  { name: 'id', type: 'LONG' },
  { name: 'label', type: 'STRING' },
]);
const rows = (from: number, n: number): Cell[][] =>
  Array.from({ length: n }, (_, i) => [from + i, `row ${from + i}`]);
/** Every typed table a dataset's sets have named, kept after the sweep drops them. */
const tablesOf = new Map<string, Set<string>>();
/** The rows in the dataset's tables that still exist (a dropped table holds none). */
const stored = async (datasetId: string) => {
  const tables = tablesOf.get(datasetId) ?? new Set<string>();
  tablesOf.set(datasetId, tables);
  for (const { row_table } of await db.query<{ row_table: string }>(
    'SELECT row_table FROM dataset_row_sets WHERE dataset_id = $1',
    [datasetId],
  ))
    tables.add(row_table);
  let n = 0;
  for (const table of tables) {
    const [exists] = await db.query<{ present: boolean }>(
      'SELECT to_regclass($1) IS NOT NULL AS present',
      [table],
    );
    if (exists?.present)
      n += (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  }
  return n;
};
const rowCount = async (datasetId: string) =>
  (
    await db.query<{ row_count: number }>('SELECT row_count FROM datasets WHERE id = $1', [
      datasetId,
    ])
  )[0]!.row_count;
const newDataset = () =>
  db.transaction((tx) => createDataset(tx, { name: `sets ${randomUUID()}`, owner: 1, columns }));
const job = (status: string) => testJob(db, status);

beforeAll(async () => {
  db = await openTestStore('row-sets-test-');
});
afterAll(() => db.close());

describe('dataset row sets', () => {
  it('finishes at start a live set whose writer left its position index for later, and stopped', async () => {
    const id = await newDataset();
    const staged = await stageRows(db, id, columns, rows(0, 50), await job('running'));
    await db.transaction((tx) => publishReplace(tx, staged, columns));
    const [{ row_table } = { row_table: '' }] = await db.query<{ row_table: string }>(
      `SELECT row_table FROM dataset_row_sets WHERE dataset_id = $1 AND state = 'live'`,
      [id],
    );
    // As a copy on PostgreSQL leaves it when its process stops between publishing and finishing.
    await db.query(`DROP INDEX ${row_table}_at`);
    const indexed = async () =>
      (
        await db.query<{ built: boolean }>('SELECT to_regclass($1) IS NOT NULL AS built', [
          `${row_table}_at`,
        ])
      )[0]!.built;
    expect(await indexed()).toBe(false);
    await migrate(db);
    expect(await indexed()).toBe(true);
    expect(await readRows(db, id, 3, 47)).toEqual(rows(47, 3));
  });

  it('keeps staged rows out of sight until they are published, then sweeps the replaced ones', async () => {
    const id = await newDataset();
    await db.transaction((tx) => replaceRows(tx, id, columns, rows(0, 3)));
    const staged = await stageRows(db, id, columns, rows(100, 4_500), await job('running'));
    // Staged but not published: readers and the row count still see the three rows.
    expect(await readRows(db, id, 10, 0)).toEqual(rows(0, 3));
    expect(await rowCount(id)).toBe(3);
    await sweepRowSets(db, 0); // a staging set whose job runs is kept
    expect(await stored(id)).toBe(4_503);

    await db.transaction((tx) => publishReplace(tx, staged, columns));
    expect(await rowCount(id)).toBe(4_500);
    expect(await readRows(db, id, 2, 0)).toEqual(rows(100, 2));
    expect(await readRows(db, id, 2, 4_498)).toEqual(rows(4_598, 2));
    // The three replaced rows stay for the grace (an export may be reading them), then go.
    await sweepRowSets(db);
    expect(await stored(id)).toBe(4_503);
    await sweepRowSets(db, 0);
    expect(await stored(id)).toBe(4_500);
  });

  it('publishes staged rows as a partition, beside the others, replacing one of the same id', async () => {
    const id = await newDataset();
    await db.transaction((tx) => appendPartition(tx, id, '2026-01-01', columns, rows(0, 2)));
    await db.transaction((tx) => appendPartition(tx, id, '2026-01-02', columns, rows(10, 2)));
    const staged = await stageRows(db, id, columns, rows(20, 3), await job('running'));
    await db.transaction((tx) => publishPartition(tx, staged, '2026-01-01', columns));
    expect(await readRows(db, id, 10, 0)).toEqual([...rows(20, 3), ...rows(10, 2)]);
    expect((await listPartitions(db, id)).map((p) => [p.partition_id, p.row_count])).toEqual([
      ['2026-01-02', 2],
      ['2026-01-01', 3],
    ]);
    expect(await rowCount(id)).toBe(5);

    expect(await db.transaction((tx) => deletePartition(tx, id, '2026-01-02'))).toBe(true);
    expect(await readRows(db, id, 10, 0)).toEqual(rows(20, 3));
    expect(await rowCount(id)).toBe(3);
    await sweepRowSets(db, 0);
    expect(await stored(id)).toBe(3);
  });

  it('sweeps the rows of a run that ended without publishing them, or discarded them', async () => {
    const id = await newDataset();
    await stageRows(db, id, columns, rows(0, 2_500), await job('failed'));
    const discarded = await stageRows(db, id, columns, rows(0, 10), await job('running'));
    await discardStaged(db, discarded);
    expect(await stored(id)).toBe(2_510);
    await sweepRowSets(db, 0);
    expect(await stored(id)).toBe(0);
    expect(await db.query('SELECT 1 FROM dataset_row_sets WHERE dataset_id = $1', [id])).toEqual(
      [],
    );
    // Published rows that were swept meanwhile are refused, never half published.
    await expect(db.transaction((tx) => publishReplace(tx, discarded, columns))).rejects.toThrow(
      'the staged rows are gone',
    );
  });

  it('reads each partition as the widened column types, whatever each set was stored as', async () => {
    const first = columnsFrom([
      { name: 'n', type: 'LONG' },
      { name: 'when', type: 'DATE' },
      { name: 'code', type: 'LONG' },
    ]);
    const widened = columnsFrom([
      { name: 'n', type: 'DOUBLE' },
      { name: 'when', type: 'DATETIME' },
      { name: 'code', type: 'STRING' },
    ]);
    const id = await db.transaction((tx) =>
      createDataset(tx, { name: `widened ${randomUUID()}`, owner: 1, columns: first }),
    );
    await db.transaction((tx) => appendPartition(tx, id, 'a', first, [[1, '2026-11-01', 7]]));
    await db.transaction((tx) =>
      appendPartition(tx, id, 'b', widened, [[2.5, '2026-11-02T10:30:00Z', 'X-9']]),
    );
    expect(await readRows(db, id, 10, 0)).toEqual([
      [1, '2026-11-01T00:00:00Z', '7'],
      [2.5, '2026-11-02T10:30:00Z', 'X-9'],
    ]);
    // Sorted across both sets by the widened values.
    expect(await readRows(db, id, 10, 0, { index: 0, direction: 'DESC' })).toEqual([
      [2.5, '2026-11-02T10:30:00Z', 'X-9'],
      [1, '2026-11-01T00:00:00Z', '7'],
    ]);
  });

  it('pages a sort with the sets as last read, and reads them again once they change', async () => {
    const id = await newDataset();
    await db.transaction((tx) => replaceRows(tx, id, columns, rows(0, 5)));
    const page = () => readRows(db, id, 2, 0, { index: 0, direction: 'DESC' });
    expect(await page()).toEqual([
      [4, 'row 4'],
      [3, 'row 3'],
    ]);
    // The sets change: a full page from the old sets would still be two rows; it is not read.
    await db.transaction((tx) => replaceRows(tx, id, columns, rows(100, 3)));
    expect(await page()).toEqual([
      [102, 'row 102'],
      [101, 'row 101'],
    ]);
    // The columns change with a set of the same shape: the types read are the new ones.
    const text = columnsFrom([
      { name: 'id', type: 'STRING' },
      { name: 'label', type: 'STRING' },
    ]);
    await db.transaction((tx) =>
      replaceRows(tx, id, text, [
        ['b', 'x'],
        ['a', 'y'],
        ['c', 'z'],
      ]),
    );
    expect(await page()).toEqual([
      ['c', 'z'],
      ['b', 'x'],
    ]);
    // The replaced sets' tables go (the sweep after its grace): the next page still answers.
    await sweepRowSets(db, 0);
    expect(await readRows(db, id, 2, 2, { index: 0, direction: 'DESC' })).toEqual([['a', 'y']]);
    expect(await page()).toEqual([
      ['c', 'z'],
      ['b', 'x'],
    ]);
  });

  it('reads the rows whose column matches a value as text, in load order, across the sets', async () => {
    const typed = columnsFrom([
      { name: 'n', type: 'DOUBLE' },
      { name: 'city', type: 'STRING' },
      { name: 'at', type: 'DATETIME' },
    ]);
    const id = await db.transaction((tx) =>
      createDataset(tx, { name: `filtered ${randomUUID()}`, owner: 1, columns: typed }),
    );
    await db.transaction((tx) =>
      appendPartition(tx, id, 'a', typed, [
        [1.5, 'Oslo', '2026-11-01T10:00:00Z'],
        [2, 'Bergen', null],
      ]),
    );
    await db.transaction((tx) =>
      appendPartition(tx, id, 'b', typed, [
        [1.5, 'OSLO east', '2026-11-02T10:30:00Z'],
        [3, null, '2026-11-01T10:00:00Z'],
      ]),
    );
    const matching = (index: number, operator: 'EQUALS' | 'CONTAINS', value: string, offset = 0) =>
      readFilteredRows(db, id, 10, offset, { index, operator, value }).then((rows) =>
        rows.map((r) => r[1]),
      );
    expect(await matching(0, 'EQUALS', '1.5')).toEqual(['Oslo', 'OSLO east']);
    expect(await matching(1, 'CONTAINS', 'oslo')).toEqual(['Oslo', 'OSLO east']);
    expect(await matching(1, 'CONTAINS', 'oslo', 1)).toEqual(['OSLO east']);
    expect(await matching(1, 'EQUALS', 'oslo')).toEqual([]);
    expect(await matching(2, 'EQUALS', '2026-11-01T10:00:00Z')).toEqual(['Oslo', null]);
    expect(await matching(2, 'CONTAINS', '')).toEqual(['Oslo', 'OSLO east', null]);
  });
});
