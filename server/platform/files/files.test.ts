import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileMetadata,
  fileMetadataList,
  messageError,
  newRevisionResult,
  uploadDataFileResult,
} from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { EICAR } from './scan';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const dev = () => ({ 'X-SERVICE-Developer-Token': platform.tokens.developer });
const hash = (algorithm: string, data: string | Uint8Array) =>
  createHash(algorithm).update(data).digest('hex');
const upload = (query: string, body: BodyInit, contentType = 'text/csv') =>
  platform.api(`/api/data/v1/data-files${query}`, {
    method: 'POST',
    body,
    headers: { ...dev(), 'content-type': contentType },
  });
const details = async (id: number, expand = '') =>
  fileMetadata.parse(
    await (await platform.api(`/api/data/v1/data-files/${id}/details${expand}`)).json(),
  );

const first = 'city,population\nLyon,522000\n';
const second = 'city,population\nLyon,522250\nNice,342000\n';

describe('data files (2.7, 4.12, gaps.md)', () => {
  let fileId: number;

  it('uploads a raw body as a data file, with the real md5 and sha256 of the bytes', async () => {
    const res = await upload('?name=cities.csv&description=Big%20cities', first);
    expect(res.status).toBe(200);
    fileId = uploadDataFileResult.parse(await res.json()).dataFileId;
    const file = await details(fileId, '?expand=metadata');
    expect(file).toMatchObject({
      name: 'cities.csv',
      description: 'Big cities',
      responsibleUserId: 1,
      existing: true,
    });
    expect(file.revisions).toBeUndefined();
    expect(file.currentRevision).toMatchObject({
      dataFileId: fileId,
      contentType: 'text/csv',
      uploadUserId: 1,
      sizeBytes: Buffer.byteLength(first),
      md5Hash: hash('md5', first),
      sha256HashValue: hash('sha256', first),
    });
    // The upload answers before its scan: PENDING, then SAFE once the background scan ran.
    expect(['PENDING', 'SAFE']).toContain(file.currentRevision?.scanState);
    await expect
      .poll(async () => (await details(fileId, '?expand=metadata')).currentRevision?.scanState)
      .toBe('SAFE');
    expect(file.datetimeCreated).toBeGreaterThan(Date.now() - 60_000);
  });

  it('adds a revision that becomes the current one; revisions come newest first', async () => {
    const res = await platform.api(`/api/data/v1/data-files/${fileId}`, {
      method: 'PUT',
      body: second,
      headers: { ...dev(), 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    const { revisionId } = newRevisionResult.parse(await res.json());
    const file = await details(fileId, '?expand=revisions,metadata');
    expect(file.currentRevision?.dataFileRevisionId).toBe(revisionId);
    expect(file.revisions?.map((r) => r.sha256HashValue)).toEqual([
      hash('sha256', second),
      hash('sha256', first),
    ]);
    const plain = await details(fileId);
    expect(plain.currentRevision).toBeUndefined();
    expect(plain.revisions).toBeUndefined();
  });

  it('downloads a revision byte for byte with its content type, and the current one by the file id', async () => {
    const file = await details(fileId, '?expand=revisions');
    const oldest = file.revisions!.at(-1)!;
    const res = await platform.api(
      `/api/data/v1/data-files/${fileId}/revisions/${oldest.dataFileRevisionId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/cities\.csv/);
    expect(await res.text()).toBe(first);
    expect(await (await platform.api(`/api/data/v1/data-files/${fileId}`)).text()).toBe(second);
  });

  it('keeps binary bytes and an unlabelled upload as application/octet-stream', async () => {
    const bytes = new Uint8Array([0, 255, 1, 254, 10, 13]);
    const res = await platform.api('/api/data/v1/data-files?name=blob.bin', {
      method: 'POST',
      body: bytes,
      headers: dev(),
    });
    const { dataFileId } = uploadDataFileResult.parse(await res.json());
    const file = await details(dataFileId, '?expand=revisions');
    expect(file.currentRevision).toMatchObject({
      contentType: 'application/octet-stream',
      md5Hash: hash('md5', bytes),
    });
    const back = await platform.api(
      `/api/data/v1/data-files/${dataFileId}/revisions/${file.currentRevision!.dataFileRevisionId}`,
    );
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(bytes);
  });

  it('marks a file holding the EICAR test string UNSAFE by the background scan, and a clean revision SAFE', async () => {
    const infected = `header\n${EICAR}\nfooter\n`;
    const res = await upload('?name=eicar.txt', infected, 'text/plain');
    expect(res.status).toBe(200);
    const { dataFileId } = uploadDataFileResult.parse(await res.json());
    await expect
      .poll(async () => (await details(dataFileId, '?expand=metadata')).currentRevision?.scanState)
      .toBe('UNSAFE');
    const clean = await platform.api(`/api/data/v1/data-files/${dataFileId}`, {
      method: 'PUT',
      body: 'header\nnothing to see\n',
      headers: { ...dev(), 'content-type': 'text/plain' },
    });
    expect(clean.status).toBe(200);
    await expect
      .poll(async () =>
        (await details(dataFileId, '?expand=revisions')).revisions?.map((r) => r.scanState),
      )
      .toEqual(['SAFE', 'UNSAFE']);
  });

  it('downloads an UNSAFE revision only with ?acknowledgeUnsafe=true; without it 409 naming the scan', async () => {
    const infected = `header\n${EICAR}\n`;
    const { dataFileId } = uploadDataFileResult.parse(
      await (await upload('?name=unsafe-download.txt', infected, 'text/plain')).json(),
    );
    await expect
      .poll(async () => (await details(dataFileId, '?expand=metadata')).currentRevision?.scanState)
      .toBe('UNSAFE');
    const revisionId = (await details(dataFileId, '?expand=metadata')).currentRevision!
      .dataFileRevisionId;
    const base = `/api/data/v1/data-files/${dataFileId}`;
    for (const path of [base, `${base}/revisions/${revisionId}`]) {
      const refused = await platform.api(path);
      expect(refused.status, path).toBe(409);
      expect(messageError.parse(await refused.json()).message).toBe(
        `Revision ${revisionId} of data file ${dataFileId} is UNSAFE (the virus scan found malware): download it with ?acknowledgeUnsafe=true to take it anyway`,
      );
      expect((await platform.api(`${path}?acknowledgeUnsafe=false`)).status).toBe(409);
      expect((await platform.api(`${path}?acknowledgeUnsafe=yes`)).status).toBe(400);
      const taken = await platform.api(`${path}?acknowledgeUnsafe=true`);
      expect(taken.status, path).toBe(200);
      expect(await taken.text()).toBe(infected);
    }
    // A clean revision downloads as ever; the UNSAFE one before it still asks.
    const clean = await platform.api(base, {
      method: 'PUT',
      body: 'header\nclean\n',
      headers: { ...dev(), 'content-type': 'text/plain' },
    });
    expect(clean.status).toBe(200);
    expect(await (await platform.api(base)).text()).toBe('header\nclean\n');
    expect((await platform.api(`${base}/revisions/${revisionId}`)).status).toBe(409);
  });

  it('lists data files with the same expand, limit and offset', async () => {
    const res = await platform.api('/api/data/v1/data-files/details?expand=revisions');
    const files = fileMetadata.array().parse(await res.json());
    expect(files.find((f) => f.dataFileId === fileId)?.revisions).toHaveLength(2);
    expect(files.find((f) => f.name === 'regional-targets.csv')?.revisions).toHaveLength(2);
    const page = fileMetadata
      .array()
      .parse(await (await platform.api('/api/data/v1/data-files/details?limit=1&offset=1')).json());
    expect(page.map((f) => f.dataFileId)).toEqual([files[1]!.dataFileId]);
    expect(page[0]!.currentRevision).toBeUndefined();
  });

  it('keeps the files whose name contains nameLike, whatever the case, with % and _ as text', async () => {
    const names = async (q: string) =>
      fileMetadata
        .array()
        .parse(await (await platform.api(`/api/data/v1/data-files/details${q}`)).json())
        .map((f) => f.name);
    await upload('?name=100%25_done.csv', 'a\n');
    expect(await names('?nameLike=CITIES')).toEqual(['cities.csv']);
    expect(await names('?nameLike=%25_')).toEqual(['100%_done.csv']);
    expect(await names('?nameLike=_d')).toEqual(['100%_done.csv']);
    expect(await names('?nameLike=no-such-file')).toEqual([]);
    expect(await names('?nameLike=.csv&limit=1&offset=1')).toHaveLength(1);
  });

  it('answers bad input with 4xx and {message}, never 500', async () => {
    const cases: Array<[Promise<Response>, number, RegExp]> = [
      [upload('', 'a,b\n'), 400, /^name: /],
      [upload('?name=%20', 'a,b\n'), 400, /^name: /],
      [upload('?name=empty.csv', ''), 400, /^body: /],
      [
        platform.api(`/api/data/v1/data-files/${fileId}/details?expand=owners`),
        400,
        /^expand: .*owners/,
      ],
      [platform.api('/api/data/v1/data-files/details?limit=0'), 400, /^limit: /],
      [platform.api('/api/data/v1/data-files/99999/details'), 404, /99999/],
      [platform.api('/api/data/v1/data-files/abc/details'), 404, /abc/],
      [platform.api(`/api/data/v1/data-files/${fileId}/revisions/99999`), 404, /99999/],
      [
        platform.api('/api/data/v1/data-files/99999', { method: 'PUT', body: 'x', headers: dev() }),
        404,
        /99999/,
      ],
      [
        platform.api(`/api/data/v1/data-files/${fileId}`, {
          method: 'PUT',
          body: '',
          headers: dev(),
        }),
        400,
        /^body: /,
      ],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(messageError.parse(await res.json()).message).toMatch(message);
    }
  });

  it('streams a large upload to disk under DATA_DIR, hashed on the way, and streams it back', async () => {
    const big = new Uint8Array(12 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const res = await upload('?name=big.bin', big, 'application/octet-stream');
    expect(res.status).toBe(200);
    const { dataFileId } = uploadDataFileResult.parse(await res.json());
    const file = await details(dataFileId, '?expand=metadata');
    expect(file.currentRevision).toMatchObject({
      sizeBytes: big.byteLength,
      md5Hash: hash('md5', big),
      sha256HashValue: hash('sha256', big),
    });
    const stored = fs.readdirSync(path.join(platform.dataDir, 'data-files'));
    expect(stored.filter((f) => !f.startsWith('.incoming-')).length).toBeGreaterThan(0);
    const back = new Uint8Array(
      await (await platform.api(`/api/data/v1/data-files/${dataFileId}`)).arrayBuffer(),
    );
    expect(hash('sha256', back)).toBe(hash('sha256', big));
  });
});

describe('the upload limit (MAX_UPLOAD_MB)', () => {
  let small: TestPlatform;
  beforeAll(async () => {
    small = await startTestPlatform({ env: { MAX_UPLOAD_MB: '1' } });
  });
  afterAll(() => small.close());
  const MiB = 1024 * 1024;
  const filesNow = () => {
    const dir = path.join(small.dataDir, 'data-files');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const fileCount = async () =>
    fileMetadataList.parse(await (await small.api('/api/data/v1/data-files/details')).json())
      .length;

  it('answers 413 to a declared length over the limit before the body is read', async () => {
    const url = new URL(`${small.url}/api/data/v1/data-files?name=huge.bin`);
    // Declares 2 MiB, sends 10 bytes and holds the rest back: the answer cannot wait for them.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'X-SERVICE-Developer-Token': small.tokens.developer,
            'content-type': 'application/octet-stream',
            'content-length': String(2 * MiB),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(10));
      setTimeout(() => req.destroy(), 10_000).unref();
    });
    expect(answer.status).toBe(413);
    expect(messageError.parse(JSON.parse(answer.body)).message).toMatch(/MAX_UPLOAD_MB/);
  });

  it('answers 413 to an undeclared (chunked) or multipart body once it passes the limit, keeping nothing', async () => {
    const before = await fileCount();
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new Uint8Array(MiB));
        controller.close();
      },
    });
    const res = await small.api('/api/data/v1/data-files?name=chunked.bin', {
      method: 'POST',
      body: chunked,
      headers: { 'X-SERVICE-Developer-Token': small.tokens.developer },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(2 * MiB)]), 'big.csv');
    const multipart = await small.api('/api/data/v1/data-files?name=multi.bin', {
      method: 'POST',
      body: form,
      headers: { 'X-SERVICE-Developer-Token': small.tokens.developer },
    });
    expect(multipart.status).toBe(413);
    expect(await fileCount()).toBe(before);
    expect(filesNow()).toEqual([]);
    // Under the limit, it is kept.
    const ok = await small.api('/api/data/v1/data-files?name=fits.bin', {
      method: 'POST',
      body: new Uint8Array(MiB - 1),
      headers: { 'X-SERVICE-Developer-Token': small.tokens.developer },
    });
    expect(ok.status).toBe(200);
  });
});
