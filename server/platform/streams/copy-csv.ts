import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { copyInto, finishRowTable, indexesLater, summarizePiece } from '../datasets/row-tables';
import { discardStaged, type StagedRows } from '../datasets/staged-rows';
import { newSet } from '../datasets/store';
import type { CopyPart, Db } from '../store';
import { inTurn } from '../store/turns';
import type { ColumnType } from './csv';
import { BINARY_HEADER, BINARY_TRAILER, Tuples, copiesBinary } from './copy-binary';
import { scannedBlocks, type CopyScan } from './copy-scan';
import { NotAsScanned, eolOf, type CopiedColumns } from './copy-types';
import { SourceError, type CsvSource, type SourceTable } from './table';

/**
 * A CSV source copied as it is, by the engine's own COPY, into the typed table of a staging
 * set: the fastest load there is, on PGlite and on PostgreSQL. The text goes through once, a
 * block of lines (UTF-8 bytes) at a time (csv-blocks.ts), so that a large file is never whole in
 * memory; one pass over each block (copy-types.ts `read`) scans it (the engine reads it exactly as
 * csv.ts does, each line a row), reads its columns by csv.ts's rules and writes the rows to copy:
 * - the copy's column types are those read from the first block; should a later block widen
 *   one, or a value not fit, the copy stops, the rest is read, and the copy is done again with
 *   csv.ts's types;
 * - each line goes in with its position first, so the rows keep the text's order; empty lines
 *   are skipped, as csv.ts skips them;
 * - the lines go as binary tuples of the values csv.ts makes of them (copy-binary.ts), which the
 *   engine reads at some 60% of the cost of its CSV parser; a DATETIME column makes them CSV;
 * - the rows copied must be the rows csv.ts read (a line of blank fields is skipped by csv.ts).
 * A text that fails any of these comes back `null`, what was staged set aside, for the other
 * paths, which also give the exact error of a bad file.
 */

/**
 * How a copy's numbered blocks reach the engine (sizes in bytes of the text). Each statement has a fixed cost, so fewer
 * statements load faster; but a statement must stay bounded (statement_timeout), and on PGlite
 * a statement holds the database.
 * - PGlite: pieces, each sized by the time the one before took, to hold the database PIECE_MS at
 *   most (a reader that comes meanwhile waits no longer); a piece is gathered before it is sent
 *   (PGlite's worker reads it as a blob) while the one before loads.
 * - PostgreSQL: statements fed each block as it is numbered, so the engine parses one block
 *   while the next is read: its readers never wait for a COPY. A statement ends after
 *   STATEMENT_BYTES, or once the blocks pause for IDLE_MS (a slow source never holds one open
 *   and idle), and the statements of runs at once take turns (a reader finds a core free).
 * Either way the lines are numbered a block at a time as they come, so no piece holds the event loop.
 */
const PIECE_BYTES = { first: 256 * 1024, least: 64 * 1024, most: 4 * 1024 * 1024 } as const;
/**
 * The longest a piece of the copy holds PGlite (ms), as measured on the piece before. A piece may
 * take two or three times its measure (once the engine's buffers are full, it writes pages out
 * as it loads), and a reader waits for the piece under way: kept well below the reader's budget.
 */
const PIECE_MS = 25;
/** Text one statement on PostgreSQL is fed at most: about half a second of its COPY. */
const STATEMENT_BYTES = 32 * 1024 * 1024;
/** Blocks waiting for PostgreSQL's statement at most: what a copy holds besides the one in hand. */
const FEED_BLOCKS = 4;
/** A pause of the blocks (ms) that ends PostgreSQL's statement under way. */
const IDLE_MS = 50;

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

/** Where a copy's blocks go; a data error of the engine (a value refused) sets `refused`. */
interface Sink {
  refused: boolean;
  /** Takes a block (`bytes` of the text); may wait for the engine. */
  put(part: CopyPart, bytes: number): Promise<void>;
  /** Sends what is left and waits for every statement. */
  end(): Promise<void>;
  /** Waits for the statements under way, sending nothing more. */
  stop(): Promise<unknown>;
}

