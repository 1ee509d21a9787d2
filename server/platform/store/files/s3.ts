import { PassThrough, Readable, pipeline } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3FileStoreConfig } from '../../../config';
import {
  checkKey,
  FileMissingError,
  FileStoreError,
  type ByteRange,
  type FileStore,
} from './store';

/** An S3 failure by its code, never its message (which may name the bucket or the endpoint). */
function s3Error(error: unknown): unknown {
  if (error instanceof FileStoreError) return error;
  if (error instanceof S3ServiceException) {
    if (error.name === 'NoSuchKey' || error.name === 'NotFound') return new FileMissingError();
    return new FileStoreError(`the object store answered ${error.name.slice(0, 60)}`);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && (error as NodeJS.ErrnoException).syscall !== undefined)
    return new FileStoreError(`the object store cannot be reached (${code})`);
  if ((error as Error | undefined)?.name === 'TimeoutError')
    return new FileStoreError('the object store did not answer in time');
  return error;
}

/**
 * The file store in an S3 bucket (FILE_STORE=s3): key `a/b` is the object `<prefix>a/b`.
 * Credentials come from the SDK's own chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, a role).
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    config: S3FileStoreConfig,
    /** Tests hand in s3rver's; otherwise the SDK's chain. */
    credentials?: { accessKeyId: string; secretAccessKey: string },
  ) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.endpoint !== undefined,
      credentials,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  private key(key: string) {
    checkKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Readable, options: { signal?: AbortSignal } = {}) {
    const controller = new AbortController();
    const abort = () => controller.abort();
    options.signal?.addEventListener('abort', abort);
    if (options.signal?.aborted) abort();
    // Bytes in parts of 5 MiB, two in flight: memory stays flat whatever the size. Parts of a
    // failed upload are removed below, so that the body's own error (a 413) is what is thrown.
    // The SDK takes a body's `size`, `byteLength` or `path` for its length: the bytes go through
    // a stream that has none, so a field of the caller's stream never cuts the upload short.
    const bytes = pipeline(body, new PassThrough(), () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(key), Body: bytes },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: true,
      abortController: controller,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      bytes.destroy();
      if (upload.uploadId)
        await this.client
          .send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: this.key(key),
              UploadId: upload.uploadId,
            }),
          )
          .catch(() => undefined);
      throw s3Error(error);
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
  }

  async get(key: string, range?: ByteRange) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      // A range that starts at the end of an object (an empty one) reads nothing, as on a disk.
      if (range && error instanceof S3ServiceException && error.name === 'InvalidRange')
        return Readable.from([]);
      throw s3Error(error);
    }
  }

  async stat(key: string) {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }),
      );
      return { sizeBytes: head.ContentLength ?? 0 };
    } catch (error) {
      const failure = s3Error(error);
      if (failure instanceof FileMissingError) return undefined;
      throw failure;
    }
  }

  async delete(key: string) {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
      .catch((error: unknown) => {
        throw s3Error(error);
      });
  }

  /**
   * A dead process's unfinished multipart upload of `key` is aborted, if the store lists them
   * (best effort: a bucket's AbortIncompleteMultipartUpload rule is the backstop).
   */
  async discardPartial(key: string) {
    try {
      const listed = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.key(key) }),
      );
      for (const upload of listed.Uploads ?? [])
        if (upload.Key === this.key(key) && upload.UploadId)
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
    } catch {
      // s3rver, among others, lists none
    }
  }

  async list(prefix: string) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            ContinuationToken: token,
          }),
        )
        .catch((error: unknown) => {
          throw s3Error(error);
        });
      for (const object of page.Contents ?? [])
        if (object.Key) keys.push(object.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  close() {
    this.client.destroy();
  }
}
