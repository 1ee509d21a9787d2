import type { ColumnType } from './csv';
import { Form, NotAsScanned, daysFromCivil, type LineWriter } from './copy-types';

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
 * Whether a copy of columns of `types` goes as binary tuples: the engine then reads values, not
 * text, at some 60% of its CSV parser's cost (PGlite's, in WebAssembly, shares the machine's work
 * with this thread; PostgreSQL's runs on a core of its own beside the read that writes the
 * tuples). Any column of a type not written here (DATETIME) makes the format CSV.
 */
export const copiesBinary = (types: readonly ColumnType[]) =>
  types.every((type) => type !== 'DATETIME');

/** The format's signature, flags (none) and header extension (none). */
export const BINARY_HEADER = Uint8Array.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** A field count of -1 ends the data. */
export const BINARY_TRAILER = Uint8Array.from([0xff, 0xff]);

const MINUS = 45;
const DIGIT_0 = 48;
/** 2000-01-01 (the engine's day 0) in days since 1970-01-01. */
const DAY_ZERO = 10_957;

/** The value of `digits` digits at `at`, or -1 when one is not a digit. */
function digitsAt(b: Uint8Array, at: number, digits: number) {
  let n = 0;
  for (let i = at; i < at + digits; i++) {
    const c = (b[i] ?? 0) - DIGIT_0;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * The tuples of one block of a copy, written by the read of its lines (copy-types.ts
 * CopiedColumns.read), each row numbered from `first` as its `row_index`. A value the column's
 * type does not take stops the writing (`off`): the read then finds the column's type changed.
 */
export class Tuples implements LineWriter {
  bytes: Buffer<ArrayBuffer>;
  view: DataView;
  at = 0;
  /** Rows written. */
  lines = 0;
  /** A value did not fit its column's type: the tuples are not to be sent. */
  off = false;

  constructor(
    readonly types: readonly ColumnType[],
    private readonly first: number,
    size: number,
  ) {
    this.bytes = Buffer.allocUnsafeSlow(size);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  /** The tuples written, to send. */
  get part(): Uint8Array<ArrayBuffer> {
    return this.bytes.subarray(0, this.at);
  }

  /** Starts a row: its field count and its position. */
  row() {
    if (this.off) return;
    const width = this.types.length;
    // Room for all but a text's own bytes: the count, and each field's length and eight bytes.
    this.room(2 + 12 * (width + 1));
    this.view.setInt16(this.at, width + 1);
    this.at += 2;
    this.long(this.first + this.lines++);
  }

  /**
   * Field `column` of the row: b[from, to) (UTF-8 bytes), `quoted` when it was (`doubled`: it
   * holds doubled quotes; `high`: bytes past ASCII), of the form `form` (copy-types.ts formEnd,
   * Other when not looked at), the value `known` the read made of it when it is of a form (a
   * number, a day since 1970-01-01). A STRING's bytes go as they are; only another value is made
   * into text.
   */
  field(
    column: number,
    b: Buffer,
    from: number,
    to: number,
    form: Form,
    known: number,
    quoted: boolean,
    doubled: boolean,
    high: boolean,
  ) {
    if (this.off) return;
    const type = this.types[column];
    if (type === undefined) {
      this.off = true;
      return;
    }
    if (from === to && !quoted) return this.null();
    if (form === Form.Whole && (type === 'LONG' || type === 'DOUBLE'))
      return type === 'LONG' ? this.long(known) : this.double(known);
    if (form === Form.Decimal && type === 'DOUBLE') return this.double(known);
    if (form === Form.Day && type === 'DATE') return this.date(known - DAY_ZERO);
    let raw = b.toString(high ? 'utf8' : 'latin1', from, to);
    if (doubled) raw = raw.replaceAll('""', '"');
    try {
      value(this, type, raw);
    } catch (error) {
      if (!(error instanceof NotAsScanned)) throw error;
      this.off = true;
    }
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

  /** UTF-8 bytes b[from, to) as they are, or with their doubled quotes undone. */
  raw(b: Buffer, from: number, to: number, doubled: boolean) {
    this.room(4 + to - from);
    const { bytes } = this;
    let out = this.at + 4;
    if (doubled)
      for (let i = from; i < to; i++) {
        const c = b[i]!;
        bytes[out++] = c;
        if (c === 34) i++;
      }
    else if (to - from > 64) out += b.copy(bytes, out, from, to);
    // A short text byte by byte: cheaper than a copy's call.
    else for (let i = from; i < to; i++) bytes[out++] = b[i]!;
    this.view.setInt32(this.at, out - this.at - 4);
    this.at = out;
  }

  /** A string made elsewhere (a quoted field with its quotes undone). */
  string(value: string) {
    this.room(4 + 3 * value.length);
    const length = this.bytes.write(value, this.at + 4);
    this.view.setInt32(this.at, length);
    this.at += 4 + length;
  }
}

/** One value of a column of `type` that no form read: `raw`, its quotes undone, as csv.ts reads it. */
function value(out: Tuples, type: ColumnType, raw: string) {
  const v = raw.trim();
  if (v === '') return out.null();
  if (type === 'STRING') return out.string(raw);
  if (type === 'DATE') {
    if (v.length !== 10) throw new NotAsScanned('day');
    return out.date(dayAt(Buffer.from(v, 'latin1'), 0));
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
function dayAt(b: Uint8Array, at: number) {
  const y = digitsAt(b, at, 4);
  const m = digitsAt(b, at + 5, 2);
  const d = digitsAt(b, at + 8, 2);
  if (y < 0 || m < 0 || d < 0 || b[at + 4] !== MINUS || b[at + 7] !== MINUS)
    throw new NotAsScanned('day');
  return daysFromCivil(y, m, d) - DAY_ZERO;
}
