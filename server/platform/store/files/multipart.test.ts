import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportDetails, exportRecord, filesetFile } from '../../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../../testing';
import { createStream, dataFileStream, runToEnd, uploadCsv } from '../../testing/streams';
import { S3FileStore } from './s3';

/**
 * Bodies larger than one 5 MiB part of an S3 multipart upload, written by the platform itself to
 * an S3 file store (s3rver): a data file, a fileset file and an export each reach the bucket
 * whole, in several parts, and read back the same.
 */
const BUCKET = 'platform-files';
const S3_KEY = 'S3RVER';
const MiB = 1024 * 1024;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-multipart-'));
let s3: S3rver;
let objects: S3FileStore;
let platform: TestPlatform;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A CSV of about `bytes` bytes: a header and rows of an id and a line of text. */
function csvOf(bytes: number) {
  const lines = ['id,note'];
  let size = lines[0]!.length + 1;
  for (let i = 0; size < bytes; i++) {
    const line = `${i},row ${i} of a file larger than one part of a multipart upload ${'x'.repeat(40)}`;
    lines.push(line);
    size += line.length + 1;
  }
  return { csv: lines.join('\n') + '\n', rows: lines.length - 1 };
}

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // The platform's store takes its keys from the SDK's chain, as in production.
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3_KEY);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3_KEY);
  objects = new S3FileStore(
    { kind: 's3', bucket: BUCKET, endpoint, region: 'us-east-1', prefix: '' },
    { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
  );
  platform = await startTestPlatform({
    env: { FILE_STORE: 's3', FILE_STORE_S3_BUCKET: BUCKET, FILE_STORE_S3_ENDPOINT: endpoint },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
  objects?.close();
  await s3?.close();
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
}, 60_000);

describe('uploads and exports of several parts to an S3 file store (s3rver)', () => {
  let datasetId: string;
  let csv: { csv: string; rows: number };

  it('a 12 MiB data file is stored whole and downloads the same', async () => {
    csv = csvOf(12 * MiB);
    const fileId = await uploadCsv(platform, 'large.csv', csv.csv);
    const [key] = await objects.list('data-files/');
    expect(await objects.stat(key!)).toEqual({ sizeBytes: Buffer.byteLength(csv.csv) });
    const download = await platform.api(`/api/data/v1/data-files/${fileId}`);
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(csv.csv));

    const stream = await createStream(platform, dataFileStream(fileId, 'Large'));
    expect(await runToEnd(platform, stream.id)).toMatchObject({ state: 'SUCCESS' });
    datasetId = stream.dataSource.id;
  }, 120_000);

  it('a 9 MiB fileset file is stored whole and downloads the same', async () => {
    const found = (await (
      await platform.api('/api/files/v1/filesets/search', { method: 'POST', json: {} })
    ).json()) as { fileSets: Array<{ id: string }> };
    const filesetId = found.fileSets[0]!.id;
    const text = Buffer.alloc(9 * MiB, 'The quokka smiled at the zebrafinch. ');
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'long-notes.txt');
    const uploaded = await platform.api(`/api/files/v1/filesets/${filesetId}/files`, {
      method: 'POST',
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = filesetFile.parse(await uploaded.json());
    expect(await objects.stat(`fileset-files/${filesetId}/${file.id}`)).toEqual({
      sizeBytes: text.byteLength,
    });
    const download = await platform.api(
      `/api/files/v1/filesets/${filesetId}/files/${file.id}/download`,
    );
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(text));
  }, 60_000);

  it('an export of over 5 MiB is written in parts and downloads whole', async () => {
    expect(datasetId).toBeDefined();
    const started = await platform.api(`/api/query/v1/export/${datasetId}`, {
      method: 'POST',
      json: { bucket: 'team-exports', path: 'large' },
    });
    expect(started.status).toBe(200);
    const { exportId } = exportRecord.parse(await started.json());
    let details = exportDetails.parse(
      await (await platform.api(`/api/query/v1/exports/${exportId}`)).json(),
    );
    for (let i = 0; details.record.exportStatus === 'running' && i < 1200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      details = exportDetails.parse(
        await (await platform.api(`/api/query/v1/exports/${exportId}`)).json(),
      );
    }
    expect(details.record).toMatchObject({ exportStatus: 'success' });
    const key = `buckets/team-exports/large/${exportId}/export/data.csv`;
    const size = (await objects.stat(key))?.sizeBytes ?? 0;
    expect(size).toBeGreaterThan(5 * MiB);
    const download = await platform.api(`/api/query/v1/exports/${exportId}/files/0`);
    expect(download.status).toBe(200);
    const body = Buffer.from(await download.arrayBuffer());
    expect(body.byteLength).toBe(size);
    expect(body.toString('utf8').trimEnd().split('\r\n')).toHaveLength(csv.rows + 1);
  }, 180_000);
});
