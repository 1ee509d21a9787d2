import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbersPlain } from '../datasets/row-tables';
import { finishLive, stageRows } from '../datasets/staged-rows';
import { createDataset } from '../datasets/store';
import type { Db } from '../store';
import { openTestStore, testJob } from '../testing';
import { typedRowsOf } from '../testing/row-sets';
import { PAST_THE_HEAD, csvCases, manyRows } from '../testing/csv-cases';
import { stageCsvByCopy } from './copy-csv';
import { scannedBlocks } from './copy-scan';
import { CHUNK_BYTES, parseCsv } from './csv';
import { generateCsv } from './large-csv';
import type { CsvBytes } from './table';

/**
 * A CSV copied as it is by the engine's COPY into its typed table: for every text it takes, the
 * typed rows and the columns are exactly csv.ts's (its cells, then stageRows); any text it cannot
 * copy exactly comes back null, staging nothing.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestStore('copy-csv-test-');
});
afterAll(() => db.close());

const job = () => testJob(db);
const dataset = () =>
  db.transaction((tx) =>
    createDataset(tx, { name: `copy ${randomUUID()}`, owner: 1, columns: [] }),
  );
const stagingSets = async (datasetId: string) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dataset_row_sets WHERE dataset_id = $1 AND state = 'staging'`,
      [datasetId],
    )
  )[0]!.n;

/** Whether the copy scan finds the text's values written alike by the engine (before the numbers). */
async function scannedPlain(csv: string) {
  let plain = true;
  for await (const block of scannedBlocks(csv)) plain = block.scan.plain;
  return plain;
}

/** `csv`'s UTF-8 bytes (or these bytes), read in chunks of `size` (cutting lines and characters anywhere). */
const bytesOf =
  (csv: string | Buffer, size: number): CsvBytes =>
  () => {
    const bytes = Buffer.from(csv);
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
    return Promise.resolve(Readable.from(chunks));
  };

const noRows = () => Promise.resolve();

const setOf = async (datasetId: string, storage: string) =>
  (
    await db.query<{ plain_csv: boolean; row_table: string; types: string[] }>(
      'SELECT plain_csv, row_table, types FROM dataset_row_sets WHERE dataset_id = $1 AND storage = $2',
      [datasetId, storage],
    )
  )[0]!;

/** Texts copied as binary tuples (copy-binary.ts), which the engine's CSV parse may not take. */
const copiedAsBinary = new Set(['a negative zero in a DOUBLE column']);

/** The texts copied as they are; every other case must come back null. */
const copied = new Set([
  'the bench shape',
  'every type, a BOM, quoted commas',
  'numbers JS and float8 write alike',
  'values of every binary form',
  'numbers and days read where they end',
  'impossible days make STRING',
  'a number at or above 2^53 (JS and float8 may write it apart)',
  'blank and repeated header names, one column',
  'one column',
  'a value past the sampled rows that fits no longer',
  'a number past the sampled rows',
]);

