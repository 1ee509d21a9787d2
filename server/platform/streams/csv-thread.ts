import { WorkerThread } from '../core/worker-thread';
import type { Cell } from '../datasets/store';
import { parseCsv } from './csv';
import { SourceError, type SourceTable } from './table';

/**
 * A CSV to parse; the next rows of one parsed (the reader asks for each piece); or the end of a
 * reading (the rows not taken are dropped).
 */
export type CsvRequest =
  { id: number; text: string } | { id: number; more: true } | { id: number; drop: true };
export type CsvAnswer =
  | { id: number; kind: 'columns'; columns: SourceTable['columns']; rowCount: number }
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

/** A CSV's columns and row count, and its rows a piece at a time (each piece taken once). */
export interface CsvPieces {
  columns: SourceTable['columns'];
  rowCount: number;
  pieces: AsyncIterable<Cell[][]> | Iterable<Cell[][]>;
  /** Ends the reading, taken or not: what is left on the thread is dropped. */
  close(): void;
}

interface Opened {
  columns: SourceTable['columns'];
  rowCount: number;
}

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

interface Reading {
  opened: Waiter<Opened>;
  /** The piece asked for (undefined: no more rows). */
  piece?: Waiter<Cell[][] | undefined>;
}

/**
 * Larger CSVs are parsed and typed on a thread of their own, and their rows come back a few
 * thousand at a time, each piece asked for when the one before is taken (and after the event
 * loop took a turn), so that a stream run of 100,000 rows never holds the platform's event loop
 * (the parse's own work, and the garbage it leaves, stay on that thread), and the rows are staged
 * while the next come over.
 */
class CsvThread {
  private readonly readings = new Map<number, Reading>();
  private nextId = 1;
  private readonly thread: WorkerThread<CsvRequest, CsvAnswer> = new WorkerThread(
    workerFile,
    'The CSV reader',
    IDLE_MS,
    (answer) => this.took(answer),
    (why) => {
      for (const id of [...this.readings.keys()]) this.fail(id, new Error(why));
    },
    () => this.readings.size > 0,
  );

  async open(text: string): Promise<CsvPieces> {
    const id = this.nextId++;
    const head = await new Promise<Opened>((resolve, reject) => {
      this.readings.set(id, { opened: { resolve, reject } });
      this.thread.post({ id, text });
    });
    return { ...head, pieces: this.pieces(id), close: () => this.close(id) };
  }

  private close(id: number) {
    if (!this.readings.delete(id)) return;
    this.thread.post({ id, drop: true });
    this.rested();
  }

  private async *pieces(id: number): AsyncGenerator<Cell[][]> {
    try {
      // One piece ahead: it comes over while the one before is staged.
      let ahead = this.ask(id);
      for (;;) {
        const rows = await ahead;
        if (!rows) return;
        ahead = this.ask(id);
        yield rows;
      }
    } finally {
      this.close(id);
    }
  }

  private ask(id: number) {
    return new Promise<Cell[][] | undefined>((resolve, reject) => {
      const reading = this.readings.get(id);
      if (!reading) return resolve(undefined);
      reading.piece = { resolve, reject };
      setImmediate(() => this.thread.post({ id, more: true }));
    });
  }

  private took(answer: CsvAnswer) {
    const reading = this.readings.get(answer.id);
    if (!reading) return;
    if (answer.kind === 'columns')
      reading.opened.resolve({ columns: answer.columns, rowCount: answer.rowCount });
    else if (answer.kind === 'rows') reading.piece?.resolve(answer.rows);
    else if (answer.kind === 'done') {
      this.readings.delete(answer.id);
      reading.piece?.resolve(undefined);
      this.rested();
    } else
      this.fail(
        answer.id,
        answer.source ? new SourceError(answer.message) : new Error(answer.message),
      );
  }

  private fail(id: number, error: Error) {
    const reading = this.readings.get(id);
    if (!reading) return;
    this.readings.delete(id);
    reading.opened.reject(error);
    reading.piece?.reject(error);
    this.rested();
  }

  private rested() {
    if (this.readings.size === 0) this.thread.rest();
  }
}

const thread = new CsvThread();

/** A CSV's rows a piece at a time (csv.ts's parseCsv), parsed where it cannot hold the event loop. */
export async function readCsvPieces(text: string): Promise<CsvPieces> {
  if (text.length > INLINE_CSV_CHARS) return thread.open(text);
  const { columns, rows } = await parseCsv(text);
  return {
    columns,
    rowCount: rows.length,
    pieces: [rows],
    close: () => undefined,
  };
}
