import { copyInto, finishRowTable, summarizeRowTable } from '../datasets/row-tables';
import { discardStaged, type StagedRows } from '../datasets/staged-rows';
import { newSet } from '../datasets/store';
import type { Db } from '../store';
import { inTurn } from '../store/turns';
import { parseCsv } from './csv';
import type { CopyScan } from './copy-scan';
import { scanCsvColumns } from './csv-thread';
import { eolAt, trimmedEnd } from './engine-csv-scan';
import type { SourceTable } from './table';

/**
 * A CSV source copied as it is, by the engine's own COPY, into the typed table of a staging
 * set: the fastest load there is, on PGlite and on PostgreSQL. It is taken only where the engine
 * reads the text exactly as csv.ts does (engine-csv-scan.ts) and every value goes in as csv.ts
 * would make it:
 * - no field is blank but not empty (`""`, spaces alone): csv.ts makes those null, COPY text;
 * - no quoted line break, so each line is a row and the text is cut in pieces at line ends;
 * - the column types are csv.ts's: guessed from the first GUESS_ROWS rows so that the copy starts
 *   at once, while the text is scanned and csv.ts's columns are read on its thread
 *   (csv-thread.ts); should the scan refuse the text, the copy stops and is set aside; should the
 *   types differ, or a value not fit the guess, the copy is done again with csv.ts's types;
 * - each line goes in with its position first, so the rows keep the text's order;
 * - the rows counted by line ends are the rows csv.ts read (a blank line is skipped by csv.ts).
 * A text that fails any of these comes back `null` (nothing staged) for the other paths, which
 * also give the exact error of a bad file.
 */

/** Rows read from the head to guess the types. */
const GUESS_ROWS = 1_000;
/**
 * Rows per COPY statement. Each statement has a fixed cost (a few ms on PGlite), so larger pieces
 * load faster; but on PGlite a statement holds the database, so a piece there is sized by the
 * time the one before took, to hold it PIECE_MS at most: a reader that comes meanwhile waits no
 * longer. PostgreSQL's readers never wait for a COPY; there a piece bounds what the event loop
 * numbers at once (some 5 ms for 20,000 lines, so that three runs at once hold no request long).
 */
const COPY_ROWS = {
  pglite: { first: 5_000, least: 1_000, most: 100_000 },
  postgres: { first: 20_000, least: 20_000, most: 20_000 },
} as const;
/** The longest a piece of the copy holds PGlite (ms), as measured on the piece before. */
const PIECE_MS = 40;

/** Where the `n`th line from `from` ends (after its line end), or `to`. */
function lineEnd(text: string, eol: string, from: number, to: number, n: number) {
  const last = eol[eol.length - 1]!;
  let at = from - 1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf(last, at + 1);
    if (at < 0 || at >= to) return to;
  }
  return at + 1;
}

/**
 * The lines of `piece` (each ended by `eol`, the last one maybe not) with their positions first,
 * from `first`: a sequence would number them too, at a third more of the copy's time on PGlite.
 */
function numbered(piece: string, eol: string, first: number) {
  const lines = piece.split(eol);
  if (lines[lines.length - 1] === '') lines.pop();
  let text = '';
  for (let i = 0; i < lines.length; i++) text += `${first + i},${lines[i]}${eol}`;
  return { text, lines: lines.length };
}

/**
 * Where the rows are as copy-scan.ts finds them in a text it passes (after the header's line end,
 * the last line ends trimmed), read from the head alone, so that the copy starts before the scan
 * ends; the scan's own bounds are compared before anything is kept.
 */
function rowBounds(text: string): Pick<CopyScan, 'rowsFrom' | 'rowsTo' | 'eol'> | null {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const first = text.slice(0, 1 << 16).search(/[\r\n]/);
  if (first < 0) return null;
  const eol = eolAt(text, first);
  const end = trimmedEnd(text, eol, bom);
  const rowsFrom = first + eol.length;
  return rowsFrom <= end ? { rowsFrom, rowsTo: end, eol } : null;
}

const isDataError = (error: unknown) => /^22/.test(String((error as { code?: unknown }).code));

