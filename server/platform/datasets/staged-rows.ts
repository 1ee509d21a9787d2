import type { Db, Queryable } from '../store';
import { inTurn } from '../store/turns';
import { insertBatch, newStorage, swapLive, type Cell, type DatasetColumn } from './store';

/**
 * Rows written ahead of their transaction (a stream run's): a staging set that no reader sees,
 * `STAGE_BATCH` rows a statement, so that other requests get the database between statements.
 */
export interface StagedRows {
  datasetId: string;
  storage: string;
  rowCount: number;
}

/**
 * Rows per statement while staging. On PGlite each statement holds the database: 1,000 rows take
 * some 10-25 ms there, so a reader waits at most that long; larger pieces make readers wait
 * longer, smaller ones slow the ingest (`npm run bench -- responsiveness ingest-export`).
 * PostgreSQL's readers never wait for a COPY, so its pieces are larger (fewer round trips).
 */
export const STAGE_BATCH = { pglite: 1_000, postgres: 20_000 } as const;

/** A field of COPY's CSV format: always quoted, inner quotes doubled. */
const copyField = (text: string) => '"' + text.replaceAll('"', '""') + '"';

/**
 * What, in a row's JSON, may make the engine's CSV differ from the export's (exports/csv.ts): a
 * string starting or ending with a space, a byte-order mark, an escaped CR or LF, a "\.", a number
 * with an exponent. It errs on the side of "may" (then the export writes that set itself).
 */
const NOT_PLAIN = /[[,]" | "[,\]]|\uFEFF|\\[rn]|\\\\\.|\de[+-]\d/;

/** The COPY input (CSV) of `rows`, numbered from `first`. */
function copyText(
  datasetId: string,
  storage: string,
  rows: Cell[][],
  first: number,
  seen: { plain: boolean },
) {
  const key = `${copyField(datasetId)},${copyField(storage)},`;
  let text = '';
  for (let i = 0; i < rows.length; i++) {
    const json = JSON.stringify(rows[i]);
    if (seen.plain && NOT_PLAIN.test(json)) seen.plain = false;
    text += `${key}${first + i},${copyField(json)}\n`;
  }
  return text;
}

/** Stages `rows` (stageRowPieces). */
export const stageRows = (db: Db, datasetId: string, rows: Cell[][], jobId: string) =>
  stageRowPieces(db, datasetId, rows.length, [rows], jobId);

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
 * thread hands them over, streams/csv-thread.ts), a statement of STAGE_BATCH rows at a time; the
 * next statement is written out while the database loads the one before. PostgreSQL loads each
 * with COPY; PGlite with one JSON document a statement (its COPY reads the blob no
 * faster).
 */
export async function stageRowPieces(
  db: Db,
  datasetId: string,
  rowCount: number,
  pieces: Iterable<Cell[][]> | AsyncIterable<Cell[][]>,
  jobId: string,
): Promise<StagedRows> {
  const storage = newStorage();
  await db.query(
    `INSERT INTO dataset_row_sets (dataset_id, storage, partition_id, row_count, state, job_id)
     VALUES ($1, $2, '', $3, 'staging', $4)`,
    [datasetId, storage, rowCount, jobId],
  );
  const seen = { plain: true };
  let loading: Promise<unknown> = Promise.resolve();
  let staged = 0;
  for await (const rows of statements(pieces, STAGE_BATCH[db.kind])) {
    const start = staged;
    staged += rows.length;
    let load: () => Promise<unknown>;
    if (db.kind === 'postgres') {
      const text = copyText(datasetId, storage, rows, start, seen);
      load = () =>
        db.copyFrom(
          'COPY dataset_rows (dataset_id, partition_id, row_index, cells) FROM STDIN WITH (FORMAT csv)',
          text,
        );
    } else {
      const json = JSON.stringify(rows);
      if (seen.plain && NOT_PLAIN.test(json)) seen.plain = false;
      load = () => insertBatch(db, datasetId, storage, start, json);
    }
    await loading;
    loading = inTurn(db, load);
    // A rejection is awaited below or in the next turn; never left unhandled meanwhile.
    loading.catch(() => undefined);
  }
  await loading;
  if (staged !== rowCount)
    throw new Error(`${staged} rows were staged where ${rowCount} were counted`);
  if (seen.plain)
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
