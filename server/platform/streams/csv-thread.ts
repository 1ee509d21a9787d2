import { WorkerThread } from '../core/worker-thread';
import type { Cell } from '../datasets/store';
import { parseCsv } from './csv';
import { SourceError, type SourceTable } from './table';

/** A CSV to parse, or the next rows of one parsed (the reader asks for each piece). */
export type CsvRequest = { id: number; text: string } | { id: number; more: true };
export type CsvAnswer =
  | { id: number; kind: 'columns'; columns: SourceTable['columns'] }
  | { id: number; kind: 'rows'; rows: Cell[][] }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'error'; message: string; source: boolean };

/** A CSV up to this many characters is parsed where it is asked (a few milliseconds). */
export const INLINE_CSV_CHARS = 256 * 1024;
/** Rows per message from the thread: each a short task to take in (a millisecond or two). */
export const ROWS_PER_MESSAGE = 2_000;
/** A thread with nothing to do stops after this long (what it parsed goes with it). */
const IDLE_MS = 5_000;

const workerFile = new URL('./csv-worker.mjs', import.meta.url);

interface Parse {
  columns: SourceTable['columns'];
  rows: Cell[][];
  resolve: (table: SourceTable) => void;
  reject: (error: Error) => void;
}

/**
 * Larger CSVs are parsed and typed on a thread of their own, and their rows come back a few
 * thousand at a time, so that a stream run of 100,000 rows never holds the platform's event loop
 * (the parse's own work, and the garbage it leaves, stay on that thread).
 */
class CsvThread {
  private readonly parses = new Map<number, Parse>();
  private nextId = 1;
  private readonly thread: WorkerThread<CsvRequest, CsvAnswer> = new WorkerThread(
    workerFile,
    'The CSV reader',
    IDLE_MS,
    (answer) => this.took(answer),
    (why) => {
      for (const parse of this.parses.values()) parse.reject(new Error(why));
      this.parses.clear();
    },
    () => this.parses.size > 0,
  );

  parse(text: string) {
    return new Promise<SourceTable>((resolve, reject) => {
      const id = this.nextId++;
      this.parses.set(id, { columns: [], rows: [], resolve, reject });
      this.thread.post({ id, text });
    });
  }

  private took(answer: CsvAnswer) {
    const parse = this.parses.get(answer.id);
    if (!parse) return;
    // Each piece is asked for after the event loop took a turn: the thread never floods it.
    const more = () => setImmediate(() => this.thread.post({ id: answer.id, more: true }));
    if (answer.kind === 'columns') {
      parse.columns = answer.columns;
      more();
    } else if (answer.kind === 'rows') {
      for (const row of answer.rows) parse.rows.push(row);
      more();
    } else {
      this.parses.delete(answer.id);
      if (answer.kind === 'done') parse.resolve({ columns: parse.columns, rows: parse.rows });
      else
        parse.reject(answer.source ? new SourceError(answer.message) : new Error(answer.message));
      if (this.parses.size === 0) this.thread.rest();
    }
  }
}

const thread = new CsvThread();

/** A CSV's table (csv.ts's parseCsv), parsed where it cannot hold the event loop. */
export const readCsv = (text: string): Promise<SourceTable> =>
  text.length <= INLINE_CSV_CHARS ? parseCsv(text) : thread.parse(text);
