import {
  RefusedValueError,
  stageRowPieces,
  stageRows,
  type StagedRows,
} from '../datasets/staged-rows';
import type { Db } from '../store';
import { stageCsvByCopy } from './copy-csv';
import { wholeText } from './csv-blocks';
import { readCsvPieces } from './csv-thread';
import { stageCsvInEngine } from './engine-csv';
import { SourceError, type CsvSource, type SourceTable } from './table';

/**
 * A source's rows staged out of sight (datasets/staged-rows.ts) with its columns. A CSV is
 * copied as it is into its typed table where the engine reads it exactly as csv.ts would
 * (copy-csv.ts, a block at a time: a large data file is never whole in memory); else, on PostgreSQL, parsed and typed by the engine (engine-csv.ts); any other
 * CSV is parsed here, a large one on a thread of its own (csv-thread.ts), and its rows copied.
 * `onRows` hears the row count.
 */
export async function stageSource(
  db: Db,
  datasetId: string,
  source: SourceTable | CsvSource,
  jobId: string,
  onRows: (rows: number) => Promise<unknown>,
): Promise<{ columns: SourceTable['columns']; staged: StagedRows }> {
  try {
    return await stage(db, datasetId, source, jobId, onRows);
  } catch (error) {
    // A value the column's type refuses ends the run naming it, as a bad source does.
    if (error instanceof RefusedValueError) throw new SourceError(error.message);
    throw error;
  }
}

async function stage(
  db: Db,
  datasetId: string,
  source: SourceTable | CsvSource,
  jobId: string,
  onRows: (rows: number) => Promise<unknown>,
): Promise<{ columns: SourceTable['columns']; staged: StagedRows }> {
  if ('csv' in source) {
    // Copied as it is where the engine reads it exactly as csv.ts does (copy-csv.ts), a block at
    // a time; the other paths read the text whole.
    const copied = await stageCsvByCopy(db, datasetId, source.csv, jobId, onRows);
    if (copied) return copied;
    const text = await wholeText(source.csv);
    // A text too large for one statement's time (statement_timeout) is read the Node way.
    const inEngine = await stageCsvInEngine(db, datasetId, text, jobId, onRows).catch(
      (error: unknown) => {
        if ((error as { code?: string }).code === '57014') return null;
        throw error;
      },
    );
    if (inEngine) return inEngine;
    // Staged as its rows come over from the thread that parses it.
    const read = await readCsvPieces(text);
    try {
      await onRows(read.rowCount);
      const staged = await stageRowPieces(
        db,
        datasetId,
        read.columns,
        read.rowCount,
        read.pieces,
        jobId,
      );
      return { columns: read.columns, staged };
    } finally {
      read.close();
    }
  }
  await onRows(source.rows.length);
  return {
    columns: source.columns,
    staged: await stageRows(db, datasetId, source.columns, source.rows, jobId),
  };
}
