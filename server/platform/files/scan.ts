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

/**
 * Scans revisions still PENDING, a few at a time, until none is left (uploads answer before their
 * scan, 2.7 `scanState`). Each outcome is written only while the row is still PENDING, so two
 * processes scanning at once agree.
 */
export async function scanPending(db: Queryable, batch = 8): Promise<number> {
  let scanned = 0;
  for (;;) {
    const rows = await db.query<{ id: number; body: Uint8Array }>(
      `SELECT id, body FROM data_file_revisions WHERE scan_state = 'PENDING' ORDER BY id LIMIT $1`,
      [batch],
    );
    if (rows.length === 0) return scanned;
    for (const row of rows) {
      await db.query(
        `UPDATE data_file_revisions SET scan_state = $2 WHERE id = $1 AND scan_state = 'PENDING'`,
        [row.id, scanBytes(row.body)],
      );
      scanned++;
    }
  }
}
