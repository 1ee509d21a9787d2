import type { ColumnType } from './csv';
import { NotAsScanned } from './copy-types';

/**
 * Rows of a CSV text as COPY's binary format (PostgreSQL's "COPY … Binary Format"), for the
 * copy of copy-csv.ts: the engine then reads each value as it is, not as text, which costs it
 * some 60% of what its CSV parser does (PGlite and PostgreSQL alike). The values are the ones
 * csv.ts makes of the text (its `toCell`), so what is stored is what stageRows would store:
 * - a value blank once trimmed is NULL;
 * - LONG and DOUBLE: `Number()` of the trimmed text, an int8 or a float8 (-0 as 0);
 * - DATE: the calendar day, as days since 2000-01-01;
 * - STRING: the field's text as it is (quotes undone), UTF-8.
 * DATETIME is not written here (an instant's text has too many forms): a set with such a column
 * is copied as CSV. Lines are those of a block the copy scan passed (copy-scan.ts): quotes open
 * and close a field, no quoted line break; anything else throws NotAsScanned.
 */

/**
 * Whether a copy of columns of `types` into `kind` goes as binary tuples. On PGlite the engine
 * shares the machine's work with this thread and is the slower of the two: its CSV parser (in
 * WebAssembly) costs it twice what binary values do. PostgreSQL parses CSV on a core of its own
 * faster than this thread writes the tuples, so there the text goes as it is. Any column of a
 * type not written here makes the format CSV.
 */
export const copiesBinary = (kind: 'pglite' | 'postgres', types: readonly ColumnType[]) =>
  kind === 'pglite' && types.every((type) => type !== 'DATETIME');

/** The format's signature, flags (none) and header extension (none). */
export const BINARY_HEADER = Uint8Array.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** A field count of -1 ends the data. */
export const BINARY_TRAILER = Uint8Array.from([0xff, 0xff]);

const QUOTE = 34;
const COMMA = 44;
const MINUS = 45;
const DIGIT_0 = 48;
/** 2000-01-01 (the engine's day 0) in days since 1970-01-01. */
const DAY_ZERO = 10_957;

/** Days since 1970-01-01 of a proleptic Gregorian day (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number) {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The value of `digits` digits at `at`, or -1 when one is not a digit. */
function digitsAt(text: string, at: number, digits: number) {
  let n = 0;
  for (let i = at; i < at + digits; i++) {
    const c = text.charCodeAt(i) - DIGIT_0;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** A growing buffer of tuples. */
class Tuples {
  bytes: Buffer<ArrayBuffer>;
  view: DataView;
  at = 0;

  constructor(size: number) {
    this.bytes = Buffer.allocUnsafeSlow(size);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  /** Room for `more` bytes past the end. */
  room(more: number) {
    if (this.at + more <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.at + more));
    this.bytes.copy(grown, 0, 0, this.at);
    this.bytes = grown;
    this.view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
  }

  null() {
    this.view.setInt32(this.at, -1);
    this.at += 4;
  }

  /** An int8 of a safe integer (two words: no BigInt made). */
  long(n: number) {
    const high = Math.floor(n / 0x1_0000_0000);
    this.view.setInt32(this.at, 8);
    this.view.setInt32(this.at + 4, high);
    this.view.setUint32(this.at + 8, n - high * 0x1_0000_0000);
    this.at += 12;
  }

  /** A float8; -0 as 0, as stageRows writes a cell of -0 ("0"). */
  double(n: number) {
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, n === 0 ? 0 : n);
    this.at += 12;
  }

  date(days: number) {
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, days);
    this.at += 8;
  }

  /** text[from, to) as UTF-8: ASCII byte by byte, anything else by the encoder. */
  text(text: string, from: number, to: number) {
    const { bytes } = this;
    let out = this.at + 4;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        out = this.at + 4 + bytes.write(text.slice(from, to), this.at + 4);
        break;
      }
      bytes[out++] = c;
    }
    this.view.setInt32(this.at, out - this.at - 4);
    this.at = out;
  }

  /** A string made elsewhere (a quoted field with its quotes undone). */
  string(value: string) {
    const length = this.bytes.write(value, this.at + 4);
    this.view.setInt32(this.at, length);
    this.at += 4 + length;
  }
}

/** Whether text[from, to) starts and ends with a printing ASCII character: not blank, no edge to trim. */
const tight = (text: string, from: number, to: number) => {
  const a = text.charCodeAt(from);
  const b = text.charCodeAt(to - 1);
  return a > 32 && a < 127 && b > 32 && b < 127;
};

