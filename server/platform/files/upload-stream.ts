import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { PlatformError, badRequest } from '../core/errors';
import { isMultipart } from '../core/multipart';
import { storeFailure } from '../core/store-failure';
import { FileStoreError, type FileStore } from '../store/files';

/** An upload written to the file store as it arrived, hashed on the way. */
export interface StreamedUpload {
  /** Its key in the file store. */
  key: string;
  sizeBytes: number;
  md5: string;
  sha256: string;
  contentType: string;
}

export const tooLarge = (limit: number) =>
  new PlatformError(
    413,
    `the data file is larger than ${Math.round(limit / 1024 / 1024)} MiB (MAX_UPLOAD_MB)`,
  );

/** How much past the limit is read and dropped, so that the client hears the 413 (then cut). */
const DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * Counts and hashes the bytes passing through. Past the limit it keeps nothing and fails at the
 * end of the body, so the client, still sending, reads the 413 rather than a cut connection; a
 * body far past the limit is cut at once.
 */
class Measure extends Transform {
  // Not `size`: an S3 upload (lib-storage) reads a body's `size` as its whole length.
  bytes = 0;
  readonly md5 = createHash('md5');
  readonly sha256 = createHash('sha256');
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.limit + DISCARD_BYTES) return done(tooLarge(this.limit));
    if (this.bytes > this.limit) return done();
    this.md5.update(chunk);
    this.sha256.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    done(this.bytes > this.limit ? tooLarge(this.limit) : null);
  }
}

/**
 * Uploads land at `data-files/<uuid>` of the file store (on the local disk, DATA_DIR/data-files,
 * git-ignored with the rest of DATA_DIR); the store shows them only once whole.
 */
async function toStore(source: Readable, files: FileStore, limit: number, contentType: string) {
  const key = `data-files/${randomUUID()}`;
  const measure = new Measure(limit);
  try {
    // The callback form answers the last stream; an error of either stream destroys both.
    await files.put(
      key,
      pipeline(source, measure, () => undefined),
    );
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    if (error instanceof FileStoreError) throw storeFailure(error, 'the data file');
    throw badRequest(`body: the upload was cut off (${(error as Error).message})`);
  }
  return {
    key,
    sizeBytes: measure.bytes,
    md5: measure.md5.digest('hex'),
    sha256: measure.sha256.digest('hex'),
    contentType,
  } satisfies StreamedUpload;
}

/**
 * A data file's body as a request carries it, not yet read: its declared length and type, and
 * its bytes opened only when an upload is allowed to begin.
 */
export interface UploadBody {
  /** `content-length`, NaN when not declared. */
  declaredLength: number;
  contentType: string | undefined;
  open: () => Readable | undefined;
}

/**
 * The request's body as a Node stream. Served by Node, that is Node's request itself, read only
 * as fast as the disk takes it: the adapter's `c.req.raw.body` (Readable.toWeb in Node 20) can
 * read the socket far ahead of its reader.
 */
function bodySource(c: Context): Readable | undefined {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as WebReadableStream) : undefined;
}

/** The request's body as an upload reads it (the route's part: nothing is read yet). */
export const uploadBody = (c: Context): UploadBody => ({
  declaredLength: Number(c.req.header('content-length') ?? NaN),
  contentType: c.req.header('content-type'),
  open: () => bodySource(c),
});

/**
 * Streams a data-file upload to the file store (2.7): a raw body as sent, or the `file` part of a
 * `multipart/form-data` body. A declared length over the limit is refused (413) before a byte is
 * read; an undeclared one as soon as it passes the limit. Memory holds one chunk at a time.
 */
export async function streamUpload(
  upload: UploadBody,
  files: FileStore,
  limit: number,
): Promise<StreamedUpload> {
  if (upload.declaredLength > limit) throw tooLarge(limit);
  const contentType = upload.contentType;
  const source = upload.open();
  if (!source) throw badRequest('body: the data file is empty');
  if (!isMultipart(contentType))
    return toStore(source, files, limit, contentType || 'application/octet-stream');

  return new Promise<StreamedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType ?? '' },
        limits: { files: 4, fields: 16, fieldSize: 64 * 1024 },
      });
    } catch (error) {
      reject(badRequest(`body: not a multipart body (${(error as Error).message})`));
      return;
    }
    let written: Promise<StreamedUpload> | undefined;
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || written) {
        stream.resume();
        return;
      }
      written = toStore(stream, files, limit, info.mimeType || 'application/octet-stream');
      // A failed write stops reading the rest of the body.
      written.catch(() => stream.resume());
    });
    parser.on('error', (error: Error) =>
      reject(badRequest(`body: the multipart body cannot be read (${error.message})`)),
    );
    parser.on('close', () => {
      if (!written) reject(badRequest('body: a multipart part "file" is required'));
      else written.then(resolve, reject);
    });
    source.on('error', (error) => reject(badRequest(`body: ${error.message}`)));
    source.pipe(parser);
  });
}
