import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageRows } from '../datasets/staged-rows';
import { createDataset } from '../datasets/store';
import type { Db } from '../store';
import { openTestStore, testJob } from '../testing';
import { typedRowsOf } from '../testing/row-sets';
import { parseCsv } from './csv';
import { stageCsvInEngine } from './engine-csv';
import { scanCsv } from './engine-csv-scan';
import { PAST_THE_HEAD, csvCases as cases, manyRows } from '../testing/csv-cases';

/**
 * On PostgreSQL the engine parses, types and stages a CSV; for every text it takes,
 * the staged typed rows (compared as the engine writes them) and the columns are exactly the
 * Node path's (csv.ts, then stageRows); any text it cannot read exactly goes the Node path.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestStore('engine-csv-test-');
});
afterAll(() => db.close());

const job = () => testJob(db);
const dataset = () =>
  db.transaction((tx) => createDataset(tx, { name: `csv ${randomUUID()}`, owner: 1, columns: [] }));

describe('where COPY and papaparse read a text alike', () => {
  it('finds quotes that open and close fields, and the first line end', () => {
    const eol = (text: string) => scanCsv(text)?.eol ?? null;
    expect(eol('a,"b ""c"""\r\n1,2')).toBe('\r\n');
    expect(eol('"a\nb",c\rd')).toBe('\r');
    expect(eol('a')).toBe('\n');
    expect(eol('a,b"c')).toBeNull();
    expect(eol('a,"b"c')).toBeNull();
    expect(eol('a,"b')).toBeNull();
    expect(scanCsv('a,"b\nc"\n1,2')?.quotedBreak).toBe(true);
    expect(scanCsv('a,"b c"\n1,"2"')?.quotedBreak).toBe(false);
  });
});

describe.runIf(process.env.DATABASE_URL)('a CSV typed and staged by PostgreSQL', () => {
  it.each(cases)('$name: the same cells and columns as the Node path', async ({ csv, engine }) => {
    const datasetId = await dataset();
    const node = await parseCsv(csv).catch((error: Error) => error);
    let heard: number | undefined;
    const inEngine = await stageCsvInEngine(db, datasetId, csv, await job(), (n) => {
      heard = n;
      return Promise.resolve();
    });
    expect(inEngine !== null).toBe(engine);
    if (!inEngine) return;
    if (node instanceof Error) throw node;
    expect(inEngine.columns).toEqual(node.columns);
    expect(heard).toBe(node.rows.length);
    expect(inEngine.staged.rowCount).toBe(node.rows.length);
    const staged = await stageRows(db, datasetId, node.columns, node.rows, await job());
    expect(await typedRowsOf(db, datasetId, inEngine.staged.storage)).toEqual(
      await typedRowsOf(db, datasetId, staged.storage),
    );
  });

  it('runs at once: the one judging on its own connection and the others alike', async () => {
    const csvs = [manyRows(PAST_THE_HEAD, '1,x,1'), manyRows(PAST_THE_HEAD, '1.5,2026-01-01,1e-7')];
    const runs = [...csvs, ...csvs].map(async (csv) => {
      const datasetId = await dataset();
      const inEngine = await stageCsvInEngine(db, datasetId, csv, await job(), () =>
        Promise.resolve(),
      );
      const node = await parseCsv(csv);
      const staged = await stageRows(db, datasetId, node.columns, node.rows, await job());
      expect(inEngine!.columns).toEqual(node.columns);
      expect(await typedRowsOf(db, datasetId, inEngine!.staged.storage)).toEqual(
        await typedRowsOf(db, datasetId, staged.storage),
      );
    });
    await Promise.all(runs);
  });

  it('marks a set the engine may write as CSV only when its cells allow it', async () => {
    const plainOf = async (csv: string) => {
      const datasetId = await dataset();
      const result = await stageCsvInEngine(db, datasetId, csv, await job(), () =>
        Promise.resolve(),
      );
      const [set] = await db.query<{ plain_csv: boolean; state: string }>(
        'SELECT plain_csv, state FROM dataset_row_sets WHERE dataset_id = $1 AND storage = $2',
        [datasetId, result!.staged.storage],
      );
      expect(set!.state).toBe('staging');
      return set!.plain_csv;
    };
    expect(await plainOf('a,b\n1,"x, y"\n2.5,z\n')).toBe(true);
    expect(await plainOf('a,b\n1," x"\n')).toBe(false);
    expect(await plainOf('a,b\n1,"x\ny"\n')).toBe(false);
    expect(await plainOf('a,b\n0.0000001,x\n')).toBe(false);
    // The engine writes a double of 1e15 or more with an exponent, JavaScript does not.
    expect(await plainOf('a,b\n1e15,x\n2.5,y\n')).toBe(false);
    expect(await plainOf('a,b\n0.00005,x\n')).toBe(false);
  });
});
