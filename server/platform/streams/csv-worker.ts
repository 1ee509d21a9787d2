import { parentPort } from 'node:worker_threads';
import type { Cell } from '../datasets/store';
import { parseCsv } from './csv';
import { ROWS_PER_MESSAGE, type CsvAnswer, type CsvRequest } from './csv-thread';
import { SourceError } from './table';

/** Tables parsed and not yet taken: what is left of each, by request. */
const left = new Map<number, { rows: Cell[][]; at: number }>();
const post = (answer: CsvAnswer) => parentPort!.postMessage(answer);

/**
 * Parses CSVs off the platform's event loop (csv-thread.ts sends them). The rows go back a piece
 * at a time, each when the reader asks for it, so that taking them in never holds its loop.
 */
parentPort!.on('message', (request: CsvRequest) => {
  const { id } = request;
  if ('drop' in request) return void left.delete(id);
  if ('more' in request) {
    const table = left.get(id);
    if (!table) return;
    if (table.at >= table.rows.length) {
      left.delete(id);
      return post({ id, kind: 'done' });
    }
    const rows = table.rows.slice(table.at, table.at + ROWS_PER_MESSAGE);
    table.at += rows.length;
    return post({ id, kind: 'rows', rows });
  }
  parseCsv(request.text).then(
    ({ columns, rows }) => {
      left.set(id, { rows, at: 0 });
      post({ id, kind: 'columns', columns, rowCount: rows.length });
    },
    (error: unknown) => post(failure(id, error)),
  );
});

const failure = (id: number, error: unknown): CsvAnswer => ({
  id,
  kind: 'error',
  message: error instanceof Error ? error.message : String(error),
  source: error instanceof SourceError,
});
