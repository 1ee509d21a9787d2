import Papa from 'papaparse';
import { copyInto, indexRowTable, numbersPlain } from '../datasets/row-tables';
import { discardStaged, type StagedRows } from '../datasets/staged-rows';
import { newSet } from '../datasets/store';
import type { Db } from '../store';
import { inTurn } from '../store/turns';
import { CHUNK_BYTES, parseCsv } from './csv';
import { readCsvPieces } from './csv-thread';
import { engineCsvReadable } from './engine-csv-scan';
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
 * - the rows counted by line ends are the rows csv.ts read (a blank line is skipped by csv.ts).
 * A text that fails any of these comes back `null` (nothing staged) for the other paths, which
 * also give the exact error of a bad file.
 */

/** Rows read from the head to guess the types. */
const GUESS_ROWS = 1_000;
/**
 * Rows per COPY statement: on PGlite each statement holds the database (some 30 ms for 10,000
 * rows of five columns), and each has a fixed cost (a few ms), so fewer, larger pieces load faster.
 */
const COPY_ROWS = { pglite: 10_000, postgres: 100_000 } as const;

/** A field blank but not empty, as csv.ts trims it: `""`, or spaces, quoted or not. */
const BLANK_FIELD = /(?:^|[,\r\n])(?:"[ \t\v\f]*"|[ \t\v\f]+)(?=[,\r\n]|$)/;

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
  const readable = engineCsvReadable(text, (head) =>
    Papa.parse<string[]>(head.slice(0, CHUNK_BYTES), { preview: 1, skipEmptyLines: 'greedy' }),
  );
  if (!readable || readable.quotedBreak) return null;
  const { body, eol } = readable;
  const headerEnd = body.indexOf(eol);
  if (headerEnd < 0) return null;
  const rows = body.slice(headerEnd + eol.length);
  if (BLANK_FIELD.test(rows)) return null;
  const { ends, lines } = pieceEnds(rows, eol, COPY_ROWS[db.kind]);
  // csv.ts reads the whole text on its thread meanwhile: its types and row count decide.
  const reading = readCsvPieces(text);
  const whole = reading.then((read) => {
    read.close();
    return { columns: read.columns, rowCount: read.rowCount };
  });
  whole.catch(() => undefined);
  const guess = await parseCsv(
    body.slice(0, headerEnd + eol.length + lineEnd(rows, eol, GUESS_ROWS)),
  )
    .then((table) => table.columns)
    .catch(() => undefined);
  if (!guess) {
    // The head is refused (a ragged row, say): the other paths give the exact error.
    await whole.catch(() => undefined);
    return null;
  }

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
    const sql = copyInto(set.table, types.length, false);
    try {
      let from = 0;
      for (const end of ends) {
        const piece = rows.slice(from, end);
        from = end;
        if (piece !== '') await inTurn(db, () => db.copyFrom(sql, piece));
      }
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
  await inTurn(db, () => indexRowTable(db, set.table));
  if (readable.plain && (await numbersPlain(db, set.table, types)))
    await db.query(
      'UPDATE dataset_row_sets SET plain_csv = true WHERE dataset_id = $1 AND storage = $2',
      [datasetId, set.storage],
    );
  return { columns: read.columns, staged };
}