/** PGlite: pieces of bounded time, one in the database while the next is gathered. */
class TimedPieces implements Sink {
  refused = false;
  private pending: CopyPart[] = [];
  private pendingBytes = 0;
  private target: number = PIECE_BYTES.first;
  private loading: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly sql: string,
    private readonly table: string,
    /** The frame of each piece: binary tuples go between a header and a trailer. */
    private readonly frame?: readonly [CopyPart, CopyPart],
  ) {}

  async put(part: CopyPart, bytes: number) {
    this.pending.push(part);
    this.pendingBytes += bytes;
    if (this.pendingBytes >= this.target) await this.flush();
  }

  async end() {
    if (this.pendingBytes > 0) await this.flush();
    await this.loading;
  }

  stop() {
    this.pending = [];
    this.pendingBytes = 0;
    return this.loading.catch(() => undefined);
  }

  private async flush() {
    // Its numbered blocks as they are, never joined: PGlite's blob reads them in order.
    const piece = this.frame ? [this.frame[0], ...this.pending, this.frame[1]] : this.pending;
    const bytes = this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    // The next piece is gathered while the database loads the one before.
    await this.loading;
    const { db } = this;
    this.loading = inTurn(db, async () => {
      if (this.refused) return;
      const began = performance.now();
      await db.copyFrom(this.sql, piece);
      await summarizePiece(db, this.table);
      const ms = Math.max(performance.now() - began, 1);
      this.target = Math.min(
        PIECE_BYTES.most,
        Math.max(PIECE_BYTES.least, Math.round((bytes * PIECE_MS) / ms)),
      );
    }).catch((error: unknown) => {
      if (!isDataError(error)) throw error;
      this.refused = true;
    });
  }
}

/** PostgreSQL: statements fed a block at a time, through a queue of FEED_BLOCKS. */
class FedStatements implements Sink {
  refused = false;
  private feed?: PassThrough;
  private fedBytes = 0;
  private idle?: NodeJS.Timeout;
  /** Every statement so far, in order: settles once the last is done. */
  private loading: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly sql: string,
    private readonly frame?: readonly [CopyPart, CopyPart],
  ) {}

  async put(part: CopyPart, bytes: number) {
    clearTimeout(this.idle);
    if (this.refused) return;
    const feed = this.feed ?? this.open();
    this.fedBytes += bytes;
    if (!feed.write(part)) {
      // Until the statement takes more, or ends (a value refused, the connection lost).
      const drained = once(feed, 'drain').catch(() => undefined);
      await Promise.race([drained, this.loading]);
    }
    if (this.fedBytes >= STATEMENT_BYTES) this.close();
    else this.idle = setTimeout(() => this.close(), IDLE_MS);
  }

  async end() {
    clearTimeout(this.idle);
    this.close();
    await this.loading;
  }

  stop() {
    return this.end().catch(() => undefined);
  }

  private open() {
    const feed = new PassThrough({ objectMode: true, highWaterMark: FEED_BLOCKS });
    if (this.frame) feed.write(this.frame[0]);
    const { db, sql } = this;
    this.feed = feed;
    this.fedBytes = 0;
    this.loading = this.loading.then(() =>
      inTurn(
        db,
        async () => {
          // A value refused meanwhile: what was fed goes nowhere.
          if (this.refused) feed.resume();
          else await db.copyFrom(sql, feed);
        },
        { onPostgres: true },
      ).catch((error: unknown) => {
        if (!isDataError(error)) throw error;
        this.refused = true;
      }),
    );
    return feed;
  }

  /** Ends the statement under way: the engine loads what it was fed. */
  private close() {
    const feed = this.feed;
    if (!feed) return;
    this.feed = undefined;
    if (this.frame) feed.write(this.frame[1]);
    feed.end();
  }
}

