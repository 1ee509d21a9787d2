import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataset, queryResult } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { generateCsv } from './large-csv';
import { createStream, runToEnd, streamBody, uploadCsv } from '../testing/streams';

const ROWS = 100_000;

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

describe(`a stream run of ${ROWS.toLocaleString('en')} CSV rows`, () => {
  it('completes with every row in the dataset', { timeout: 60_000 }, async () => {
    const csv = generateCsv(ROWS);
    const fileId = await uploadCsv(platform, 'large.csv', csv);
    const created = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const t = performance.now();
    const done = await runToEnd(platform, created.id);
    const seconds = (performance.now() - t) / 1000;
    expect(done).toMatchObject({ state: 'SUCCESS', rowsInserted: ROWS, errorMessage: null });
    const ds = dataset.parse(
      await (await platform.api(`/api/data/v3/datasources/${created.dataSource.id}`)).json(),
    );
    expect(ds.rowCount).toBe(ROWS);
    const last = queryResult.parse(
      await (
        await platform.api(`/api/query/v1/execute/${created.dataSource.id}`, {
          method: 'POST',
          json: { sql: `SELECT * FROM table LIMIT 1 OFFSET ${ROWS - 1}` },
        })
      ).json(),
    );
    expect(last.rows[0]![0]).toBe(ROWS);
    expect(last.rows[0]![4]).toBe(`order ${ROWS}, batch ${ROWS % 97}`);
    console.log(`${ROWS} rows in ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds)} rows/s)`);
  });
});
