import { Readable } from 'node:stream';
import { storeFailure } from '../core/store-failure';
import type { ByteRange, FileStore } from '../store/files';

/** Where a revision's bytes are: in its row (sample data, the oldest uploads) or in the store. */
export interface RevisionBytes {
  id: number;
  data_file_id: number;
  body: Uint8Array | null;
  stored_key: string | null;
}

/** A revision's bytes as a stream (or their `range`), opened before the first byte is answered. */
export async function revisionBytes(
  files: FileStore,
  row: RevisionBytes,
  range?: ByteRange,
): Promise<Readable> {
  if (!row.stored_key) {
    const body = Buffer.from(row.body ?? new Uint8Array());
    return Readable.from([range ? body.subarray(range.start, range.end + 1) : body]);
  }
  try {
    return await files.get(row.stored_key, range);
  } catch (error) {
    throw storeFailure(error, `revision ${row.id} of data file ${row.data_file_id}`);
  }
}

/**
 * At most `max` bytes from the start of a revision: those its row holds, or a range of the
 * stored bytes (a large revision is never read whole).
 */
export async function revisionHeadBytes(
  files: FileStore,
  row: Omit<RevisionBytes, 'body'> & { head: Uint8Array | null; size_bytes: number },
  max: number,
): Promise<Uint8Array> {
  if (!row.stored_key || row.size_bytes === 0) return new Uint8Array(row.head ?? []);
  const chunks: Buffer[] = [];
  const stream = await revisionBytes(files, { ...row, body: null }, { start: 0, end: max - 1 });
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks).subarray(0, max));
}
