import Papa from 'papaparse';
import { CHUNK_BYTES } from './csv';
import { csvBlocks } from './csv-blocks';
import { CopiedColumns, NotAsScanned } from './copy-types';
import type { CsvSource } from './table';
import { eolAt, scanPiece } from './engine-csv-scan';

/** A field blank but not empty, as csv.ts trims it: `""`, or spaces, quoted or not. */
const BLANK_FIELD = /(?:^|[,\r\n])(?:"[ \t\v\f]*"|[ \t\v\f]+)(?=[,\r\n]|$)/;

/** A line end other than the text's own: COPY would read the lines otherwise. */
const OTHER_LINE_END: Record<string, RegExp> = {
  '\n': /\r/,
  '\r\n': /\r(?!\n)|(?<!\r)\n/,
  '\r': /\n/,
};

/**
 * Whether a CSV text may be copied as it is (copy-csv.ts), read a block of whole lines at a time
 * (csv-blocks.ts) so that a large file is never whole in memory. A text may be copied where the
 * engine reads it exactly as csv.ts does (engine-csv-scan.ts), each line is a row (no quoted
 * field holds a line break, every line end is the first one's), and no field is blank but not
 * empty (csv.ts makes it null, COPY text).
 */
export class CopyScan {
  /** The engine's CSV of the values equals csv.ts's (before the numbers are looked at). */
  plain = true;

  private constructor(readonly eol: string) {}

  /**
   * The scan of a text from its first block (at least csv.ts's first chunk, or the whole text),
   * its header line and the rows after it; or null when it may not be copied: papaparse does not
   * take ',' for its delimiter, or the header does not pass.
   */
  static of(head: string): { scan: CopyScan; header: string; rows: string } | null {
    const parsed = Papa.parse<string[]>(head.slice(0, CHUNK_BYTES), {
      preview: 1,
      skipEmptyLines: 'greedy',
    });
    if (parsed.meta.delimiter !== ',' || !parsed.data[0]?.length) return null;
    const first = head.search(/[\r\n]/);
    const scan = new CopyScan(first < 0 ? '\n' : eolAt(head, first));
    const header = first < 0 ? head : head.slice(0, first);
    if (!scan.passes(header)) return null;
    return { scan, header, rows: first < 0 ? '' : head.slice(first + scan.eol.length) };
  }

  /** Whether a block of rows (whole lines) may be copied as it is; `plain` follows it. */
  rows(block: string): boolean {
    return this.passes(block) && !BLANK_FIELD.test(block);
  }

  private passes(text: string) {
    if (OTHER_LINE_END[this.eol]!.test(text)) return false;
    const scan = scanPiece(text);
    if (!scan || scan.quotedBreak) return false;
    if (!scan.plain) this.plain = false;
    return true;
  }
}

/**
 * The rows of a CSV text a block at a time (csv-blocks.ts), each scanned and its columns read
 * (csv.ts's, as far as read) before it is given. Throws NotAsScanned when the text may not be
 * copied as it is, csv.ts's SourceError for a ragged row.
 */
export async function* scannedBlocks(
  csv: CsvSource['csv'],
): AsyncGenerator<{ rows: string; scan: CopyScan; read: CopiedColumns }> {
  let scan: CopyScan | undefined;
  let read: CopiedColumns | undefined;
  for await (const block of csvBlocks(csv, CHUNK_BYTES)) {
    let rows = block;
    if (!scan || !read) {
      const head = CopyScan.of(block);
      if (!head) throw new NotAsScanned('head');
      scan = head.scan;
      read = new CopiedColumns(head.header);
      rows = head.rows;
    }
    if (!scan.rows(rows)) throw new NotAsScanned('scan');
    read.read(rows, scan.eol);
    yield { rows, scan, read };
  }
}
