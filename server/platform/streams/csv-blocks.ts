import { decodeText } from './csv';
import type { CsvBytes, CsvSource } from './table';

/** The most of a text a block holds beyond a line end's search (characters). */
export const BLOCK_CHARS = 64 * 1024;

/**
 * Where a block of `text` taken from `from` ends: after the last '\n' within `size` characters,
 * else after the last '\r' not at the window's edge (a '\n' may follow it), else after the next
 * line end past the window; -1 when there is none yet (`more`: more text may come).
 */
function cutAt(text: string, from: number, size: number, more: boolean) {
  const edge = from + size;
  if (edge >= text.length) return more ? -1 : text.length;
  const lf = text.lastIndexOf('\n', edge - 1);
  if (lf >= from) return lf + 1;
  const cr = text.lastIndexOf('\r', edge - 2);
  if (cr >= from) return cr + 1;
  const next = text.slice(edge).search(/\n|\r(?!$)/);
  if (next >= 0) return edge + next + 1;
  return more ? -1 : text.length;
}

/**
 * A CSV's text a block of whole lines at a time (the last block maybe without its line end),
 * the byte-order mark gone: a string sliced, or bytes decoded as they are read (as `decodeText`
 * does, malformed bytes as U+FFFD), so that a large file is never whole in memory. The first
 * block holds at least `first` characters (or the whole text), the others about `size`.
 */
export async function* csvBlocks(
  csv: CsvSource['csv'],
  first: number,
  size = BLOCK_CHARS,
): AsyncGenerator<string> {
  let want = first;
  let carry = '';
  if (typeof csv === 'string') carry = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  else {
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of await csv()) {
      carry += decoder.decode(chunk, { stream: true });
      for (let end = cutAt(carry, 0, want, true); end > 0; end = cutAt(carry, 0, want, true)) {
        yield carry.slice(0, end);
        carry = carry.slice(end);
        want = size;
      }
    }
    carry += decoder.decode();
  }
  // The whole text, or what is left once every byte is in.
  for (let at = 0; at < carry.length;) {
    const end = cutAt(carry, at, want, false);
    yield carry.slice(at, end);
    at = end;
    want = size;
  }
}

const LF = 10;
const CR = 13;

/** `cutAt` on bytes: where a block of `b` from `from` ends (a '\r\n' is never cut). */
function cutBytesAt(b: Buffer, from: number, size: number, more: boolean) {
  const edge = from + size;
  if (edge >= b.length) return more ? -1 : b.length;
  const lf = b.lastIndexOf(LF, edge - 1);
  if (lf >= from) return lf + 1;
  const cr = b.lastIndexOf(CR, edge - 2);
  if (cr >= from) return cr + 1;
  for (let i = edge; i < b.length; i++) {
    if (b[i] === LF) return i + 1;
    if (b[i] === CR && i + 1 < b.length) return b[i + 1] === LF ? i + 2 : i + 1;
  }
  return more ? -1 : b.length;
}

/**
 * A CSV's bytes a block of whole lines at a time, as `csvBlocks` cuts its text (the first block
 * at least `first` bytes, the others about `size`), not decoded: a large file is never whole in
 * memory, nor in text.
 */
export async function* byteBlocks(
  csv: CsvBytes,
  first: number,
  size = BLOCK_CHARS,
): AsyncGenerator<Buffer> {
  let want = first;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of await csv()) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    carry = carry.length > 0 ? Buffer.concat([carry, bytes]) : bytes;
    let at = 0;
    for (
      let end = cutBytesAt(carry, at, want, true);
      end > 0;
      end = cutBytesAt(carry, at, want, true)
    ) {
      yield carry.subarray(at, end);
      at = end;
      want = size;
    }
    carry = carry.subarray(at);
  }
  for (let at = 0; at < carry.length;) {
    const end = cutBytesAt(carry, at, want, false);
    yield carry.subarray(at, end);
    at = end;
    want = size;
  }
}

/** A CSV's whole text, for the paths that read it at once. */
export async function wholeText(csv: CsvSource['csv']): Promise<string> {
  if (typeof csv === 'string') return csv;
  return decodeText(await wholeBytes(csv));
}

async function wholeBytes(csv: CsvBytes) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of await csv()) chunks.push(chunk);
  return Buffer.concat(chunks);
}
