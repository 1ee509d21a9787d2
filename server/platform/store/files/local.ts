import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  FileMissingError,
  FileStoreError,
  type ByteRange,
  type FileStore,
} from './store';

const reasons: Record<string, string> = {
  ENOTDIR: 'a file stands where one of its folders should be',
  EEXIST: 'a file stands where one of its folders should be',
  EISDIR: 'a folder stands where the file should be',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
  ENAMETOOLONG: 'a name is too long for the file system',
};

/**
 * A failure of a file-system call, said without the server's paths (Node puts them in the message
 * of every such error); any other error (the body's own) is left as it is.
 */
function fileSystemError(error: unknown): unknown {
  const failure = error as NodeJS.ErrnoException | undefined;
  const code = typeof failure?.code === 'string' ? failure.code : undefined;
  if (!code || (failure?.syscall === undefined && failure?.path === undefined)) return error;
  return new FileStoreError(`${reasons[code] ?? 'the file system refused it'} (${code})`);
}

const missing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The file store on the local disk: key `a/b` is the file `DATA_DIR/a/b` (the layout before it). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, ...checkKey(key));
  }

  async put(key: string, body: Readable, options: { signal?: AbortSignal } = {}) {
    const file = this.file(key);
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await pipeline(body, fs.createWriteStream(`${file}.partial`), { signal: options.signal });
      await fs.promises.rename(`${file}.partial`, file);
    } catch (error) {
      // The folder may be what failed: a clean-up that cannot run must not hide the reason.
      await this.discardPartial(key).catch(() => undefined);
      throw fileSystemError(error);
    }
  }

  async get(key: string, range?: ByteRange) {
    const handle = await fs.promises.open(this.file(key), 'r').catch((error: unknown) => {
      throw missing(error) ? new FileMissingError() : fileSystemError(error);
    });
    // The stream closes the handle when it ends or is destroyed.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string) {
    const info = await fs.promises.stat(this.file(key)).catch((error: unknown) => {
      if (missing(error)) return undefined;
      throw fileSystemError(error);
    });
    return info?.isFile() ? { sizeBytes: info.size } : undefined;
  }

  async delete(key: string) {
    await fs.promises.rm(this.file(key), { force: true }).catch((error: unknown) => {
      throw fileSystemError(error);
    });
    await this.prune(key);
  }

  async discardPartial(key: string) {
    await fs.promises.rm(`${this.file(key)}.partial`, { force: true }).catch(() => undefined);
    await this.prune(key);
  }

  /** Empty folders made for `key` go; its first folder (`data-files`, `buckets`, ...) stays. */
  private async prune(key: string) {
    const segments = checkKey(key);
    for (let depth = segments.length - 1; depth > 1; depth--) {
      const removed = await fs.promises
        .rmdir(path.join(this.root, ...segments.slice(0, depth)))
        .then(() => true)
        .catch(() => false);
      if (!removed) return;
    }
  }

  async list(prefix: string) {
    const cut = prefix.lastIndexOf('/');
    const folder = prefix.slice(0, cut + 1);
    const keys: string[] = [];
    const walk = async (relative: string) => {
      const dir = path.join(this.root, ...(relative ? checkKey(relative.slice(0, -1)) : []));
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const key = relative + entry.name;
        const below = `${key}/`;
        if (entry.isDirectory() && (prefix.startsWith(below) || below.startsWith(prefix)))
          await walk(below);
        else if (entry.isFile() && key.startsWith(prefix) && !key.endsWith('.partial'))
          keys.push(key);
      }
    };
    await walk(folder);
    return keys.sort();
  }

  close() {}
}
