import Papa from 'papaparse';
import { CHUNK_BYTES } from './csv';
import { engineCsvReadable } from './engine-csv-scan';

/**
 * Whether a CSV text may be copied as it is (copy-csv.ts), and where its parts are: positions in
 * the text as given, so that only these few numbers cross between threads. One pass over the
 * text (some 70 ms for 13 MB), done on the CSV reader's thread for a large text.
 */
export interface CopyScan {
  /** Where the data rows start (after the header's line end) and end (the last line end trimmed). */
  rowsFrom: number;
  rowsTo: number;
  eol: string;
  /** The engine's CSV of the values equals csv.ts's (before the numbers are looked at). */
  plain: boolean;
}

/** A field blank but not empty, as csv.ts trims it: `""`, or spaces, quoted or not. */
const BLANK_FIELD = /(?:^|[,\r\n])(?:"[ \t\v\f]*"|[ \t\v\f]+)(?=[,\r\n]|$)/;

/**
 * The scan of `text`, or null when it may not be copied as it is: the engine does not read it
 * as csv.ts does (engine-csv-scan.ts), a quoted field holds a line break (a line is then not a
 * row), a field is blank but not empty (csv.ts makes it null, COPY text), or it has no row.
 */
export function copyScan(text: string): CopyScan | null {
  const readable = engineCsvReadable(text, (head) =>
    Papa.parse<string[]>(head.slice(0, CHUNK_BYTES), { preview: 1, skipEmptyLines: 'greedy' }),
  );
  if (!readable || readable.quotedBreak) return null;
  const { body, eol } = readable;
  const headerEnd = body.indexOf(eol);
  if (headerEnd < 0) return null;
  const offset = text.length - text.replace(/^\uFEFF/, '').length;
  const rowsFrom = offset + headerEnd + eol.length;
  const rowsTo = offset + body.length;
  BLANK_FIELD.lastIndex = 0;
  if (BLANK_FIELD.test(text.slice(rowsFrom, rowsTo))) return null;
  return { rowsFrom, rowsTo, eol, plain: readable.plain };
}
