import type { Db, Queryable } from '../store';
import { inTurn } from '../store/turns';
import {
  copyInto,
  copyText,
  finishRowTable,
  indexesLater,
  refusedValue,
  summarizePiece,
  type Cell,
} from './row-tables';
import { newSet, swapLive, type DatasetColumn } from './store';

/**
 * Rows written ahead of their transaction (a stream run's): a staging set that no reader sees,
 * `STAGE_BATCH` rows a statement, so that other requests get the database between statements.
 */
export interface StagedRows {
  datasetId: string;
  storage: string;
  rowCount: number;
  /** Its table, when its writer left it to be finished once live (`finishLive`). */
  unfinished?: string;
}

/**
 * Rows per statement while staging. On PGlite each statement holds the database: a statement of
 * 2,000 typed rows takes some 10-20 ms there, so a reader waits at most that long; larger pieces
 * make readers wait longer, smaller ones slow the ingest (`npm run bench -- responsiveness
 * ingest-export`). PostgreSQL's readers never wait for a COPY, so its pieces are larger.
 */
export const STAGE_BATCH = { pglite: 2_000, postgres: 20_000 } as const;

/** A value the column's type refuses: the run fails naming its row (after the header) and column. */
export class RefusedValueError extends Error {}

/**
 * The first text cell of `rows` holding a NUL (U+0000), which no text value of the engine may
 * hold: its COPY fails on the line's bytes without naming the column, so it is named here.
 */
function nulCell(rows: ReadonlyArray<readonly Cell[]>) {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let i = 0; i < row.length; i++) {
      const cell = row[i];
      if (typeof cell === 'string' && cell.includes('\u0000')) return { row: r, column: i };
    }
  }
  return undefined;
}

/** Stages `rows` (stageRowPieces). */
export const stageRows = (
  db: Db,
  datasetId: string,
  columns: ReadonlyArray<{ name: string; type: string }>,
  rows: Cell[][],
  jobId: string,
) => stageRowPieces(db, datasetId, columns, rows.length, [rows], jobId);

/** `pieces` cut or joined into statements of `size` rows. */
async function* statements(pieces: Iterable<Cell[][]> | AsyncIterable<Cell[][]>, size: number) {
  let part: Cell[][] = [];
  for await (const piece of pieces) {
    let from = 0;
    if (part.length) {
      from = Math.min(piece.length, size - part.length);
      for (let i = 0; i < from; i++) part.push(piece[i]!);
      if (part.length < size) continue;
      yield part;
      part = [];
    }
    for (; from + size <= piece.length; from += size) yield piece.slice(from, from + size);
    if (from < piece.length) part = piece.slice(from);
  }
  if (part.length) yield part;
}

/**
 * Stages `rowCount` rows as they come, `pieces` of any size (a table's rows, or a CSV's as its
 * thread hands them over, streams/csv-thread.ts), into a new set's typed table, a statement of
 * STAGE_BATCH rows at a time, each with the engine's COPY; the next statement is written out
 * while the database loads the one before. A value a column's type refuses fails the staging
 * with a RefusedValueError naming it.
 */
export async function stageRowPieces(
  db: Db,
  datasetId: string,
  columns: ReadonlyArray<{ name: string; type: string }>,
  rowCount: number,
  pieces: Iterable<Cell[][]> | AsyncIterable<Cell[][]>,
  jobId: string,
): Promise<StagedRows> {
  const { storage, table, types } = await newSet(db, {
    datasetId,
    partitionId: '',
    rowCount,
    state: 'staging',
    jobId,
    types: columns.map((c) => c.type),
    indexLater: indexesLater(db.kind),
  });
  const width = types.length;
  const names = columns.map((c) => c.name);
  let plain = true;
  let loading: Promise<unknown> = Promise.resolve();
  let staged = 0;
  for await (const rows of statements(pieces, STAGE_BATCH[db.kind])) {
    const start = staged;
    staged += rows.length;
    const nul = nulCell(rows);
    if (nul)
      throw new RefusedValueError(
        `Row ${start + nul.row + 2} (after the header), column "${names[nul.column]}": a text value cannot hold the character U+0000 (NUL)`,
      );
    const copy = copyText(rows, types, start);
    if (!copy.plain) plain = false;
    const load = () =>
      db
        .copyFrom(copyInto(table, width), copy.text)
        .then(() => summarizePiece(db, table))
        .catch((error: unknown) => {
          const refused = refusedValue(error, names);
          if (!refused) throw error;
          const row = start + refused.row + 1;
          throw new RefusedValueError(
            `Row ${row} (after the header), column "${refused.column}": ${(error as Error).message}`,
          );
        });
    await loading;
    loading = inTurn(db, load);
    // A rejection is awaited below or in the next turn; never left unhandled meanwhile.
    loading.catch(() => undefined);
  }
  await loading;
  if (staged !== rowCount)
    throw new Error(`${staged} rows were staged where ${rowCount} were counted`);
  await inTurn(db, () => finishRowTable(db, table));
  if (plain)
    await db.query(
      'UPDATE dataset_row_sets SET plain_csv = true WHERE dataset_id = $1 AND storage = $2',
      [datasetId, storage],
    );
  return { datasetId, storage, rowCount };
}

const goLive = async (tx: Queryable, staged: StagedRows, partitionId: string) => {
  const [live] = await tx.query(
    `UPDATE dataset_row_sets SET state = 'live', partition_id = $3, changed_at = now()
     WHERE dataset_id = $1 AND storage = $2 AND state = 'staging' RETURNING 1`,
    [staged.datasetId, staged.storage, partitionId],
  );
  if (!live) throw new Error('the staged rows are gone (swept after their job ended)');
};

/** REPLACE with staged rows: a few small statements, whatever the number of rows. */
export const publishReplace = (tx: Queryable, staged: StagedRows, columns: DatasetColumn[]) =>
  swapLive(tx, { datasetId: staged.datasetId, columns, rowCount: staged.rowCount }, (p) =>
    goLive(tx, staged, p),
  );

/** APPEND with staged rows: they become partition `partitionId`. */
export const publishPartition = (
  tx: Queryable,
  staged: StagedRows,
  partitionId: string,
  columns: DatasetColumn[],
) =>
  swapLive(
    tx,
    { datasetId: staged.datasetId, partitionId, columns, rowCount: staged.rowCount },
    (p) => goLive(tx, staged, p),
  );

/**
 * Published rows whose writer left their table unfinished (on PostgreSQL a CSV's copy leaves its
 * position index out of the run, streams/copy-csv.ts): finished now, their position index built.
 * Until then a reader gets the same rows, by a scan of the table.
 */
export async function finishLive(db: Db, staged: StagedRows) {
  if (staged.unfinished) await finishRowTable(db, staged.unfinished);
}

/**
 * Every set job `jobId` staged and has not published (a cut-off run of it, which runs again
 * from the start): retired, for the next sweep.
 */
export const discardStagedOf = (db: Queryable, jobId: string) =>
  db.query(
    `UPDATE dataset_row_sets SET state = 'retired', changed_at = now()
     WHERE job_id = $1 AND state = 'staging'`,
    [jobId],
  );

/** Staged rows that will not be published: retired, for the next sweep. */
export const discardStaged = (db: Queryable, staged: StagedRows) =>
  db.query(
    `UPDATE dataset_row_sets SET state = 'retired', changed_at = now()
     WHERE dataset_id = $1 AND storage = $2 AND state = 'staging'`,
    [staged.datasetId, staged.storage],
  );
