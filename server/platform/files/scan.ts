import type { Queryable } from '../store';
import { FileMissingError, type FileStore } from '../store/files';

/**
 * The EICAR anti-virus test string, written in two parts so that this source file is not itself
 * taken for a test virus by a scanner on a developer's machine.
 */
export const EICAR = [
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR',
  '-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
].join('');
const signature = Buffer.from(EICAR, 'latin1');

/** The embedded platform's scanner: UNSAFE when the bytes hold the EICAR test string. */
export const scanBytes = (bytes: Uint8Array): 'SAFE' | 'UNSAFE' =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(signature)
    ? 'UNSAFE'
    : 'SAFE';

/**
 * Scans bytes in the file store a chunk at a time, keeping the tail of each chunk for a match
 * across two; undefined when the store cannot be read now (the next scan tries again).
 */
export async function scanStored(
  files: FileStore,
  key: string,
): Promise<'SAFE' | 'UNSAFE' | undefined> {
  let carry = Buffer.alloc(0);
  try {
    for await (const chunk of await files.get(key)) {
      const window = Buffer.concat([carry, chunk as Buffer]);
      if (window.includes(signature)) return 'UNSAFE';
      carry = window.subarray(Math.max(0, window.length - signature.length + 1));
    }
  } catch (error) {
    // Bytes that are gone are not vouched for; a store that fails now is asked again later.
    return error instanceof FileMissingError ? 'UNSAFE' : undefined;
  }
  return 'SAFE';
}

/**
 * Scans revisions still PENDING, a few at a time, until none is left (uploads answer before their
 * scan, 2.7 `scanState`). Each outcome is written only while the row is still PENDING, so two
 * processes scanning at once agree.
 */
export async function scanPending(db: Queryable, files: FileStore, batch = 8): Promise<number> {
  let scanned = 0;
  let after = 0;
  for (;;) {
    const rows = await db.query<{
      id: number;
      body: Uint8Array | null;
      stored_key: string | null;
    }>(
      `SELECT id, CASE WHEN stored_key IS NULL THEN body END AS body, stored_key
       FROM data_file_revisions WHERE scan_state = 'PENDING' AND id > $2 ORDER BY id LIMIT $1`,
      [batch, after],
    );
    if (rows.length === 0) return scanned;
    for (const row of rows) {
      after = row.id;
      const state = row.stored_key
        ? await scanStored(files, row.stored_key)
        : scanBytes(row.body ?? new Uint8Array());
      if (state === undefined) continue;
      await db.query(
        `UPDATE data_file_revisions SET scan_state = $2 WHERE id = $1 AND scan_state = 'PENDING'`,
        [row.id, state],
      );
      scanned++;
    }
  }
}