/** The whole number text[from, to) (an optional '-', 1 to 15 digits), else NaN. */
function wholeAt(text: string, from: number, to: number) {
  const negative = text.charCodeAt(from) === MINUS;
  const start = negative ? from + 1 : from;
  if (to - start < 1 || to - start > 15) return NaN;
  const n = digitsAt(text, start, to - start);
  return n < 0 ? NaN : negative ? -n : n;
}

/** One value of a column of `type`: text[from, to), or `quoted` (its quotes undone) when given. */
function value(
  out: Tuples,
  type: ColumnType,
  text: string,
  from: number,
  to: number,
  quoted?: string,
) {
  if (quoted === undefined && from < to && tight(text, from, to)) {
    // The common case: nothing to trim or undo, read where it lies.
    if (type === 'STRING') return out.text(text, from, to);
    if (type === 'DATE' && to - from === 10) return out.date(dayAt(text, from));
    if (type === 'LONG' || type === 'DOUBLE') {
      const whole = wholeAt(text, from, to);
      if (!Number.isNaN(whole)) return type === 'LONG' ? out.long(whole) : out.double(whole);
    }
  }
  const raw = quoted ?? text.slice(from, to);
  const v = raw.trim();
  if (v === '') return out.null();
  if (type === 'STRING') return out.string(raw);
  if (type === 'DATE') {
    if (v.length !== 10) throw new NotAsScanned('day');
    return out.date(dayAt(v, 0));
  }
  const n = Number(v);
  if (type === 'LONG') {
    if (!Number.isSafeInteger(n)) throw new NotAsScanned('long');
    return out.long(n);
  }
  if (!Number.isFinite(n)) throw new NotAsScanned('double');
  return out.double(n);
}

/** The engine's day of 'YYYY-MM-DD' at `at` (the column's type says it is a calendar day). */
function dayAt(text: string, at: number) {
  const y = digitsAt(text, at, 4);
  const m = digitsAt(text, at + 5, 2);
  const d = digitsAt(text, at + 8, 2);
  if (
    y < 0 ||
    m < 0 ||
    d < 0 ||
    text.charCodeAt(at + 4) !== MINUS ||
    text.charCodeAt(at + 7) !== MINUS
  )
    throw new NotAsScanned('day');
  return daysFromCivil(y, m, d) - DAY_ZERO;
}

/**
 * The tuples of the lines of `text` (a block of whole lines, the last maybe without its line end
 * `eol`), each numbered from `first` as its `row_index`; empty lines are skipped, as the CSV
 * copy skips them.
 */
export function binaryTuples(
  text: string,
  eol: string,
  types: readonly ColumnType[],
  first: number,
): { part: Uint8Array<ArrayBuffer>; lines: number } {
  const width = types.length;
  const out = new Tuples(text.length * 2 + 1024);
  let lines = 0;
  for (let at = 0; at < text.length;) {
    let lineEnd = text.indexOf(eol, at);
    if (lineEnd < 0) lineEnd = text.length;
    if (lineEnd > at) {
      // The most a line takes: its count, its number, each field's length and a number's
      // eight bytes, and three bytes a character.
      out.room(2 + 12 * (width + 1) + 3 * (lineEnd - at));
      out.view.setInt16(out.at, width + 1);
      out.at += 2;
      out.long(first + lines++);
      let count = 0;
      for (let pos = at; ;) {
        let next: number;
        if (count >= width) throw new NotAsScanned('width');
        if (text.charCodeAt(pos) === QUOTE) {
          let close = pos + 1;
          let doubled = false;
          for (;;) {
            close = text.indexOf('"', close);
            if (close < 0 || close >= lineEnd) throw new NotAsScanned('quote');
            if (text.charCodeAt(close + 1) !== QUOTE) break;
            doubled = true;
            close += 2;
          }
          // Without a doubled quote, the field is the text between its quotes, read where it lies.
          const undone = doubled ? text.slice(pos + 1, close).replaceAll('""', '"') : undefined;
          value(out, types[count]!, text, pos + 1, close, undone);
          next = close + 1;
          if (next !== lineEnd && text.charCodeAt(next) !== COMMA) throw new NotAsScanned('quote');
        } else {
          next = text.indexOf(',', pos);
          if (next < 0 || next > lineEnd) next = lineEnd;
          if (next === pos) out.null();
          else value(out, types[count]!, text, pos, next);
        }
        count++;
        if (next === lineEnd) break;
        pos = next + 1;
      }
      if (count !== width) throw new NotAsScanned('width');
    }
    at = lineEnd + eol.length;
  }
  return { part: out.bytes.subarray(0, out.at), lines };
}
