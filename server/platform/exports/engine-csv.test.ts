import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishReplace, stageRows } from '../datasets/staged-rows';
import { columnsFrom, createDataset, type Cell } from '../datasets/store';
import type { Db } from '../store';
import { openTestStore, testJob } from '../testing';
import { csvLines } from './csv';
import { notPlainCells as notPlain, plainCells as plain } from '../testing/exports';
import { csvBatches, positioned } from './rows-repository';

/**
 * Where a stream run saw that the engine's own CSV writer writes its cells as csv.ts
 * does, the export lets the engine write the CSV (COPY ... TO STDOUT); the bytes are the same
 * as csv.ts's, and a set with cells the engine would write otherwise is written by csv.ts.
 */
let db: Db;

beforeAll(async () => {
  db = await openTestStore('engine-csv-test-');
});
afterAll(() => db.close());

async function exported(rows: Cell[][], indexes: number[], batchRows = 7, type = 'STRING') {
  const columns = columnsFrom(rows[0]!.map((_, i) => ({ name: `c${i}`, type })));
  const id = await db.transaction((tx) =>
    createDataset(tx, { name: `engine csv ${randomUUID()}`, owner: 1, columns }),
  );
  const job = await testJob(db);
  const staged = await stageRows(db, id, columns, rows, job);
  await db.transaction((tx) => publishReplace(tx, staged, columns));
  const [set] = await db.query<{ plain_csv: boolean }>(
    `SELECT plain_csv FROM dataset_row_sets WHERE dataset_id = $1 AND state = 'live'`,
    [id],
  );
  const bytes: Buffer[] = [];
  let count = 0;
  const types = columns.map((c) => c.type);
  for await (const batch of csvBatches(db, id, types, indexes, batchRows)) {
    bytes.push(batch.bytes);
    count += batch.rows;
  }
  return { text: Buffer.concat(bytes).toString('utf8'), count, plain: set!.plain_csv };
}

/** Rows that put every value in every column, and a row of nulls. */
const rowsOf = (values: Cell[]): Cell[][] => [
  ...values.map((_, r) => values.map((__, c) => values[(r + c) % values.length]!)),
  values.map(() => null),
];

describe('the engine writes the CSV of a plain set', () => {
  it('byte for byte as csv.ts, in the chosen column order', async () => {
    const rows = rowsOf(plain);
    const indexes = [3, 0, 22, 7, 12, 4, 19, 1, 16, 10];
    const result = await exported(rows, indexes);
    expect(result.plain).toBe(true);
    expect(result.count).toBe(rows.length);
    expect(result.text).toBe(csvLines(rows, indexes));
  });

  it.each(notPlain.map((cell) => [JSON.stringify(cell), cell]))(
    'leaves a set with %s to csv.ts, with the same bytes',
    async (_, cell) => {
      const rows = rowsOf([...plain.slice(0, 5), cell]);
      const indexes = [5, 0, 1, 2, 3, 4];
      const result = await exported(rows, indexes, 4);
      expect(result.plain).toBe(false);
      expect(result.text).toBe(csvLines(rows, indexes));
    },
  );
});

describe('the engine writes the CSV of doubles', () => {
  it('as JavaScript does where both write them alike', async () => {
    const rows = rowsOf([0, -1.5, 123456789012345, 0.1 + 0.2, 0.0001, 1e14, 2.5e-3]);
    const result = await exported(rows, [2, 0, 1, 3, 4, 5, 6], 3, 'DOUBLE');
    expect(result.plain).toBe(true);
    expect(result.text).toBe(csvLines(rows, [2, 0, 1, 3, 4, 5, 6]));
  });

  it.each([1e15, 1e21, 1e-7, 0.00005, -0])(
    'leaves a set with %s (an exponent or a sign the engine writes apart) to csv.ts',
    async (cell) => {
      const rows = rowsOf([1.5, 2, cell]);
      const result = await exported(rows, [2, 0, 1], 2, 'DOUBLE');
      expect(result.plain).toBe(false);
      expect(result.text).toBe(csvLines(rows, [2, 0, 1]));
    },
  );
});

