import type { Readable } from 'node:stream';

/** Bytes from `start` to `end`, both included (as HTTP ranges count). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the platform keeps file bytes (data-file revisions, fileset files, local exports): the
 * local disk under DATA_DIR (the default), or an S3 bucket that every platform process reaches
 * (FILE_STORE=s3). Keys are `/`-separated, relative, without `.` or `..` segments.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Writes `body` at `key`. Readers see it only once it is whole (local: a `.partial` file
   * renamed; S3: a multipart upload completed); when `body` fails, the write fails or `signal`
   * aborts, nothing stays at `key` and the error is the body's own or a FileStoreError.
   */
  put(key: string, body: Readable, options?: { signal?: AbortSignal }): Promise<void>;
  /** The bytes at `key`, or a range of them; FileMissingError (before any byte) when none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The size of the object at `key`, or undefined when there is none. */
  stat(key: string): Promise<{ sizeBytes: number } | undefined>;
  /** Removes the object at `key`; none there is fine. */
  delete(key: string): Promise<void>;
  /** What a writer cut off (a dead process) left of `key`: a `.partial` file, an unfinished upload. */
  discardPartial(key: string): Promise<void>;
  /** Every key that starts with `prefix`, in byte order. */
  list(prefix: string): Promise<string[]>;
  close(): void;
}

/**
 * A failure of the store, said without a path, a bucket, an endpoint or a credential: `reason`
 * is safe to put in any message.
 */
export class FileStoreError extends Error {
  constructor(readonly reason: string) {
    super(`The file store failed: ${reason}`);
    this.name = 'FileStoreError';
  }
}

export class FileMissingError extends FileStoreError {
  constructor() {
    super('no such file');
    this.name = 'FileMissingError';
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const badCharacter = /[\u0000-\u001f\u007f\\]/;

/** Refuses a key that could leave the store's root or that S3 and a disk would read apart. */
export function checkKey(key: string): string[] {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 900 ||
    badCharacter.test(key) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  )
    throw new FileStoreError('not a key of the file store');
  return segments;
}
