import { copyInto, finishRowTable, indexesLater, summarizePiece } from '../datasets/row-tables';
import { discardStaged, type StagedRows } from '../datasets/staged-rows';
import { newSet } from '../datasets/store';
import type { CopyPart, Db } from '../store';
import { inTurn } from '../store/turns';
import type { ColumnType } from './csv';
import { BINARY_HEADER, BINARY_TRAILER, binaryTuples, copiesBinary } from './copy-binary';
import { scannedBlocks, type CopyScan } from './copy-scan';
import { NotAsScanned, type CopiedColumns } from './copy-types';
import { SourceError, type CsvSource, type SourceTable } from './table';

/**
 * A CSV source copied as it is, by the engine's own COPY, into the typed table of a staging
 * set: the fastest load there is, on PGlite and on PostgreSQL. The text goes through once, a
 * block of lines at a time (csv-blocks.ts), so that a large file is never whole in memory; each
 * block is scanned (copy-scan.ts: the engine reads it exactly as csv.ts does, each line a row)
 * and its columns read by csv.ts's rules (copy-types.ts) before it is copied:
 * - the copy's column types are those read from the first block; should a later block widen
 *   one, or a value not fit, the copy stops, the rest is read, and the copy is done again with
 *   csv.ts's types;
 * - each line goes in with its position first, so the rows keep the text's order; empty lines
 *   are skipped, as csv.ts skips them;
 * - on PGlite the lines go as binary tuples of the values csv.ts makes of them (copy-binary.ts),
 *   which the engine reads at twice the pace of CSV; on PostgreSQL as the text's own lines;
 * - the rows copied must be the rows csv.ts read (a line of blank fields is skipped by csv.ts).
 * A text that fails any of these comes back `null`, what was staged set aside, for the other
 * paths, which also give the exact error of a bad file.
 */

/**
 * Characters per COPY statement. Each statement has a fixed cost (a few ms on PGlite), so larger
 * pieces load faster; but on PGlite a statement holds the database, so a piece there is sized by
 * the time the one before took, to hold it PIECE_MS at most: a reader that comes meanwhile waits
 * no longer. PostgreSQL's readers never wait for a COPY, and the pieces of runs at once take
 * turns there (a reader finds a core free); there a piece bounds the memory a run holds (a piece
 * is in memory about twice over: its numbered blocks, and their bytes as sent; PGlite's a third
 * time, as the blob its worker reads). Either way the lines are numbered a block at a time as
 * they come, so no piece holds the event loop.
 */
const COPY_CHARS = {
  pglite: { first: 256 * 1024, least: 64 * 1024, most: 4 * 1024 * 1024 },
  postgres: { first: 1024 * 1024, least: 1024 * 1024, most: 1024 * 1024 },
} as const;
/**
 * The longest a piece of the copy holds PGlite (ms), as measured on the piece before. A piece may
 * take two or three times its measure (once the engine's buffers are full, it writes pages out
 * as it loads), and a reader waits for the piece under way: kept well below the reader's budget.
 */
const PIECE_MS = 25;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The lines of `piece` with their positions first, from `first`; empty lines are skipped. The
 * parts are joined once into one flat text: a text grown line by line is a tree of small strings
 * that lives until its piece is sent, long enough for the collector to move it to the old heap.
 */
function numbered(piece: string, eol: string, first: number) {
  const parts: string[] = [];
  let n = 0;
  for (let at = 0; at < piece.length;) {
    let end = piece.indexOf(eol, at);
    if (end < 0) end = piece.length;
    if (end > at) parts.push(`${first + n++},`, piece.slice(at, end), eol);
    at = end + eol.length;
  }
  return { part: parts.join(''), lines: n };
}

const isDataError = (error: unknown) => /^22/.test(String((error as { code?: unknown }).code));

/** A staging set being copied into, in pieces, one in the database while the next is cut. */
class Copy {
  readonly staged: StagedRows;
  private readonly sql: string;
  private readonly sizes: (typeof COPY_CHARS)[keyof typeof COPY_CHARS];
  /** Tuples of COPY's binary format (copy-binary.ts) where the types allow, else CSV lines. */
  readonly binary: boolean;
  private pending: CopyPart[] = [];
  private pendingChars = 0;
  private target: number;
  private loading: Promise<unknown> = Promise.resolve();
  /** A value the column's type refused (a data error of the engine). */
  refused = false;

  private constructor(
    private readonly db: Db,
    datasetId: string,
    readonly set: Awaited<ReturnType<typeof newSet>>,
    readonly types: readonly ColumnType[],
    private readonly eol: string,
  ) {
    this.staged = { datasetId, storage: set.storage, rowCount: 0 };
    this.binary = copiesBinary(db.kind, types);
    this.sql = copyInto(set.table, types.length, this.binary ? 'binary' : 'csv');
    this.sizes = COPY_CHARS[db.kind];
    this.target = this.sizes.first;
  }

  static async start(
    db: Db,
    datasetId: string,
    jobId: string,
    types: readonly ColumnType[],
    eol: string,
  ) {
    const set = await newSet(db, {
      datasetId,
      partitionId: '',
      rowCount: 0,
      state: 'staging',
      jobId,
      types,
      indexLater: indexesLater(db.kind),
    });
    return new Copy(db, datasetId, set, types, eol);
  }

