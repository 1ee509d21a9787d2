import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportDetails,
  exportHistory,
  exportPreview,
  exportRecord,
  exportsAcross,
  type ExportRecord,
} from '../../../src/api/contract';
import { sampleUsers } from '../testing/users';
import { SALES_DATASET_ID } from '../seed/datasets';
import { startTestPlatform, type TestPlatform } from '../testing';

// An export's page, its files (download and preview) and the dashboard's one read
// across datasets; each as the acting user, who must be able to read the export's dataset.

let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
let sales: { rowCount: number; name: string };

beforeAll(async () => {
  platform = await startTestPlatform();
  as = await sampleUsers(platform);
  sales = (await (await platform.api(`/api/data/v3/datasources/${SALES_DATASET_ID}`)).json()) as {
    rowCount: number;
    name: string;
  };
});
afterAll(() => platform.close());

async function exportSales(json: {
  bucket: string;
  compression?: string;
  queryRequest?: object;
}): Promise<ExportRecord> {
  const res = await platform.api(`/api/query/v1/export/${SALES_DATASET_ID}`, {
    method: 'POST',
    json: { ...json, queryRequest: { useCache: false, ...json.queryRequest } },
  });
  expect(res.status).toBe(200);
  const { exportId } = exportRecord.parse(await res.json());
  for (let i = 0; i < 200; i++) {
    const history = exportHistory.parse(
      await (await platform.api(`/api/query/v1/export/${SALES_DATASET_ID}`)).json(),
    );
    const record = history.find((r) => r.exportId === exportId)!;
    if (record.exportStatus !== 'running') return record;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export still running');
}

describe('an export and its files (GET /api/query/v1/exports/{id}…)', () => {
  let plain: ExportRecord;
  let gzipped: ExportRecord;
  beforeAll(async () => {
    plain = await exportSales({ bucket: 'page-tests', queryRequest: { includeBOM: true } });
    gzipped = await exportSales({ bucket: 'page-tests', compression: 'gzip' });
  });

  it('says who started it, what it asked for, where it went and which files it wrote', async () => {
    const res = await platform.api(`/api/query/v1/exports/${plain.exportId}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(platform.dataDir);
    const details = exportDetails.parse(JSON.parse(text));
    expect(details).toMatchObject({
      record: { exportId: plain.exportId, exportStatus: 'success' },
      datasetId: SALES_DATASET_ID,
      datasetName: sales.name,
      startedBy: { id: 1, name: 'Ada Admin' },
      target: { kind: 'local', bucket: 'page-tests', path: SALES_DATASET_ID },
      query: { allColumns: true, includeBOM: true, useCache: false },
    });
    expect(details.query!.columns.length).toBeGreaterThan(1);
    expect(details.files).toEqual([
      {
        url: `local://page-tests/${SALES_DATASET_ID}/${plain.exportId}/export/data.csv`,
        rows: sales.rowCount,
        name: 'data.csv',
        downloadable: true,
      },
    ]);
  });

  it('hands out the file as an attachment the browser may not sniff, byte for byte', async () => {
    const res = await platform.api(`/api/query/v1/exports/${plain.exportId}/files/0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    // Buffer, not res.text(): a fetch body's decoder drops a leading BOM.
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(sales.rowCount + 1);

    const gz = await platform.api(`/api/query/v1/exports/${gzipped.exportId}/files/0`);
    expect(gz.headers.get('content-disposition')).toMatch(/\.csv\.gz"/);
    const unzipped = gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8');
    expect(unzipped).toBe(text.slice(1));
  });

  it('previews the first 20 rows under their header, gzip or not', async () => {
    for (const record of [plain, gzipped]) {
      const res = await platform.api(`/api/query/v1/exports/${record.exportId}/files/0/preview`);
      expect(res.status).toBe(200);
      const preview = exportPreview.parse(await res.json());
      const file = await (
        await platform.api(`/api/query/v1/exports/${plain.exportId}/files/0`)
      ).text();
      const lines = file.split('\r\n');
      expect(preview.columns.join(',')).toBe(lines[0]);
      expect(preview.rows).toHaveLength(Math.min(20, sales.rowCount));
      expect(preview.rows[0]!.length).toBe(preview.columns.length);
      expect(preview.more).toBe(sales.rowCount > 20);
    }
  });

  it('answers 404 with the exports body for an unknown export, a file it has not, or one in S3', async () => {
    const unknown = await platform.api('/api/query/v1/exports/no-such-export');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      errorCode: 'EXPORT_NOT_FOUND',
      message: 'No export no-such-export',
    });
    const noFile = await platform.api(`/api/query/v1/exports/${plain.exportId}/files/1`);
    expect(noFile.status).toBe(404);
    expect(((await noFile.json()) as { errorCode: string }).errorCode).toBe(
      'EXPORT_FILE_NOT_FOUND',
    );
    expect((await platform.api(`/api/query/v1/exports/${plain.exportId}/files/x`)).status).toBe(
      400,
    );

    // The sample history went to S3: its page shows the URL, and its bytes are not the platform's.
    const across = exportsAcross.parse(
      await (await platform.api('/api/query/v1/exports?limit=1000')).json(),
    );
    const seeded = across.exports.find((e) =>
      Object.keys(e.record.urlRowCountMap)[0]?.startsWith('s3://'),
    )!;
    const details = exportDetails.parse(
      await (await platform.api(`/api/query/v1/exports/${seeded.record.exportId}`)).json(),
    );
    expect(details.target.kind).toBe('s3');
    expect(details.startedBy).toBeNull();
    expect(details.files[0]).toMatchObject({ downloadable: false });
    const s3 = await platform.api(`/api/query/v1/exports/${seeded.record.exportId}/files/0`);
    expect(s3.status).toBe(404);
    expect(await s3.text()).toMatch(/outside the platform's local target/);
  });

  it('hides the export, its files and its preview from a user who may not read its dataset', async () => {
    // Premise: Dev (Participant) cannot read Sales.
    expect((await as('dev', `/api/query/v1/export/${SALES_DATASET_ID}`)).status).toBe(404);
    for (const path of ['', '/files/0', '/files/0/preview']) {
      const res = await as('dev', `/api/query/v1/exports/${plain.exportId}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        errorCode: 'EXPORT_NOT_FOUND',
        message: `No export ${plain.exportId}`,
      });
    }
    // Ben can: the same answers as Ada's.
    expect((await as('ben', `/api/query/v1/exports/${plain.exportId}/files/0`)).status).toBe(200);
  });
});

