import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDetails, exportHistory, type ExportRecord } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { createStream, runToEnd, streamBody, uploadCsv } from '../testing/streams';

// An export's query: its columns aggregated, grouped and ordered as one SQL statement over the
// dataset's typed row sets, written as csv.ts writes any export.

let platform: TestPlatform;
let datasetId: string;
let appended: string;

const SALES =
  'region,amount,price,day,note\n' +
  'North,10,1.5,2026-01-02,a\n' +
  'South,20,2.5,2026-01-01,b\n' +
  'North,5,0.25,2026-01-03,\n' +
  'East,,4,2026-01-04,c\n' +
  'South,7,1,2026-01-05,"d, e"\n';

async function datasetFrom(name: string, csv: string, overrides: Record<string, unknown> = {}) {
  const fileId = await uploadCsv(platform, name, csv);
  const stream = await createStream(
    platform,
    streamBody('data-file', { dataFileId: String(fileId) }, overrides),
  );
  expect((await runToEnd(platform, stream.id)).state).toBe('SUCCESS');
  return { id: String(stream.dataSource.id), streamId: stream.id };
}

beforeAll(async () => {
  platform = await startTestPlatform({ env: { EXPORT_BATCH_ROWS: '2' } });
  datasetId = (await datasetFrom('sales.csv', SALES)).id;
  // Two runs of an APPEND stream: two row sets, read as one relation.
  const twice = await datasetFrom('ticks.csv', 'kind,n\na,1\nb,2\na,3\n', {
    updateMethod: 'APPEND',
  });
  expect((await runToEnd(platform, twice.streamId)).state).toBe('SUCCESS');
  appended = twice.id;
});
afterAll(() => platform.close());

const start = (query: unknown, id = datasetId) =>
  platform.api(`/api/query/v1/export/${id}`, {
    method: 'POST',
    json: { bucket: 'queries', queryRequest: { useCache: false, query } },
  });

