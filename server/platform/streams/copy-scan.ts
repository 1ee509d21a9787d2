import Papa from 'papaparse';
import { CHUNK_BYTES } from './csv';
import { byteBlocks, csvBlocks } from './csv-blocks';
import type { Tuples } from './copy-binary';
import { CopiedColumns, NotAsScanned, eolOf, type Eol } from './copy-types';
import type { CsvSource } from './table';
import { eolAt, scanPiece } from './engine-csv-scan';

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
 * empty (csv.ts makes it null, COPY text). This scans the header; the read of the rows
 * (copy-types.ts `read`) scans them.
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
 * (csv.ts's, as far as read) before it is given, as UTF-8 bytes (copy-types.ts `read`); with the
 * tuples `tuplesFor` gives a block, its values written there by the same read. The text's first
 * block is decoded for its header (papaparse's guess of the delimiter). Throws NotAsScanned when
 * the text may not be copied as it is, csv.ts's SourceError for a ragged row.
 */
export async function* scannedBlocks(
  csv: CsvSource['csv'],
  tuplesFor: (bytes: number) => Tuples | undefined = () => undefined,
): AsyncGenerator<ScannedBlock> {
  let head: { scan: CopyScan; read: CopiedColumns; eol: Eol } | undefined;
  const blocks =
    typeof csv === 'string'
      ? mapped(csvBlocks(csv, CHUNK_BYTES), (block) => Buffer.from(block))
      : byteBlocks(csv, CHUNK_BYTES);
  for await (const block of blocks) {
    let rows = block;
    const tuples = head && tuplesFor(block.length);
    if (!head) {
      // The byte-order mark goes with the decoding, as csv.ts's.
      const first = CopyScan.of(new TextDecoder().decode(block));
      if (!first) throw new NotAsScanned('head');
      const { scan, header } = first;
      head = { scan, read: new CopiedColumns(header), eol: eolOf(scan.eol) };
      rows = Buffer.from(first.rows);
    }
    const { scan, read, eol } = head;
    if (!read.read(rows, eol, tuples)) scan.plain = false;
    yield { rows, scan, read, tuples };
  }
}

async function* mapped<T, U>(items: AsyncIterable<T>, fn: (item: T) => U) {
  for await (const item of items) yield fn(item);
}

/** A block of rows (UTF-8 bytes), its scan, the columns read so far, its tuples. */
export interface ScannedBlock {
  rows: Buffer;
  scan: CopyScan;
  read: CopiedColumns;
  tuples?: Tuples;
}
