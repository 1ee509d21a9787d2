import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMissingError, FileStoreError, type FileStore } from './store';
import { LocalFileStore } from './local';
import { S3FileStore } from './s3';

/** One contract, two stores: every case runs on the local disk and on s3rver alike. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
let s3: S3rver;
const stores: Record<'local' | 's3', FileStore> = {} as never;

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3rver'),
    configureBuckets: [{ name: 'platform-files' }],
  });
  const { port } = await s3.run();
  stores.local = new LocalFileStore(path.join(root, 'data'));
  stores.s3 = new S3FileStore(
    {
      kind: 's3',
      bucket: 'platform-files',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      prefix: 'team/',
    },
    { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  );
});
afterAll(async () => {
  for (const store of Object.values(stores)) store.close();
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** A body that sends `parts` chunks of `size` bytes, then fails with `error` if given. */
function body(parts: number, size: number, error?: Error) {
  return Readable.from(
    (function* () {
      for (let i = 0; i < parts; i++) yield Buffer.alloc(size, i % 251);
      if (error) throw error;
    })(),
  );
}

describe.each(['local', 's3'] as const)('the %s file store', (kind) => {
  const store = () => stores[kind];

  it('keeps what it is given, whole, by key; reads a range; says the size', async () => {
    const bytes = Buffer.from('id,name\r\n1,Ada\r\n2,Grace\r\n');
    await store().put('data-files/one', Readable.from([bytes]));
    expect(await read(await store().get('data-files/one'))).toEqual(bytes);
    expect((await read(await store().get('data-files/one', { start: 3, end: 6 }))).toString()).toBe(
      'name',
    );
    // A range past the end reads to the end.
    expect(await read(await store().get('data-files/one', { start: 0, end: 1_000_000 }))).toEqual(
      bytes,
    );
    expect(await store().stat('data-files/one')).toEqual({ sizeBytes: bytes.length });
  });

  it('writes a large body in parts without holding it, and reads it back the same', async () => {
    // 12 MiB: more than one 5 MiB part of an S3 multipart upload.
    await store().put('buckets/b/export/data.csv', body(12, 1024 * 1024));
    expect(await store().stat('buckets/b/export/data.csv')).toEqual({
      sizeBytes: 12 * 1024 * 1024,
    });
    const back = await read(await store().get('buckets/b/export/data.csv'));
    expect(
      back.equals(
        Buffer.concat(Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024 * 1024, i))),
      ),
    ).toBe(true);
  });

  it('takes a body whose own fields say a size, or name a file, as the bytes it sends', async () => {
    // What a stream carries besides its bytes (a counter named `size`, a path) is no length.
    const counted = Object.assign(body(12, 1024 * 1024), { size: 0, byteLength: 0 });
    await store().put('data-files/counted', counted);
    expect(await store().stat('data-files/counted')).toEqual({ sizeBytes: 12 * 1024 * 1024 });
    const small = path.join(root, 'small.txt');
    fs.writeFileSync(small, 'x');
    const named = Object.assign(body(6, 1024 * 1024), { path: small });
    await store().put('data-files/named', named);
    expect(await store().stat('data-files/named')).toEqual({ sizeBytes: 6 * 1024 * 1024 });
  });

  it("a body that fails leaves nothing at its key, and the body's own error is thrown", async () => {
    const cause = new Error('the client went away');
    for (const [key, parts] of [
      ['data-files/small-cut', 1],
      ['data-files/large-cut', 7],
    ] as const) {
      await expect(store().put(key, body(parts, 1024 * 1024, cause))).rejects.toBe(cause);
      expect(await store().stat(key)).toBeUndefined();
      await expect(store().get(key)).rejects.toBeInstanceOf(FileMissingError);
    }
    expect(await store().list('data-files/')).not.toContain('data-files/small-cut');
  });

  it('replaces, deletes (twice is fine), lists by prefix in key order', async () => {
    await store().put('fileset-files/f1/b', Readable.from([Buffer.from('first')]));
    await store().put('fileset-files/f1/b', Readable.from([Buffer.from('second')]));
    await store().put('fileset-files/f1/a', Readable.from([Buffer.from('a')]));
    await store().put('fileset-files/f2/c', Readable.from([Buffer.from('c')]));
    expect((await read(await store().get('fileset-files/f1/b'))).toString()).toBe('second');
    expect(await store().list('fileset-files/f1/')).toEqual([
      'fileset-files/f1/a',
      'fileset-files/f1/b',
    ]);
    expect(await store().list('fileset-files/f')).toEqual([
      'fileset-files/f1/a',
      'fileset-files/f1/b',
      'fileset-files/f2/c',
    ]);
    await store().delete('fileset-files/f1/b');
    await store().delete('fileset-files/f1/b');
    expect(await store().stat('fileset-files/f1/b')).toBeUndefined();
    expect(await store().list('fileset-files/f1/')).toEqual(['fileset-files/f1/a']);
    await store().discardPartial('fileset-files/f1/a');
    expect(await store().stat('fileset-files/f1/a')).toEqual({ sizeBytes: 1 });
  });

  it('a missing key is FileMissingError; a key that could leave the store is refused', async () => {
    await expect(store().get('data-files/none')).rejects.toBeInstanceOf(FileMissingError);
    expect(await store().stat('data-files/none')).toBeUndefined();
    for (const key of ['../escape', 'a/../../b', '/abs', 'a//b', 'a\\b', '', 'a/./b'])
      await expect(store().put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
        FileStoreError,
      );
  });
});

describe('where each store keeps its bytes', () => {
  it('local: DATA_DIR/<key>, the layout before the store; a failed write leaves no .partial', () => {
    const file = path.join(root, 'data', 'data-files', 'one');
    expect(fs.readFileSync(file, 'utf8')).toContain('Grace');
    expect(
      fs.readdirSync(path.join(root, 'data', 'data-files')).filter((f) => f.endsWith('.partial')),
    ).toEqual([]);
  });

  it('s3: under FILE_STORE_S3_PREFIX in the bucket; an unreachable store says so without its address', async () => {
    // (s3rver keeps unfinished uploads in a dot-folder of its own)
    const objects = fs
      .readdirSync(path.join(root, 's3rver', 'platform-files'))
      .filter((name) => !name.startsWith('.'));
    expect(objects).toEqual(['team']);
    const away = new S3FileStore(
      {
        kind: 's3',
        bucket: 'platform-files',
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        prefix: '',
      },
      { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    );
    const failure = await away.get('data-files/one').catch((error: unknown) => error);
    away.close();
    expect(failure).toBeInstanceOf(FileStoreError);
    expect((failure as Error).message).toMatch(
      /^The file store failed: the object store cannot be reached \(ECONNREFUSED\)$/,
    );
    expect((failure as Error).message).not.toContain('127.0.0.1');
  });
});