describe('a CSV copied as it is', () => {
  it.each(csvCases)('$name: csv.ts’s rows and columns, or nothing', async ({ name, csv }) => {
    const datasetId = await dataset();
    let heard: number | undefined;
    const result = await stageCsvByCopy(db, datasetId, csv, await job(), (n) => {
      heard = n;
      return Promise.resolve();
    });
    if (copied.has(name) || copiedAsBinary.has(name)) expect(result).not.toBeNull();
    if (!result) {
      expect(await stagingSets(datasetId)).toBe(0);
      return;
    }
    const node = await parseCsv(csv);
    expect(result.columns).toEqual(node.columns);
    expect(heard).toBe(node.rows.length);
    expect(result.staged.rowCount).toBe(node.rows.length);
    const staged = await stageRows(db, datasetId, node.columns, node.rows, await job());
    expect(await typedRowsOf(db, datasetId, result.staged.storage)).toEqual(
      await typedRowsOf(db, datasetId, staged.storage),
    );
    // Marked for the engine's own CSV (exports) exactly when the text and the loaded numbers are.
    const set = await setOf(datasetId, result.staged.storage);
    expect(set.plain_csv).toBe(
      (await scannedPlain(csv)) && (await numbersPlain(db, set.row_table, set.types)),
    );
  });

  it('copies again with csv.ts’s types when a row past the first block widens a column', async () => {
    const csv = manyRows(PAST_THE_HEAD, '007,2026-01-01,1');
    expect(csv.length).toBeGreaterThan(CHUNK_BYTES);
    const datasetId = await dataset();
    const result = await stageCsvByCopy(db, datasetId, csv, await job(), noRows);
    // "007" goes into a bigint without complaint; csv.ts makes the column text, and so must the copy.
    expect(result!.columns.map((c) => c.type)).toEqual(['STRING', 'DATE', 'DOUBLE']);
    const { rows } = await typedRowsOf(db, datasetId, result!.staged.storage);
    expect(rows[rows.length - 1]).toBe(`(${PAST_THE_HEAD},007,2026-01-01,1)`);
    expect(await stagingSets(datasetId)).toBe(1);
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('numbers the rows of %s text in order, past empty lines', async (_, eol) => {
    // Empty lines between and after the rows, across blocks: each row keeps its place.
    const lines = generateCsv(6_000).trimEnd().split('\n');
    const csv =
      lines.map((line, i) => (i % 997 === 1 ? `${eol}${line}` : line)).join(eol) + eol + eol;
    const node = await parseCsv(csv);
    expect(node.rows).toHaveLength(6_000);
    const datasetId = await dataset();
    const result = await stageCsvByCopy(db, datasetId, bytesOf(csv, 8_191), await job(), noRows);
    expect(result!.staged.rowCount).toBe(6_000);
    // Its position index is there once it is finished, whenever the engine builds it (on
    // PostgreSQL once it is live).
    await finishLive(db, result!.staged);
    const { row_table } = await setOf(datasetId, result!.staged.storage);
    const [index] = await db.query<{ built: boolean }>(
      `SELECT to_regclass($1) IS NOT NULL AS built`,
      [`${row_table}_at`],
    );
    expect(index!.built).toBe(true);
    const staged = await stageRows(db, datasetId, node.columns, node.rows, await job());
    expect(await typedRowsOf(db, datasetId, result!.staged.storage)).toEqual(
      await typedRowsOf(db, datasetId, staged.storage),
    );
  });

  it('reads the bytes past the first block as csv.ts reads their text, or leaves the text to the other paths', async () => {
    const csv = generateCsv(12_000);
    const at = Buffer.byteLength(csv.slice(0, csv.indexOf('order 9000,')));
    const bytes = Buffer.from(csv);
    const refused = [
      Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]),
      Buffer.concat([bytes.subarray(0, at), Buffer.from([0xe2, 0x82]), bytes.subarray(at)]),
      Buffer.from(csv.replace('order 9000,', 'order\u2028 9000,')),
      Buffer.from(csv.replace('order 9000,', 'order\u00a09000,')),
      Buffer.from(csv.replace('order 9000,', 'order\r9000,')),
      Buffer.from(csv.replace('9000,2026', '9000,"2026"x')),
      Buffer.from(csv.replace('order 9000,', 'order \\. 9000,')),
      Buffer.from(csv.replace(/\n9000,([^,]*),North,/, '\n9000,$1,  ,')),
    ];
    for (const text of refused) {
      const datasetId = await dataset();
      expect(
        await stageCsvByCopy(db, datasetId, bytesOf(text, 65_536), await job(), noRows),
      ).toBeNull();
      expect(await stagingSets(datasetId)).toBe(0);
    }
    // Past the first block: characters of two to four bytes, doubled quotes, a tiny number.
    const read = csv
      .replace('"order 9000, batch', '"ordér ""😀"" – 9000, batch')
      .replace(',"order 9001,', ',"  order 9001,')
      .replace(/\n9002,([^,]*),([^,]*),[^,]*,/, '\n9002,$1,$2,1e-7,');
    const node = await parseCsv(read);
    const datasetId = await dataset();
    const result = await stageCsvByCopy(db, datasetId, bytesOf(read, 4_099), await job(), noRows);
    expect(result!.columns).toEqual(node.columns);
    const staged = await stageRows(db, datasetId, node.columns, node.rows, await job());
    expect(await typedRowsOf(db, datasetId, result!.staged.storage)).toEqual(
      await typedRowsOf(db, datasetId, staged.storage),
    );
    // A space at a value's edge, and a number the engine writes with an exponent: not plain.
    expect((await setOf(datasetId, result!.staged.storage)).plain_csv).toBe(false);
  });

  it('reads a large text a block at a time, from a string or its bytes: the same rows, or nothing', async () => {
    // Text past the first block, and a character of two bytes cut between chunks.
    const csv = generateCsv(12_000).replace('order 7,', 'ordér 7,');
    const node = await parseCsv(csv);
    const expected = async (datasetId: string) => {
      const staged = await stageRows(db, datasetId, node.columns, node.rows, await job());
      return typedRowsOf(db, datasetId, staged.storage);
    };
    for (const source of [csv, bytesOf(csv, 4_099), bytesOf(csv, 1 << 20)]) {
      const datasetId = await dataset();
      const result = await stageCsvByCopy(db, datasetId, source, await job(), noRows);
      expect(result!.columns).toEqual(node.columns);
      expect(await typedRowsOf(db, datasetId, result!.staged.storage)).toEqual(
        await expected(datasetId),
      );
      expect((await setOf(datasetId, result!.staged.storage)).plain_csv).toBe(true);
    }
    // A number the engine writes otherwise (1e-7 as 1e-07) near the end.
    const tiny = await dataset();
    const tinyCsv = `${csv}12001,2026-01-01,North,0.0000001,"x"\n`;
    const tinyResult = await stageCsvByCopy(
      db,
      tiny,
      bytesOf(tinyCsv, 65_536),
      await job(),
      noRows,
    );
    expect(tinyResult!.staged.rowCount).toBe(12_001);
    expect((await setOf(tiny, tinyResult!.staged.storage)).plain_csv).toBe(false);
    // A blank field near the end is found after the copy has begun: nothing stays staged.
    const blank = `${csv}12001,2026-01-01,North,  ,"x"\n`;
    const other = await dataset();
    expect(await stageCsvByCopy(db, other, bytesOf(blank, 65_536), await job(), noRows)).toBeNull();
    expect(await stagingSets(other)).toBe(0);
  });

  it('copies a source that pauses between its chunks (a slow server): the same rows, in order', async () => {
    const csv = generateCsv(12_000);
    const node = await parseCsv(csv);
    const bytes = Buffer.from(csv);
    // Pauses longer than a statement stays open idle: the copy goes on in statements of its own.
    const slow: CsvBytes = () =>
      Promise.resolve(
        (async function* () {
          for (let at = 0; at < bytes.length; at += 100_000) {
            if (at > 0) await new Promise((resolve) => setTimeout(resolve, 80));
            yield bytes.subarray(at, at + 100_000);
          }
        })(),
      );
    let statements = 0;
    const counting: Db = {
      ...db,
      copyFrom: (sql, data) => {
        statements++;
        return db.copyFrom(sql, data);
      },
    };
    const datasetId = await dataset();
    const result = await stageCsvByCopy(counting, datasetId, slow, await job(), noRows);
    expect(result!.staged.rowCount).toBe(12_000);
    // PostgreSQL ends a statement at each pause; PGlite cuts pieces by time (its first of 256 KiB).
    expect(statements).toBeGreaterThan(db.kind === 'postgres' ? 2 : 1);
    const staged = await stageRows(db, datasetId, node.columns, node.rows, await job());
    expect(await typedRowsOf(db, datasetId, result!.staged.storage)).toEqual(
      await typedRowsOf(db, datasetId, staged.storage),
    );
  });
});
