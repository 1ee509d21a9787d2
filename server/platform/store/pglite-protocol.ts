import type { CopyData, Statement } from './db';

/**
 * The messages between the platform's thread and the PGlite worker (pglite-worker.ts): a
 * request carries an id, and its one answer carries the same id. A transaction is opened by
 * `begin` (answered with its number once it holds the database), its statements name it, and
 * `end` commits or rolls it back. A `batch` is a whole transaction in one message.
 */
export type WorkerRequest = (
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'copyFrom'; sql: string; data: CopyData }
  | { id: number; op: 'copyTo'; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'batch'; statements: Statement[] }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }
  | { id: number; op: 'listen'; channel: string }
) & {
  /** Background work (store/priority.ts): taken only when no request's work waits. */
  low?: boolean;
};

export type WorkerAnswer =
  | {
      id: number;
      ok: true;
      rows?: unknown[];
      tx?: number;
      bytes?: Uint8Array;
      /** A batch's rows, one list per statement. */
      results?: unknown[][];
    }
  | { id: number; ok: false; error: SerializedError };

/**
 * A NOTIFY on a channel the platform listens to (`listen`): posted as PGlite reads the result of
 * the statement (or COMMIT) that sent it, so it reaches the platform's thread before that
 * statement's answer (one port keeps the order of its messages).
 */
export interface WorkerNotification {
  channel: string;
  payload: string;
}

/** What the services read of a database error: its message and PostgreSQL's fields (code…). */
export interface SerializedError {
  message: string;
  fields: Record<string, unknown>;
}

/**
 * PostgreSQL's shared buffers live in PGlite's memory and are all touched at start: 128 MB by
 * default, about 100 MiB more at idle than 16. The OS caches the data files anyway, but a page
 * read through PGlite's file system costs some 4 µs: a search that ranks every file of a large
 * fileset reads them all (PGLITE_SHARED_BUFFERS_MB, platform-gaps.md).
 */
export const DEFAULT_SHARED_BUFFERS_MB = 16;

export interface WorkerStart {
  dataDir: string | undefined;
  sharedBuffersMb: number;
}

/** The worker's error, rebuilt on this side of the thread: same message, code and fields. */
export function reviveError(error: SerializedError): Error {
  return Object.assign(new Error(error.message), error.fields);
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  return { message: error.message, fields };
}

/** PGlite has no STDIN/STDOUT for COPY: it reads and writes a blob named '/dev/blob'. */
export const toBlobCopy = (sql: string) =>
  sql
    .replace(/\bFROM\s+STDIN\b/i, "FROM '/dev/blob'")
    .replace(/\bTO\s+STDOUT\b/i, "TO '/dev/blob'");
