import type { Cell } from '../datasets/store';

/** What a connector reads: columns with the platform's types (2.1 column types) and rows of cells. */
export interface SourceTable {
  columns: Array<{ name: string; type: string }>;
  rows: Cell[][];
}

/** A CSV source's text, typed and staged by the store (stage-source.ts). */
export interface CsvSource {
  csv: string;
}

/** A connector's failure: the execution ends in ERROR with this message (no stack, no secrets). */
export class SourceError extends Error {}
