import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { exportHistory, exportRecord, type ExportRecord } from '../../../src/api/contract';
import { SALES_DATASET_ID } from '../seed/datasets';
import { createStream, runToEnd, streamBody, uploadCsv } from '../testing/streams';
import { startTestPlatform, type TestPlatform } from '../testing';

let platform: TestPlatform;
const logLines: string[] = [];
let dataset: { id: string; name: string; rowCount: number; columns: string[] };

beforeAll(async () => {
  platform = await startTestPlatform({
    log: (l) => logLines.push(l),
    env: { EXPORT_BATCH_ROWS: '7' },
  });
  const list = (await (await platform.api('/api/data/v3/datasources?limit=100')).json()) as Array<{
    id: string;
    name: string;
    rowCount: number;
  }>;
  const withRows = list.find((d) => d.rowCount > 20)!;
  const schema = (await (
    await platform.api(`/api/query/v1/datasources/${withRows.id}/schema/indexed`)
  ).json()) as { tables: Array<{ columns: Array<{ name: string }> }> };
  dataset = { ...withRows, columns: schema.tables[0]!.columns.map((c) => c.name) };
});
afterAll(() => platform.close());

const start = async (json: unknown, id = dataset.id) =>
  platform.api(`/api/query/v1/export/${id}`, { method: 'POST', json });