/** A plain set of two text columns published with `rows`: its dataset and its table. */
async function published(rows: Cell[][]) {
  const columns = columnsFrom([
    { name: 'a', type: 'STRING' },
    { name: 'b', type: 'STRING' },
  ]);
  const id = await db.transaction((tx) =>
    createDataset(tx, { name: `engine csv ${randomUUID()}`, owner: 1, columns }),
  );
  const staged = await stageRows(db, id, columns, rows, await testJob(db));
  await db.transaction((tx) => publishReplace(tx, staged, columns));
  const [set] = await db.query<{ row_table: string; plain_csv: boolean }>(
    `SELECT row_table, plain_csv FROM dataset_row_sets WHERE dataset_id = $1 AND state = 'live'`,
    [id],
  );
  expect(set!.plain_csv).toBe(true);
  return { id, set: set! };
}

describe('the positions of a window of the engine CSV', () => {
  it('takes them off and ends each line with CRLF', () => {
    const { bytes, rows } = positioned(Buffer.from('7,a,b\n8,"c,d",é\n9,\n'), 7)!;
    expect(bytes.toString('utf8')).toBe('a,b\r\n"c,d",é\r\n\r\n');
    expect(rows).toBe(3);
    expect(positioned(Buffer.from(''), 0)!.rows).toBe(0);
    // Lines long and short, the window's text past the room first made for it.
    const long = 'y'.repeat(5_000);
    const text = Array.from({ length: 9 }, (_, i) => `${i},${i % 2 ? long : 'x'}`).join('\n');
    const many = positioned(Buffer.from(text), 0)!;
    expect(many.rows).toBe(9);
    expect(many.bytes.toString('utf8')).toBe(
      Array.from({ length: 9 }, (_, i) => `${i % 2 ? long : 'x'}\r\n`).join(''),
    );
  });

  it('says no to lines out of their order, or not led by a position', () => {
    expect(positioned(Buffer.from('0,a\n2,b\n1,c\n'), 0)).toBeNull();
    expect(positioned(Buffer.from('1,a\n'), 0)).toBeNull();
    expect(positioned(Buffer.from('a,0\n'), 0)).toBeNull();
  });

  it('reads windows sized by the text of the one before, every row once', async () => {
    // Short rows, then rows 50 times as long: the windows shrink as they go.
    const rows = Array.from({ length: 300 }, (_, i) => [
      `row ${i}`,
      i < 100 ? 'x' : 'y'.repeat(50),
    ]);
    const { id } = await published(rows);
    const sizes: number[] = [];
    const bytes: Buffer[] = [];
    for await (const batch of csvBatches(db, id, ['STRING', 'STRING'], [0, 1], 7, 1_000)) {
      sizes.push(batch.rows);
      bytes.push(batch.bytes);
    }
    expect(Buffer.concat(bytes).toString('utf8')).toBe(csvLines(rows, [0, 1]));
    expect(new Set(sizes).size).toBeGreaterThan(2);
  });

  it('fails, rather than cut a row, when a set marked plain holds a line break', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`row ${i}`, String(i)]);
    const { id, set } = await published(rows);
    await db.query(
      `UPDATE ${set.row_table} SET c1 = 'two' || chr(10) || 'lines' WHERE row_index = 5`,
    );
    const read = async () => {
      for await (const batch of csvBatches(db, id, ['STRING', 'STRING'], [0, 1], 7)) void batch;
    };
    await expect(read()).rejects.toThrow(/changed during the export/);
  });

  it('exports a set in position order when its table holds its rows in another', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => [`row ${i}`, String(i)]);
    const { id, set } = await published(rows);
    // An update writes each row again at the table's end: the first ten now come last.
    await db.query(`UPDATE ${set.row_table} SET c1 = c1 WHERE row_index < 10`);
    const [first] = await db.query<{ row_index: number }>(
      `SELECT row_index FROM ${set.row_table} LIMIT 1`,
    );
    expect(first!.row_index).toBe(10);
    const bytes: Buffer[] = [];
    for await (const batch of csvBatches(db, id, ['STRING', 'STRING'], [0, 1], 7))
      bytes.push(batch.bytes);
    expect(Buffer.concat(bytes).toString('utf8')).toBe(csvLines(rows, [0, 1]));
  });
});
