import { stageRowPieces, stageRows, type StagedRows } from '../datasets/staged-rows';
import type { Db } from '../store';
import { readCsvPieces } from './csv-thread';
import { stageCsvInEngine } from './engine-csv';
import type { CsvSource, SourceTable } from './table';

/**
 * A source's rows staged out of sight (datasets/staged-rows.ts) with its columns. A CSV on
 * PostgreSQL is parsed, typed and staged by the engine when it reads it exactly as csv.ts would
 * (engine-csv.ts); any other CSV is parsed here, a large one on a thread of its own
 * (csv-thread.ts). `onRows` hears the row count before staging.
 */
export async function stageSource(
  db: Db,
  datasetId: string,
  source: SourceTable | CsvSource,
  jobId: string,
  onRows: (rows: number) => Promise<unknown>,
): Promise<{ columns: SourceTable['columns']; staged: StagedRows }> {
  if ('csv' in source) {
    // A text too large for one statement's time (statement_timeout) is read the Node way.
    const inEngine = await stageCsvInEngine(db, datasetId, source.csv, jobId, onRows).catch(
      (error: unknown) => {
        if ((error as { code?: string }).code === '57014') return null;
        throw error;
      },
    );
    if (inEngine) return inEngine;
    // Staged as its rows come over from the thread that parses it.
    const read = await readCsvPieces(source.csv);
    try {
      await onRows(read.rowCount);
      const staged = await stageRowPieces(db, datasetId, read.rowCount, read.pieces, jobId);
      return { columns: read.columns, staged };
    } finally {
      read.close();
    }
  }
  await onRows(source.rows.length);
  return { columns: source.columns, staged: await stageRows(db, datasetId, source.rows, jobId) };
}
