import type { Cell } from '../datasets/store';

/** What a connector reads: columns with the platform's types (2.1 column types) and rows of cells. */
export interface SourceTable {
  columns: Array<{ name: string; type: string }>;
  rows: Cell[][];
}

/** A CSV's bytes from its start, each time it is called: a large file is read as it is staged. */
export type CsvBytes = () => Promise<AsyncIterable<Uint8Array>>;

/** A CSV source's text, or its bytes, typed and staged by the store (stage-source.ts). */
export interface CsvSource {
  csv: string | CsvBytes;
}

/** A connector's failure: the execution ends in ERROR with this message (no stack, no secrets). */
export class SourceError extends Error {}
