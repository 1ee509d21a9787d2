import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHistory, exportRecord, type ExportRecord } from '../../../src/api/contract';
import { randomUUID } from 'node:crypto';
import { readConfig } from '../../config';
import { startEmbeddedPlatform } from '../server';
import type { EmbeddedPlatform } from '../types';

const SECRET = 'never-store-this-secret-7f3a91';
const KEY = 'AKIA-NEVER-STORE-4411';
const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
let s3: S3rver;
let endpoint: string;
let platform: EmbeddedPlatform;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-s3-'));
const api = (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(platform.url + pathname, {
    ...init,
    headers: { 'X-SERVICE-Developer-Token': 'exports-token', 'content-type': 'application/json' },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
const logLines: string[] = [];
let datasetId: string;
let rowCount: number;

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'exports-bucket' }],
  });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  const config = readConfig({
    DATA_DIR: dataDir,
    PLATFORM_DEVELOPER_TOKEN: 'exports-token',
    EXPORT_TARGET: 's3',
    EXPORT_S3_ENDPOINT: endpoint,
    EXPORT_BATCH_ROWS: '5',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const schema = config.databaseUrl
    ? `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`
    : undefined;
  platform = await startEmbeddedPlatform({ config, schema, log: (l) => logLines.push(l) });
  const list = (await (await api('/api/data/v3/datasources?limit=100')).json()) as Array<{
    id: string;
    rowCount: number;
  }>;
  const d = list.find((x) => x.rowCount > 10)!;
  datasetId = d.id;
  rowCount = d.rowCount;
});
afterAll(async () => {
  await platform.close();
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(s3dir, { recursive: true, force: true });
});

const start = async (json: unknown) =>
  exportRecord.parse(
    await (await api(`/api/query/v1/export/${datasetId}`, { method: 'POST', json })).json(),
  );

async function finished(exportId: string): Promise<ExportRecord> {
  for (let i = 0; i < 300; i++) {
    const history = exportHistory.parse(
      await (await api(`/api/query/v1/export/${datasetId}`)).json(),
    );
    const record = history.find((r) => r.exportId === exportId)!;
    if (record.exportStatus !== 'running') return record;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export still running');
}

async function readObject(url: string) {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const [, bucket, ...key] = url.replace(/^s3:\/\//, '/').split('/');
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key.join('/') }));
  const bytes = Buffer.from(await object.Body!.transformToByteArray());
  client.destroy();
  return bytes;
}

const creds = { awsAccessKey: 'S3RVER', awsAccessSecret: 'S3RVER', region: 'us-east-1' };

describe('export to an S3-compatible store (s3rver)', () => {
  it('uploads the CSV; the gzip object holds the same bytes as the plain one', async () => {
    const plain = await finished(
      (await start({ ...creds, bucket: 'exports-bucket', path: 'plain' })).exportId,
    );
    expect(plain.exportStatus).toBe('success');
    const [url, count] = Object.entries(plain.urlRowCountMap)[0]!;
    expect(url).toBe(`s3://exports-bucket/plain/${plain.exportId}/export/data.csv`);
    expect(count).toBe(rowCount);
    const plainBytes = await readObject(url);
    expect(plainBytes.toString('utf8').trimEnd().split('\r\n')).toHaveLength(rowCount + 1);

    const gz = await finished(
      (await start({ ...creds, bucket: 'exports-bucket', path: 'zipped', compression: 'gzip' }))
        .exportId,
    );
    expect(gz.exportStatus).toBe('success');
    const gzUrl = Object.keys(gz.urlRowCountMap)[0]!;
    expect(gzUrl.endsWith('/export/data.csv.gz')).toBe(true);
    expect(gunzipSync(await readObject(gzUrl)).equals(plainBytes)).toBe(true);
  });

  it('bad credentials end in failed with a reason; the secret is never returned, logged or stored', async () => {
    const res = await api(`/api/query/v1/export/${datasetId}`, {
      method: 'POST',
      json: {
        awsAccessKey: KEY,
        awsAccessSecret: SECRET,
        bucket: 'exports-bucket',
        path: 'denied',
      },
    });
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(KEY);
    const done = await finished(exportRecord.parse(JSON.parse(text)).exportId);
    expect(done).toMatchObject({ exportStatus: 'failed', errorCode: 'EXPORT_FAILED' });
    expect(done.message.length).toBeGreaterThan(0);
    expect(JSON.stringify(done)).not.toContain(SECRET);

    const missing = await api(`/api/query/v1/export/${datasetId}`, {
      method: 'POST',
      json: { bucket: 'exports-bucket' },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errorCode: 'INVALID_REQUEST' });

    await platform.close();
    expect(logLines.join('\n')).not.toContain(SECRET);
    if (!process.env.DATABASE_URL) {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true }))
          if (e.isDirectory()) walk(path.join(dir, e.name));
          else files.push(path.join(dir, e.name));
      };
      walk(dataDir);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const bytes = fs.readFileSync(f);
        expect(bytes.includes(SECRET), f).toBe(false);
        expect(bytes.includes(KEY), f).toBe(false);
      }
    }
  });
});
