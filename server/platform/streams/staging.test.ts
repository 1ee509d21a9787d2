import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows } from '../datasets/repository';
import { publishReplace, stageRowPieces, stageRows, STAGE_BATCH } from '../datasets/staged-rows';
import { columnsFrom, createDataset, replaceRows, type Cell } from '../datasets/store';
import type { CopyPart, CopySource, Db } from '../store';
import { openTestStore, testJob } from '../testing';

/**
 * A stream run stages its rows into a typed table with the engine's COPY, in pieces of
 * STAGE_BATCH rows (small enough that no statement holds PGlite long), out of sight until the
 * run publishes them; every cell comes back as it went in.
 */
let db: Db;
const columns = columnsFrom([
  { name: 'id', type: 'LONG' },
  { name: 'value', type: 'STRING' },
]);

beforeAll(async () => {
  db = await openTestStore('staging-test-');
});
afterAll(() => db.close());

const newDataset = () =>
  db.transaction((tx) => createDataset(tx, { name: `staging ${randomUUID()}`, owner: 1, columns }));
const job = () => testJob(db);

const texts: Cell[] = [
  null,
  '',
  'a,b',
  'say "hi"',
  '"',
  'line\nbreak',
  'crlf\r\nend',
  '\ttab',
  'back\\slash',
  '\\.',
  '\\N',
  'NULL',
  ' leading',
  '\uFEFFbom',
  'naïve – “curly” 😀',
];
const numbers: Cell[] = [null, 0, -1.5, 1e21, 1e-7, 0.1 + 0.2, 123456789.123, -(2 ** 60)];

/** The lines of a COPY's CSV text, as stageRows sends it (text, or its pieces of text). */
function linesOf(data: CopySource) {
  if (typeof data === 'string') return data.split('\n').length - 1;
  if (!Array.isArray(data)) throw new Error('stageRows sends its text in hand');
  return (data as CopyPart[]).join('').split('\n').length - 1;
}

describe('staging a stream run', () => {
  it('brings every cell back as it went in, in columns of its type', async () => {
    const typed = columnsFrom([
      { name: 'id', type: 'LONG' },
      { name: 'value', type: 'STRING' },
      { name: 'amount', type: 'DOUBLE' },
      { name: 'day', type: 'DATE' },
      { name: 'at', type: 'DATETIME' },
    ]);
    const id = await db.transaction((tx) =>
      createDataset(tx, { name: `typed ${randomUUID()}`, owner: 1, columns: typed }),
    );
    const rows = texts.map((cell, i): Cell[] => [
      i,
      cell,
      numbers[i % numbers.length]!,
      i % 3 ? `2026-0${(i % 9) + 1}-1${i % 10}` : null,
      i % 4 ? `2026-11-2${i % 10}T0${i % 10}:30:0${i % 7}Z` : null,
    ]);
    const staged = await stageRows(db, id, typed, rows, await job());
    await db.transaction((tx) => publishReplace(tx, staged, typed));
    expect(await readRows(db, id, 100, 0)).toEqual(rows);
  });

  it('writes STAGE_BATCH rows a statement with COPY, while readers see the old rows', async () => {
    const id = await newDataset();
    const before: Cell[][] = [[1, 'old']];
    await db.transaction((tx) => replaceRows(tx, id, columns, before));
    const n = STAGE_BATCH[db.kind] * 2 + 7;
    const rows = Array.from({ length: n }, (_, i): Cell[] => [i, `row ${i}, "quoted"`]);
    const pieces: number[] = [];
    const seen: Cell[][][] = [];
    const counting: Db = {
      ...db,
      async copyFrom(sql, data) {
        await db.copyFrom(sql, data);
        pieces.push(linesOf(data));
        seen.push(await readRows(db, id, 10, 0));
      },
    };
    const staged = await stageRows(counting, id, columns, rows, await job());
    expect(pieces).toEqual([STAGE_BATCH[db.kind], STAGE_BATCH[db.kind], 7]);
    expect(seen).toEqual([before, before, before]);
    await db.transaction((tx) => publishReplace(tx, staged, columns));
    expect(await readRows(db, id, 3, n - 3)).toEqual(rows.slice(n - 3));
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'on PGlite, runs staging at once take turns: one piece in the database at a time',
    async () => {
      let inFlight = 0;
      let most = 0;
      const tracking: Db = {
        ...db,
        async copyFrom(sql, data) {
          most = Math.max(most, ++inFlight);
          try {
            await db.copyFrom(sql, data);
          } finally {
            inFlight--;
          }
        },
      };
      const rows = Array.from({ length: STAGE_BATCH.pglite * 2 }, (_, i): Cell[] => [i, 'x']);
      const runs = await Promise.all(
        [1, 2, 3].map(async () =>
          stageRows(tracking, await newDataset(), columns, rows, await job()),
        ),
      );
      expect(runs.map((r) => r.rowCount)).toEqual([rows.length, rows.length, rows.length]);
      expect(most).toBe(1); // a reader waits behind one piece, not three
    },
  );

  it('stages rows as they come, in pieces of any size, as STAGE_BATCH rows a statement', async () => {
    const id = await newDataset();
    const batch = STAGE_BATCH[db.kind];
    const n = batch * 2 + 3;
    const rows = Array.from({ length: n }, (_, i): Cell[] => [i, `row ${i}`]);
    // Pieces smaller and larger than a statement, and one row alone, as a CSV's thread hands them.
    const cuts = [0, 7, batch + 2, batch + 3, 2 * batch + 1, n];
    async function* pieces() {
      for (let i = 1; i < cuts.length; i++) {
        await new Promise((resolve) => setImmediate(resolve));
        yield rows.slice(cuts[i - 1], cuts[i]);
      }
    }
    const statements: number[] = [];
    const counting: Db = {
      ...db,
      async copyFrom(sql, data) {
        await db.copyFrom(sql, data);
        statements.push(linesOf(data));
      },
    };
    const staged = await stageRowPieces(counting, id, columns, n, pieces(), await job());
    expect(statements).toEqual([batch, batch, 3]);
    await db.transaction((tx) => publishReplace(tx, staged, columns));
    expect(await readRows(db, id, n, 0)).toEqual(rows);
    // Rows that are not the rows counted are no staging at all.
    await expect(
      stageRowPieces(db, await newDataset(), columns, n + 1, [rows], await job()),
    ).rejects.toThrow(`${n} rows were staged where ${n + 1} were counted`);
  });
});
