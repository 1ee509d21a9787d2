import { copyInto, finishRowTable, numbersPlain, summarizeRowTable } from '../datasets/row-tables';
import { discardStaged, type StagedRows } from '../datasets/staged-rows';
import { newSet } from '../datasets/store';
import type { Db } from '../store';
import { inTurn } from '../store/turns';
import { parseCsv } from './csv';
import { scanCsvColumns } from './csv-thread';
import type { SourceTable } from './table';

/**
 * A CSV source copied as it is, by the engine's own COPY, into the typed table of a staging
 * set: the fastest load there is, on PGlite and on PostgreSQL. It is taken only where the engine
 * reads the text exactly as csv.ts does (engine-csv-scan.ts) and every value goes in as csv.ts
 * would make it:
 * - no field is blank but not empty (`""`, spaces alone): csv.ts makes those null, COPY text;
 * - no quoted line break, so each line is a row and the text is cut in pieces at line ends;
 * - the column types are csv.ts's: guessed from the first GUESS_ROWS rows so that the copy starts
 *   at once, while csv.ts reads the whole text on its thread (csv-thread.ts); should its types
 *   differ, or a value not fit the guess, the copy is done again with its types;
 * - each line goes in with its position first, so the rows keep the text's order;
 * - the rows counted by line ends are the rows csv.ts read (a blank line is skipped by csv.ts).
 * A text that fails any of these comes back `null` (nothing staged) for the other paths, which
 * also give the exact error of a bad file.
 */

/** Rows read from the head to guess the types. */
const GUESS_ROWS = 1_000;
/**
 * Rows per COPY statement: on PGlite each statement holds the database (some 15 ms for 5,000
 * rows of five columns; a reader waits that long at most), and each has a fixed cost (a few ms),
 * so larger pieces load faster (`npm run bench -- ingest-export` prints both).
 */
const COPY_ROWS = { pglite: 5_000, postgres: 100_000 } as const;

/** Where each piece of `rows` lines of `text` ends (after its line end), and its line count. */
function pieceEnds(text: string, eol: string, rows: number) {
  const ends: number[] = [];
  if (text === '') return { ends, lines: 0 };
  const last = eol[eol.length - 1]!;
  let lines = 0;
  for (let at = text.indexOf(last); at >= 0; at = text.indexOf(last, at + 1))
    if (++lines % rows === 0) ends.push(at + 1);
  if (ends[ends.length - 1] !== text.length) ends.push(text.length);
  return { ends, lines: lines + 1 };
}

/**
 * The lines of `piece` (each ended by `eol`) with their positions first, from `first`: a
 * sequence would number them too, at a third more of the copy's time on PGlite.
 */
function numbered(piece: string, eol: string, first: number) {
  const lines = piece.split(eol);
  if (lines[lines.length - 1] === '') lines.pop();
  let text = '';
  for (let i = 0; i < lines.length; i++) text += `${first + i},${lines[i]}${eol}`;
  return { text, lines: lines.length };
}

/** Where the `n`th line of `text` ends (after its line end), or its length. */
function lineEnd(text: string, eol: string, n: number) {
  const last = eol[eol.length - 1]!;
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf(last, at + 1);
    if (at < 0) return text.length;
  }
  return at + 1;
}

const isDataError = (error: unknown) => /^22/.test(String((error as { code?: unknown }).code));

export async function stageCsvByCopy(
  db: Db,
  datasetId: string,
  text: string,
  jobId: string,
  onRows: (rows: number) => Promise<unknown>,
): Promise<{ columns: SourceTable['columns']; staged: StagedRows } | null> {
  // A large text is scanned, then read whole by csv.ts, on its thread: its types and row count
  // decide. The copy starts once the scan says it may.
  const { scanned, read: whole } = scanCsvColumns(text);
  whole.catch(() => undefined);
  const scan = await scanned.catch(() => null);
  // From here a null leaves the thread to end its reading on its own: nothing waits for it.
  if (!scan) return null;
  const { eol } = scan;
  const rows = text.slice(scan.rowsFrom, scan.rowsTo);
  const { ends, lines } = pieceEnds(rows, eol, COPY_ROWS[db.kind]);
  const head = text.slice(0, scan.rowsFrom + lineEnd(rows, eol, GUESS_ROWS));
  const guess = await parseCsv(head)
    .then((table) => table.columns)
    .catch(() => undefined);
  // The head is refused (a ragged row, say): the other paths give the exact error.
  if (!guess) return null;

  const copyAll = async (types: readonly string[]) => {
    const set = await newSet(db, {
      datasetId,
      partitionId: '',
      rowCount: lines,
      state: 'staging',
      jobId,
      types,
    });
    const staged = { datasetId, storage: set.storage, rowCount: lines };
    const sql = copyInto(set.table, types.length);
    try {
      let from = 0;
      let first = 0;
      let loading: Promise<unknown> = Promise.resolve();
      for (const end of ends) {
        const piece = numbered(rows.slice(from, end), eol, first);
        from = end;
        first += piece.lines;
        // The next piece is numbered while the database loads the one before.
        await loading;
        loading = inTurn(db, async () => {
          await db.copyFrom(sql, piece.text);
          await summarizeRowTable(db, set.table);
        });
        loading.catch(() => undefined);
      }
      await loading;
      return { set, staged };
    } catch (error) {
      await discardStaged(db, staged);
      if (isDataError(error)) return undefined;
      throw error;
    }
  };

  let copied = await copyAll(guess.map((c) => c.type));
  let read: Awaited<typeof whole>;
  try {
    read = await whole;
  } catch {
    if (copied) await discardStaged(db, copied.staged);
    // A text csv.ts refuses is refused by the other paths too, with its row.
    return null;
  }
  if (read.rowCount !== lines) {
    if (copied) await discardStaged(db, copied.staged);
    return null;
  }
  await onRows(read.rowCount);
  const types = read.columns.map((c) => c.type);
  if (!copied || types.some((type, i) => type !== guess[i]?.type)) {
    if (copied) await discardStaged(db, copied.staged);
    copied = await copyAll(types);
    if (!copied) return null;
  }
  const { set, staged } = copied;
  await inTurn(db, () => finishRowTable(db, set.table));
  if (scan.plain && (await numbersPlain(db, set.table, types)))
    await db.query(
      'UPDATE dataset_row_sets SET plain_csv = true WHERE dataset_id = $1 AND storage = $2',
      [datasetId, set.storage],
    );
  return { columns: read.columns, staged };
}
