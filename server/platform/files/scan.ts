import { createReadStream } from 'node:fs';
import type { Queryable } from '../store';

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

/** Scans a file on disk a chunk at a time, keeping the tail of each chunk for a match across two. */
export async function scanFile(file: string): Promise<'SAFE' | 'UNSAFE'> {
  let carry = Buffer.alloc(0);
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
      const window = Buffer.concat([carry, chunk as Buffer]);
      if (window.includes(signature)) return 'UNSAFE';
      carry = window.subarray(Math.max(0, window.length - signature.length + 1));
    }
  } catch {
    return 'UNSAFE'; // bytes that cannot be read are not vouched for
  }
  return 'SAFE';
}

/**
 * Scans revisions still PENDING, a few at a time, until none is left (uploads answer before their
 * scan, 2.7 `scanState`). Each outcome is written only while the row is still PENDING, so two
 * processes scanning at once agree.
 */
export async function scanPending(db: Queryable, batch = 8): Promise<number> {
  let scanned = 0;
  for (;;) {
    const rows = await db.query<{
      id: number;
      body: Uint8Array | null;
      stored_path: string | null;
    }>(
      `SELECT id, CASE WHEN stored_path IS NULL THEN body END AS body, stored_path
       FROM data_file_revisions WHERE scan_state = 'PENDING' ORDER BY id LIMIT $1`,
      [batch],
    );
    if (rows.length === 0) return scanned;
    for (const row of rows) {
      const state = row.stored_path
        ? await scanFile(row.stored_path)
        : scanBytes(row.body ?? new Uint8Array());
      await db.query(
        `UPDATE data_file_revisions SET scan_state = $2 WHERE id = $1 AND scan_state = 'PENDING'`,
        [row.id, state],
      );
      scanned++;
    }
  }
}