/** A staging set being copied into: its lines numbered a block at a time, sent by its sink. */
class Copy {
  readonly staged: StagedRows;
  /** Tuples of COPY's binary format (copy-binary.ts) where the types allow, else CSV lines. */
  readonly binary: boolean;
  private readonly sink: Sink;

  private constructor(
    private readonly db: Db,
    datasetId: string,
    readonly set: Awaited<ReturnType<typeof newSet>>,
    readonly types: readonly ColumnType[],
    private readonly eol: string,
  ) {
    this.staged = { datasetId, storage: set.storage, rowCount: 0 };
    this.binary = copiesBinary(types);
    const sql = copyInto(set.table, types.length, this.binary ? 'binary' : 'csv');
    const frame = this.binary ? ([BINARY_HEADER, BINARY_TRAILER] as const) : undefined;
    this.sink =
      db.kind === 'pglite'
        ? new TimedPieces(db, sql, set.table, frame)
        : new FedStatements(db, sql, frame);
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

  /** A value the column's type refused (a data error of the engine). */
  get refused() {
    return this.sink.refused;
  }

  /**
   * Tuples for the read of the next block (`bytes` long) to write its values in; none when the
   * copy goes as CSV.
   */
  tuples(bytes: number): Tuples | undefined {
    if (!this.binary) return undefined;
    // Most blocks' tuples fit: a text's bytes, and a number's eight for its few.
    return new Tuples(this.types, this.staged.rowCount, Math.round(bytes * 1.5) + 4096);
  }

  /**
   * Takes `rows` (whole lines, read by `read`), numbered as they come: the event loop numbers a
   * block at a time. Binary rows come as the `tuples` their read wrote, else are written here.
   */
  async add(rows: Buffer, read: CopiedColumns, tuples?: Tuples) {
    const block = this.binary ? (tuples ?? this.written(rows, read)) : undefined;
    // A value its column's type does not take, yet the types are the copy's (a line of blank
    // fields too many): the other paths read the text.
    if (block?.off) throw new NotAsScanned('tuples');
    const { part, lines } =
      block ?? numbered(rows.toString('utf8'), this.eol, this.staged.rowCount);
    this.staged.rowCount += lines;
    await this.sink.put(part, rows.length);
  }

  /** The tuples of a block read before the copy began. */
  private written(rows: Buffer, read: CopiedColumns) {
    const tuples = this.tuples(rows.length)!;
    read.written(rows, eolOf(this.eol), tuples);
    return tuples;
  }

  /** Copies what is left and waits for every statement. */
  end() {
    return this.sink.end();
  }

  /** Sets the copy aside, once its statements are done. */
  async discard() {
    await this.sink.stop();
    await discardStaged(this.db, this.staged);
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
    for await (const { rows, scan, read, tuples } of scannedBlocks(csv, (bytes) =>
      copy?.tuples(bytes),
    )) {
      last = { scan, read };
      const now = read.types();
      if (!copy && !stopped && read.rowCount > 0)
        copy = await Copy.start(db, datasetId, jobId, types ?? now, scan.eol);
      // Copying with the types of the first block, a wider one is known before its block goes in.
      const wider = !types && copy && now.some((type, i) => type !== copy!.types[i]);
      if (copy && (copy.refused || wider)) await stop();
      await copy?.add(rows, read, tuples);
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
  // On PostgreSQL the position index is built once the rows are live (staged-rows.ts
  // `finishLive`): the run's time is the copy's. PGlite's was kept as the rows went in.
  if (indexesLater(db.kind)) copy.staged.unfinished = copy.set.table;
  else await inTurn(db, () => finishRowTable(db, copy.set.table));
  // The set's count, and whether the engine writes its values as csv.ts would (exports/csv.ts).
  await db.query(
    'UPDATE dataset_row_sets SET row_count = $3, plain_csv = $4 WHERE dataset_id = $1 AND storage = $2',
    [datasetId, copy.set.storage, rowCount, plain],
  );
  return { columns, staged: copy.staged };
}
