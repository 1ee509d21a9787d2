import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishReplace, stageRows } from '../datasets/staged-rows';
import { columnsFrom, createDataset, type Cell } from '../datasets/store';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { csvLines } from './csv';
import { notPlainCells as notPlain, plainCells as plain } from './test-cells';
import { csvBatches } from './run-export';

/**
 * Issue 26 §1: where a stream run saw that the engine's own CSV writer writes its cells as csv.ts
 * does, the export lets the engine write the CSV (COPY ... TO STDOUT); the bytes are the same
 * as csv.ts's, and a set with cells the engine would write otherwise is written by csv.ts.
 */
let db: Db;

beforeAll(async () => {
  db = await openTestStore('engine-csv-test-');
});
afterAll(() => db.close());

async function exported(rows: Cell[][], indexes: number[], batchRows = 7) {
  const columns = columnsFrom(rows[0]!.map((_, i) => ({ name: `c${i}`, type: 'STRING' })));
  const id = await db.transaction((tx) =>
    createDataset(tx, { name: `engine csv ${randomUUID()}`, owner: 1, columns }),
  );
  const job = `test-job-${randomUUID()}`;
  await db.query(
    `INSERT INTO jobs (id, kind, payload, status) VALUES ($1, 'test', '{}', 'running')`,
    [job],
  );
  const staged = await stageRows(db, id, rows, job);
  await db.transaction((tx) => publishReplace(tx, staged, columns));
  const [set] = await db.query<{ plain_csv: boolean }>(
    `SELECT plain_csv FROM dataset_row_sets WHERE dataset_id = $1 AND state = 'live'`,
    [id],
  );
  let text = '';
  let count = 0;
  for await (const batch of csvBatches(db, id, indexes, batchRows)) {
    text += batch.text;
    count += batch.rows;
  }
  return { text, count, plain: set!.plain_csv };
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