async function exported(query: unknown, id = datasetId) {
  const response = await start(query, id);
  expect(response.status).toBe(200);
  const { exportId } = (await response.json()) as { exportId: string };
  let record: ExportRecord | undefined;
  for (let i = 0; i < 400 && record?.exportStatus !== 'success'; i++) {
    const history = exportHistory.parse(
      await (await platform.api(`/api/query/v1/export/${id}`)).json(),
    );
    record = history.find((r) => r.exportId === exportId)!;
    expect(record.exportStatus).not.toBe('failed');
    if (record.exportStatus !== 'success') await new Promise((r) => setTimeout(r, 25));
  }
  expect(record?.exportStatus).toBe('success');
  const url = Object.keys(record!.urlRowCountMap)[0]!;
  const file = path.join(platform.dataDir, 'buckets', ...url.replace(/^local:\/\//, '').split('/'));
  const details = exportDetails.parse(
    await (await platform.api(`/api/query/v1/exports/${exportId}`)).json(),
  );
  return { text: fs.readFileSync(file, 'utf8'), details, exportId };
}

describe('an export with a query', () => {
  it('sums and counts by group, ordered by an aggregate (empty first, descending), the header naming each column', async () => {
    const { text, details } = await exported({
      columns: [
        { column: 'region', exprType: 'COLUMN' },
        { column: 'amount', exprType: 'SUM', alias: 'total' },
        { column: 'amount', exprType: 'COUNT', alias: 'counted' },
        { column: 'price', exprType: 'MAX' },
      ],
      groupByColumns: [{ column: 'region', exprType: 'COLUMN' }],
      orderByColumns: [{ column: 'total', order: 'DESCENDING' }],
    });
    // An empty value sorts last ascending and first descending, as documents' orders do.
    expect(text).toBe(
      'region,total,counted,price\r\n' +
        'East,,0,4\r\n' +
        'South,27,2,2.5\r\n' +
        'North,15,2,1.5\r\n',
    );
    expect(details.query).toMatchObject({
      columns: ['region', 'total', 'counted', 'price'],
      allColumns: false,
      summary:
        'grouped by region; total = SUM(amount), counted = COUNT(amount), price = MAX(price); ordered by total, descending',
    });
  });

  it('averages, and with no order writes the groups in their own order; an aggregate alone is one row', async () => {
    expect(
      (
        await exported({
          columns: [
            { column: 'region', exprType: 'COLUMN' },
            { column: 'price', exprType: 'AVG' },
          ],
          groupByColumns: ['region'],
        })
      ).text,
    ).toBe('region,price\r\nEast,4\r\nNorth,0.875\r\nSouth,1.75\r\n');
    expect(
      (
        await exported({
          columns: [
            { column: 'amount', exprType: 'sum' },
            { column: 'day', exprType: 'MIN' },
          ],
        })
      ).text,
    ).toBe('amount,day\r\n42,2026-01-01\r\n');
  });

  it('orders every row by a column it does not write, ties in the rows’ order, in batches', async () => {
    const { text } = await exported({
      columns: [
        { column: 'note', exprType: 'COLUMN' },
        { column: 'region', exprType: 'COLUMN' },
      ],
      orderByColumns: [{ column: 'day', direction: 'DESC' }],
    });
    expect(text).toBe('note,region\r\n"d, e",South\r\nc,East\r\n,North\r\na,North\r\nb,South\r\n');
  });

  it('reads every row set of the dataset as one', async () => {
    expect(
      (
        await exported(
          {
            columns: [
              { column: 'kind', exprType: 'COLUMN' },
              { column: 'n', exprType: 'SUM' },
            ],
            groupByColumns: ['kind'],
            orderByColumns: ['kind'],
          },
          appended,
        )
      ).text,
    ).toBe('kind,n\r\na,8\r\nb,4\r\n');
  });

  it('leaves no scratch table behind', async () => {
    const { exportId } = await exported({
      columns: [{ column: 'amount', exprType: 'MAX' }],
    });
    const left = await platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class WHERE relname = $1`,
      [`export_result_${exportId.replaceAll('-', '')}`],
    );
    expect(left[0]!.n).toBe(0);
  });

  it('answers a query it cannot run with a 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { columns: [{ column: 'region', exprType: 'SUM' }] },
        /columns\.0\.exprType: SUM needs a number; "region" is STRING/,
      ],
      [
        { columns: [{ column: 'amount', exprType: 'MEDIAN' }] },
        /columns\.0\.exprType: COLUMN, SUM, AVG, MIN, MAX, COUNT; not "MEDIAN"/,
      ],
      [
        {
          columns: [
            { column: 'region', exprType: 'COLUMN' },
            { column: 'note', exprType: 'COLUMN' },
            { column: 'amount', exprType: 'SUM' },
          ],
          groupByColumns: ['region'],
        },
        /columns\.1: "note" is neither grouped by nor aggregated/,
      ],
      [
        {
          columns: [
            { column: 'amount', exprType: 'SUM' },
            { column: 'amount', exprType: 'AVG' },
          ],
        },
        /columns\.1: two columns are named "amount"; give one an alias/,
      ],
      [{ groupByColumns: ['nope'] }, /groupByColumns\.0: the dataset has no column "nope"/],
      [{ orderByColumns: [{ column: 'amount', order: 'UP' }] }, /ASCENDING or DESCENDING/],
      [
        {
          columns: [{ column: 'amount', exprType: 'SUM' }],
          orderByColumns: ['region'],
        },
        /a grouped export orders by its written columns; "region" is not one/,
      ],
      [{ groupByColumns: Array.from({ length: 33 }, () => 'region') }, /at most 32 columns/],
    ];
    for (const [query, message] of cases) {
      const response = await start(query);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errorCode: string; message: string };
      expect(body.errorCode).toMatch(/^[A-Z_]+$/);
      expect(body.message).toMatch(message);
    }
  });
});
