import type { Jobs } from '../core/jobs';
import type { Queryable } from '../store';
import { FileMissingError, type FileStore } from '../store/files';
import { markScanned, pendingRevisions } from './repository';

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
    const rows = await pendingRevisions(db, after, batch);
    if (rows.length === 0) return scanned;
    for (const row of rows) {
      after = row.id;
      const state = row.stored_key
        ? await scanStored(files, row.stored_key)
        : scanBytes(row.body ?? new Uint8Array());
      if (state === undefined) continue;
      await markScanned(db, row.id, state);
      scanned++;
    }
  }
}

/** How often revisions left PENDING (a scan a stop cut short, a store that failed) are looked for. */
const SCAN_EVERY_MS = 60_000;

/**
 * The background scan of uploads: woken by each upload, run at start and every minute, never two
 * at once in this process (a wake during a scan makes it look again before it ends).
 */
export class DataFileScans {
  #scanning = false;
  #again = false;

  constructor(
    private readonly db: Queryable,
    private readonly files: FileStore,
    private readonly jobs: Jobs,
  ) {}

  /** Scans at start, then every minute: what a stop cut short is taken up again. */
  start() {
    this.wake();
    this.jobs.every('scan data files', SCAN_EVERY_MS, () => scanPending(this.db, this.files));
  }

  /** Scans what is PENDING now, in the background. */
  wake() {
    if (this.#scanning) {
      this.#again = true;
      return;
    }
    this.#scanning = true;
    this.jobs.run('scan data files', async () => {
      try {
        do {
          this.#again = false;
          await scanPending(this.db, this.files);
        } while (this.#again);
      } finally {
        this.#scanning = false;
      }
    });
  }
}