describe('every export across datasets (GET /api/query/v1/exports)', () => {
  it('pages newest first with a keyset cursor, each export once, and says how many datasets', async () => {
    const all = exportsAcross.parse(
      await (await platform.api('/api/query/v1/exports?limit=1000')).json(),
    );
    expect(all.next).toBeNull();
    expect(all.exports.length).toBeGreaterThan(3);
    const datasets = (await (
      await platform.api('/api/data/v3/datasources?limit=500')
    ).json()) as unknown[];
    expect(all.datasetCount).toBe(datasets.length);
    const starts = all.exports.map((e) => Date.parse(e.record.started));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));

    const paged: string[] = [];
    let before: string | null = null;
    do {
      const query: string = `?limit=2${before ? `&before=${before}` : ''}`;
      const page = exportsAcross.parse(
        await (await platform.api(`/api/query/v1/exports${query}`)).json(),
      );
      expect(page.exports.length).toBeLessThanOrEqual(2);
      paged.push(...page.exports.map((e) => e.record.exportId));
      before = page.next;
    } while (before);
    expect(paged).toEqual(all.exports.map((e) => e.record.exportId));
  });

  it('lists only the datasets the user may read', async () => {
    const dev = exportsAcross.parse(
      await (await as('dev', '/api/query/v1/exports?limit=1000')).json(),
    );
    expect(dev.exports.some((e) => e.datasetId === SALES_DATASET_ID)).toBe(false);
    const ada = exportsAcross.parse(
      await (await platform.api('/api/query/v1/exports?limit=1000')).json(),
    );
    expect(ada.exports.some((e) => e.datasetId === SALES_DATASET_ID)).toBe(true);
    expect(dev.datasetCount).toBeLessThan(ada.datasetCount);
  });

  it('refuses a limit out of bounds or a cursor it did not give with 400', async () => {
    for (const query of ['limit=0', 'limit=1001', 'before=bm90IGEgY3Vyc29y', 'before=%5B%5D']) {
      const res = await platform.api(`/api/query/v1/exports?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { errorCode: string }).errorCode).toBe('INVALID_REQUEST');
    }
  });
});