async function finished(exportId: string, id = dataset.id): Promise<ExportRecord> {
  for (let i = 0; i < 200; i++) {
    const history = exportHistory.parse(
      await (await platform.api(`/api/query/v1/export/${id}`)).json(),
    );
    const record = history.find((r) => r.exportId === exportId)!;
    if (record.exportStatus !== 'running') return record;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export still running');
}

const localFile = (url: string) =>
  path.join(platform.dataDir, 'buckets', ...url.replace(/^local:\/\//, '').split('/'));

describe('Create Export (4.6, 4.6a)', () => {
  it('writes the chosen columns as CSV with a BOM to the local bucket, every row, and lists it', async () => {
    const columns = dataset.columns.slice(0, 2);
    const res = await start({
      bucket: 'reports',
      path: 'daily/orders',
      queryRequest: {
        includeBOM: true,
        query: { columns: columns.map((column) => ({ column, exprType: 'COLUMN' })) },
      },
    });
    expect(res.status).toBe(200);
    const created = exportRecord.parse(await res.json());
    const done = await finished(created.exportId);
    expect(done).toMatchObject({
      exportStatus: 'success',
      exportFormat: 'csv',
      compression: 'none',
    });
    const [url, count] = Object.entries(done.urlRowCountMap)[0]!;
    expect(url).toBe(`local://reports/daily/orders/${created.exportId}/export/data.csv`);
    expect(count).toBe(dataset.rowCount);
    const text = fs.readFileSync(localFile(url), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(columns.join(','));
    expect(lines).toHaveLength(dataset.rowCount + 1);
  });

  it('writes tricky values byte for byte (RFC 4180, as papaparse would), every row in order, across batches', async () => {
    const plain = Array.from({ length: 10 }, (_, i) => [`row ${i + 5}`, String(i), 'x']);
    const source = Papa.unparse(
      [
        ['name', 'amount', 'note'],
        ['say "hi"', '1', 'a,b'],
        ['line\nbreak', '-2.5', 'crlf\r\nend'],
        [' leading', '', 'trailing '],
        ['\uFEFFbom', '1e21', '"'],
        ...plain,
      ],
      { newline: '\r\n' },
    );
    const stream = await createStream(
      platform,
      streamBody('data-file', {
        dataFileId: String(await uploadCsv(platform, 'tricky.csv', source)),
      }),
    );
    expect((await runToEnd(platform, stream.id)).state).toBe('SUCCESS');
    const id = String(stream.dataSource.id);
    const exported = async (columns?: string[]) => {
      const created = exportRecord.parse(
        await (
          await start(
            {
              bucket: 'tricky',
              queryRequest: columns && {
                query: { columns: columns.map((column) => ({ column, exprType: 'COLUMN' })) },
              },
            },
            id,
          )
        ).json(),
      );
      const done = await finished(created.exportId, id);
      expect(done.exportStatus).toBe('success');
      expect(Object.values(done.urlRowCountMap)).toEqual([14]);
      return fs.readFileSync(localFile(Object.keys(done.urlRowCountMap)[0]!), 'utf8');
    };
    const rest = plain.map(([name, amount, note]) => `${name},${amount},${note}\r\n`).join('');
    expect(await exported()).toBe(
      'name,amount,note\r\n' +
        '"say ""hi""",1,"a,b"\r\n' +
        '"line\nbreak",-2.5,"crlf\r\nend"\r\n' +
        '" leading",,"trailing "\r\n' +
        '"\uFEFFbom",1e+21,""""\r\n' +
        rest,
    );
    expect((await exported(['note', 'name'])).split('\r\n').slice(0, 3)).toEqual([
      'note,name',
      '"a,b","say ""hi"""',
      '"crlf',
    ]);
  });

  it('writes a partitioned dataset partition by partition, in order, each whole', async () => {
    const created = exportRecord.parse(
      await (await start({ bucket: 'partitions' }, SALES_DATASET_ID)).json(),
    );
    const done = await finished(created.exportId, SALES_DATASET_ID);
    expect(Object.values(done.urlRowCountMap)).toEqual([2000]);
    const lines = fs
      .readFileSync(localFile(Object.keys(done.urlRowCountMap)[0]!), 'utf8')
      .trimEnd()
      .split('\r\n');
    const months = lines.slice(1).map((line) => line.slice(0, 7));
    // The seed appends months 9, 10 and 11 as partitions of 700, 650 and 650 rows.
    expect(months).toEqual([
      ...Array<string>(700).fill('2026-09'),
      ...Array<string>(650).fill('2026-10'),
      ...Array<string>(650).fill('2026-11'),
    ]);
  });

  it('returns the previous export while data, columns and target are unchanged; a change starts a new one', async () => {
    const body = { bucket: 'same', compression: 'gzip' };
    const first = exportRecord.parse(await (await start(body)).json());
    const done = await finished(first.exportId);
    expect(done.exportStatus).toBe('success');
    const gz = fs.readFileSync(localFile(Object.keys(done.urlRowCountMap)[0]!));
    expect(gunzipSync(gz).toString('utf8').split('\r\n')[0]).toBe(dataset.columns.join(','));
    const again = exportRecord.parse(await (await start(body)).json());
    expect(again.exportId).toBe(first.exportId);
    const otherTarget = exportRecord.parse(
      await (await start({ ...body, bucket: 'other' })).json(),
    );
    expect(otherTarget.exportId).not.toBe(first.exportId);
    await finished(otherTarget.exportId);
    const otherColumns = exportRecord.parse(
      await (
        await start({
          ...body,
          queryRequest: {
            query: { columns: [{ column: dataset.columns[0], exprType: 'COLUMN' }] },
          },
        })
      ).json(),
    );
    expect(otherColumns.exportId).not.toBe(first.exportId);
    await finished(otherColumns.exportId);
  });

  it('50 simultaneous callers get one running export, all the same record', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => start({ bucket: 'race' })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const records = await Promise.all(answers.map(async (a) => exportRecord.parse(await a.json())));
    expect(new Set(records.map((r) => r.exportId)).size).toBe(1);
    await finished(records[0]!.exportId);
    const history = exportHistory.parse(
      await (await platform.api(`/api/query/v1/export/${dataset.id}`)).json(),
    );
    expect(history.filter((r) => r.bucket === 'race')).toHaveLength(1);
    const times = history.map((r) => r.started);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers bad input with a 4xx and the 7.2 body', async () => {
    const cases: Array<[number, Response]> = [
      [400, await start({ bucket: '../../etc' })],
      [400, await start({ bucket: 'ok-bucket', path: 'a/../b' })],
      [400, await start({ bucket: 'ok-bucket', compression: 'zip' })],
      [
        400,
        await start({
          bucket: 'ok-bucket',
          queryRequest: { query: { columns: [{ column: 'nope', exprType: 'COLUMN' }] } },
        }),
      ],
      [
        400,
        await platform.api(`/api/query/v1/export/${dataset.id}`, {
          method: 'POST',
          body: '{',
          headers: {
            'content-type': 'application/json',
            'X-SERVICE-Developer-Token': platform.tokens.developer,
          },
        }),
      ],
      [404, await start({ bucket: 'ok-bucket' }, 'no-such-dataset')],
      [404, await platform.api('/api/query/v1/export/no-such-dataset')],
      [
        401,
        await platform.api(`/api/query/v1/export/${dataset.id}`, {
          headers: { 'X-SERVICE-Developer-Token': 'wrong' },
        }),
      ],
    ];
    for (const [status, res] of cases) {
      expect(res.status).toBe(status);
      const body = (await res.json()) as { errorCode: string; message: string };
      expect(body.errorCode).toMatch(/^[A-Z_]+$/);
      expect(body.message.length).toBeGreaterThan(0);
    }
  });

  it('ends in failed with a reason when the local target cannot be written', async () => {
    fs.mkdirSync(path.join(platform.dataDir, 'buckets'), { recursive: true });
    fs.writeFileSync(path.join(platform.dataDir, 'buckets', 'blocked'), 'a file, not a bucket');
    const created = exportRecord.parse(await (await start({ bucket: 'blocked' })).json());
    const done = await finished(created.exportId);
    expect(done).toMatchObject({ exportStatus: 'failed', errorCode: 'EXPORT_FAILED' });
    expect(done.message).toMatch(
      /^The local bucket "blocked" cannot be written: a file stands where one of its folders should be \((EEXIST|ENOTDIR)\)$/,
    );
    expect(done.message).not.toContain(platform.dataDir);
  });

  it('refuses a bucket or path the target cannot hold, before anything is written', async () => {
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ bucket: 'probe', path: 'a'.repeat(300) }, 'path: at most 200 characters between two "/"'],
      [
        { bucket: 'probe', path: Array(100).fill('abcdef').join('/') },
        'path: at most 512 characters',
      ],
      [{ bucket: 'pro..be' }, /^bucket: .* no "\.\."$/],
      [{ bucket: 'probe', path: 'a/./b' }, /^path: segments .*\(no "\." or "\.\."\)$/],
      [{ bucket: 'probe', path: 'a\\..\\b' }, /^path: segments /],
      [{ bucket: 'probe', path: 'a/b%2F..' }, /^path: segments /],
    ];
    for (const [json, message] of cases) {
      const res = await start(json);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errorCode: string; message: string };
      expect(Object.keys(body).sort()).toEqual(['errorCode', 'message']);
      expect(body.errorCode).toBe('INVALID_REQUEST');
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
    }
    const history = exportHistory.parse(
      await (await platform.api(`/api/query/v1/export/${dataset.id}`)).json(),
    );
    expect(history.filter((r) => r.bucket === 'probe')).toEqual([]);
  });

  it('says a file-system failure without a path, whatever the failure', async () => {
    const buckets = path.join(platform.dataDir, 'buckets');
    fs.mkdirSync(buckets, { recursive: true });
    fs.symlinkSync('loop', path.join(buckets, 'loop'));
    const created = exportRecord.parse(await (await start({ bucket: 'loop' })).json());
    const done = await finished(created.exportId);
    expect(done).toMatchObject({
      exportStatus: 'failed',
      errorCode: 'EXPORT_FAILED',
      message: 'The local bucket "loop" cannot be written: the file system refused it (ELOOP)',
    });
    expect(logLines.join('\n')).not.toContain(buckets);
  });
});