export async function stageCsvByCopy(
  db: Db,
  datasetId: string,
  text: string,
  jobId: string,
  onRows: (rows: number) => Promise<unknown>,
): Promise<{ columns: SourceTable['columns']; staged: StagedRows } | null> {
  // A large text is scanned, then its columns read by csv.ts's rules, on its thread; the copy
  // starts at once with the bounds and types read from the head, and is kept only where the
  // scan and the columns agree with them.
  const { scanned, read: whole } = scanCsvColumns(text);
  whole.catch(() => undefined);
  // undefined while the thread scans; null once it refused the text.
  let scan: CopyScan | null | undefined;
  const scanning = scanned.then(
    (s) => (scan = s),
    () => (scan = null),
  );
  const bounds = rowBounds(text);
  // From here a null leaves the thread to end its reading on its own: nothing waits for it.
  if (!bounds) return null;
  const { eol, rowsFrom, rowsTo } = bounds;
  const head = text.slice(0, lineEnd(text, eol, rowsFrom, rowsTo, GUESS_ROWS));
  const guess = await parseCsv(head)
    .then((table) => table.columns)
    .catch(() => undefined);
  // The head is refused (a ragged row, say): the other paths give the exact error.
  if (!guess) return null;

  const sizes = COPY_ROWS[db.kind];
  /** The set copied, or undefined when a value did not fit, or null when the scan refused the text. */
  const copyAll = async (types: readonly string[]) => {
    const set = await newSet(db, {
      datasetId,
      partitionId: '',
      rowCount: 0,
      state: 'staging',
      jobId,
      types,
    });
    const staged = { datasetId, storage: set.storage, rowCount: 0 };
    const sql = copyInto(set.table, types.length);
    let loading: Promise<unknown> = Promise.resolve();
    try {
      let rows: number = sizes.first;
      let took: { rows: number; ms: number } | undefined;
      for (let from = rowsFrom; from < rowsTo;) {
        if (scan === null) {
          await loading;
          await discardStaged(db, staged);
          return null;
        }
        if (took && db.kind === 'pglite')
          rows = Math.min(
            sizes.most,
            Math.max(sizes.least, Math.round((took.rows * PIECE_MS) / Math.max(took.ms, 1))),
          );
        const end = lineEnd(text, eol, from, rowsTo, rows);
        const piece = numbered(text.slice(from, end), eol, staged.rowCount);
        from = end;
        staged.rowCount += piece.lines;
        // The next piece is numbered while the database loads the one before.
        await loading;
        loading = inTurn(
          db,
          async () => {
            const began = performance.now();
            await db.copyFrom(sql, piece.text);
            await summarizeRowTable(db, set.table);
            took = { rows: piece.lines, ms: performance.now() - began };
          },
          { onPostgres: true },
        );
        loading.catch(() => undefined);
      }
      await loading;
      return { set, staged };
    } catch (error) {
      await loading.catch(() => undefined);
      await discardStaged(db, staged);
      if (isDataError(error)) return undefined;
      throw error;
    }
  };

  let copied = await copyAll(guess.map((c) => c.type));
  await scanning;
  const sameBounds =
    scan && scan.rowsFrom === rowsFrom && scan.rowsTo === rowsTo && scan.eol === eol;
  let read: Awaited<typeof whole>;
  try {
    if (copied === null || !sameBounds) throw new Error('not as scanned');
    read = await whole;
  } catch {
    if (copied) await discardStaged(db, copied.staged);
    // A text csv.ts refuses is refused by the other paths too, with its row.
    return null;
  }
  if (copied && read.rowCount !== copied.staged.rowCount) {
    await discardStaged(db, copied.staged);
    return null;
  }
  await onRows(read.rowCount);
  const types = read.columns.map((c) => c.type);
  if (!copied || types.some((type, i) => type !== guess[i]?.type)) {
    if (copied) await discardStaged(db, copied.staged);
    copied = await copyAll(types);
    if (!copied || copied.staged.rowCount !== read.rowCount) {
      if (copied) await discardStaged(db, copied.staged);
      return null;
    }
  }
  const { set, staged } = copied;
  await inTurn(db, () => finishRowTable(db, set.table));
  // The set's count, and whether the engine writes its values as csv.ts would (exports/csv.ts).
  await db.query(
    'UPDATE dataset_row_sets SET row_count = $3, plain_csv = $4 WHERE dataset_id = $1 AND storage = $2',
    [datasetId, set.storage, staged.rowCount, scan!.plain && read.plainNumbers],
  );
  return { columns: read.columns, staged };
}