  /** Takes `rows` (whole lines); copies a piece once enough are in. */
  async add(rows: string) {
    // Numbered as it comes, so the event loop numbers a block at a time, whatever the piece.
    const first = this.staged.rowCount;
    const block = this.binary
      ? binaryTuples(rows, this.eol, this.types, first)
      : numbered(rows, this.eol, first);
    this.staged.rowCount += block.lines;
    this.pending.push(block.part);
    this.pendingChars += rows.length;
    if (this.pendingChars >= this.target) await this.flush();
  }

  /** Copies what is left and waits for every piece. */
  async end() {
    if (this.pendingChars > 0) await this.flush();
    await this.loading;
  }

  /** Sets the copy aside, once its last piece is done. */
  async discard() {
    await this.loading.catch(() => undefined);
    await discardStaged(this.db, this.staged);
  }

  private async flush() {
    // Its numbered blocks as they are, never joined: PostgreSQL's COPY is sent them in turn,
    // PGlite's blob reads them in order.
    const piece = this.binary ? [BINARY_HEADER, ...this.pending, BINARY_TRAILER] : this.pending;
    const chars = this.pendingChars;
    this.pending = [];
    this.pendingChars = 0;
    // The next piece is cut while the database loads the one before.
    await this.loading;
    const { db, set, sizes } = this;
    this.loading = inTurn(
      db,
      async () => {
        if (this.refused) return;
        const began = performance.now();
        await db.copyFrom(this.sql, piece);
        await summarizePiece(db, set.table);
        const ms = Math.max(performance.now() - began, 1);
        if (db.kind === 'pglite')
          this.target = Math.min(
            sizes.most,
            Math.max(sizes.least, Math.round((chars * PIECE_MS) / ms)),
          );
      },
      { onPostgres: true },
    ).catch((error: unknown) => {
      if (!isDataError(error)) throw error;
      this.refused = true;
    });
  }
}

interface Pass {
  columns: SourceTable['columns'];
  rowCount: number;
  /** Whether the engine writes the values as csv.ts would (exports/csv.ts). */
  plain: boolean;
  /** The copy, when it went to the end with `columns`' types. */
  copy?: Copy;
}

/**
 * One pass over the text: each block scanned, read and copied, with `types` when given, else
 * with those read from the first block; null when the text may not be copied.
 */
async function copyPass(
  db: Db,
  datasetId: string,
  jobId: string,
  csv: CsvSource['csv'],
  types?: readonly ColumnType[],
): Promise<Pass | null> {
  let last: { scan: CopyScan; read: CopiedColumns } | undefined;
  let copy: Copy | undefined;
  let stopped = false;
  /** The copy stops: a value did not fit, or a column's type is wider than the copy's. */
  const stop = async () => {
    await copy?.discard();
    copy = undefined;
    stopped = true;
  };
  try {
    for await (const { rows, scan, read } of scannedBlocks(csv)) {
      last = { scan, read };
      const now = read.types();
      if (!copy && !stopped && read.rowCount > 0)
        copy = await Copy.start(db, datasetId, jobId, types ?? now, scan.eol);
      // Copying with the types of the first block, a wider one is known before its block goes in.
      const wider = !types && copy && now.some((type, i) => type !== copy!.types[i]);
      if (copy && (copy.refused || wider)) await stop();
      await copy?.add(rows);
      // The next block waits for a turn of the event loop: a reader asking meanwhile is answered.
      await nextTurn();
    }
    await copy?.end();
    if (copy?.refused) await stop();
  } catch (error) {
    await copy?.discard();
    // A text csv.ts reads otherwise, or refuses: the other paths read it, or name its bad row.
    if (error instanceof NotAsScanned || error instanceof SourceError) return null;
    throw error;
  }
  // Copied with given types, the text must still have them (the same bytes, read again).
  const read = last?.read;
  if (
    !read ||
    read.rowCount === 0 ||
    (types && read.types().some((t, i) => t !== types[i])) ||
    // The engine's CSV parse keeps a negative zero that csv.ts's cell does not.
    (copy && !copy.binary && read.negativeZeros())
  ) {
    await copy?.discard();
    return null;
  }
  return {
    columns: read.columns(),
    rowCount: read.rowCount,
    plain: last!.scan.plain && read.plainNumbers(),
    copy,
  };
}

export async function stageCsvByCopy(
  db: Db,
  datasetId: string,
  csv: CsvSource['csv'],
  jobId: string,
  onRows: (rows: number) => Promise<unknown>,
): Promise<{ columns: SourceTable['columns']; staged: StagedRows } | null> {
  let pass = await copyPass(db, datasetId, jobId, csv);
  if (!pass) return null;
  const types = pass.columns.map((c) => c.type as ColumnType);
  if (pass.copy && pass.copy.staged.rowCount !== pass.rowCount) {
    // A line csv.ts skips as blank went in: the other paths read the text.
    await pass.copy.discard();
    return null;
  }
  if (!pass.copy) {
    pass = await copyPass(db, datasetId, jobId, csv, types);
    if (!pass) return null;
    if (!pass.copy || pass.copy.staged.rowCount !== pass.rowCount) {
      await pass.copy?.discard();
      return null;
    }
  }
  const { copy, rowCount, plain, columns } = pass;
  await onRows(rowCount);
  await inTurn(db, () => finishRowTable(db, copy.set.table));
  // The set's count, and whether the engine writes its values as csv.ts would (exports/csv.ts).
  await db.query(
    'UPDATE dataset_row_sets SET row_count = $3, plain_csv = $4 WHERE dataset_id = $1 AND storage = $2',
    [datasetId, copy.set.storage, rowCount, plain],
  );
  return { columns, staged: copy.staged };
}
