import { isCalendarDay } from '../../../src/api/contract/column-values';
import { headerNames, matchers, type ColumnType } from './csv';
import { SourceError } from './table';

/**
 * The fields of one line of a text the copy scan passed (engine-csv-scan.ts): the delimiter is
 * ',', no quoted field holds a line break, and every quote opens a field and closes it (inner
 * quotes doubled) right before a delimiter or the line's end. On such a line this reads what
 * papaparse reads; undefined when the line is not so after all.
 */
function fieldsOf(line: string): string[] | undefined {
  if (line.indexOf('"') < 0) return line.split(',');
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (line.charCodeAt(at) === 34) {
      let close = at + 1;
      for (;;) {
        close = line.indexOf('"', close);
        if (close < 0) return undefined;
        if (line.charCodeAt(close + 1) === 34) close += 2;
        else break;
      }
      fields.push(line.slice(at + 1, close).replaceAll('""', '"'));
      at = close + 1;
      if (at === line.length) return fields;
      if (line.charCodeAt(at) !== 44) return undefined;
      at++;
    } else {
      const comma = line.indexOf(',', at);
      const field = line.slice(at, comma < 0 ? line.length : comma);
      if (field.indexOf('"') >= 0) return undefined;
      fields.push(field);
      if (comma < 0) return fields;
      at = comma + 1;
    }
  }
}

/** Whether `v` passes every candidate left; a whole number that is LONG is DOUBLE too, untested. */
function keepsAll(left: typeof matchers, v: string) {
  let long = false;
  for (const [type, test] of left) {
    if (type === 'DOUBLE' && long) continue;
    if (!test(v)) return false;
    if (type === 'LONG') long = true;
  }
  return true;
}

/**
 * Whether the engine writes number `v` (a value of a DOUBLE column, trimmed) as JavaScript does:
 * datasets/row-tables.ts `numbersPlain`'s test, on the same double (both read the text correctly
 * rounded). A zero is plain: a copy stores a negative one as 0 (copy-binary.ts), or is not made
 * (`negativeZeros`).
 */
function plainNumber(v: string) {
  const n = Number(v);
  if (n === 0) return true;
  const size = Math.abs(n);
  return size >= 1e-4 && size < 1e15;
}

const DIGIT_0 = 48;
const isDigit = (c: number) => c >= DIGIT_0 && c <= DIGIT_0 + 9;

/** The number of the two digits at `at`; -1 when they are not both digits. */
function twoDigits(bytes: Uint8Array, at: number) {
  const a = bytes[at] ?? 0;
  const b = bytes[at + 1] ?? 0;
  return isDigit(a) && isDigit(b) ? (a - DIGIT_0) * 10 + b - DIGIT_0 : -1;
}

/**
 * The candidates of `left` that are among `fits` (null when none: STRING). Whole numbers and
 * decimals of the forms are written alike; a day leaves no number: nothing else to note.
 */
function narrowed(left: typeof matchers, fits: readonly ColumnType[]) {
  const kept = left.filter(([type]) => fits.includes(type));
  return kept.length ? kept : null;
}

/** Whether every candidate left is one of `fits` (an indexed loop: nothing made per value). */
function allFit(left: typeof matchers, fits: readonly ColumnType[]) {
  for (let i = 0; i < left.length; i++) if (!fits.includes(left[i]![0])) return false;
  return true;
}

/** A value's form where csv.ts's matchers need not be asked (formEnd). */
export const Form = {
  /** Another: the matchers are asked. */
  Other: 0,
  /** A whole number of at most 15 digits, not -0: LONG and DOUBLE, and written alike. */
  Whole: 1,
  /** A point, no exponent, 1 to 14 digits before it, the first not 0: DOUBLE, written alike. */
  Decimal: 2,
  /** A calendar day YYYY-MM-DD: DATE. */
  Day: 3,
} as const;
export type Form = (typeof Form)[keyof typeof Form];

/** The column types each form fits (csv.ts's matchers that pass). */
const FITS: Record<Exclude<Form, typeof Form.Other>, readonly ColumnType[]> = {
  [Form.Whole]: ['LONG', 'DOUBLE'],
  [Form.Decimal]: ['DOUBLE'],
  [Form.Day]: ['DATE'],
};

/** Days since 1970-01-01 of a proleptic Gregorian day (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number) {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** 10^k for k up to 22: each a double exactly, so that m / 10^k is rounded once. */
const POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * What `formEnd` read of the last field besides its end: its form and its value (a Whole's or a
 * Decimal's number, as Number() reads it; a Day's days since 1970-01-01). One object, reused.
 */
const formed = { form: Form.Other as Form, value: NaN };

/**
 * Where the unquoted field at `from` ends when its value is of a form (a Whole, a Decimal or a
 * Day, then a comma, a line end or `end`), read in one walk over its bytes (no text made, no
 * regular expression): its end, its form and its value (`formed`); -1 for any other field, which
 * `unquotedEnd` reads (its form is Other: the matchers are asked). The forms are those most
 * columns hold, known at once for what csv.ts's matchers and `plainNumber` would say of them
 * (copy-types.test.ts checks each against the matchers). It leaves the scan's `plain` as
 * `unquotedEnd` would (a point followed by six zeros is not plain; the signs it takes are).
 */
function formEnd(b: Buffer, from: number, end: number) {
  let at = from;
  let c = b[at]!;
  const negative = c === 45;
  if (negative || c === 43) c = b[++at]!;
  const start = at;
  let n = 0;
  while (at < end && c >= DIGIT_0 && c <= DIGIT_0 + 9) {
    n = n * 10 + c - DIGIT_0;
    c = b[++at]!;
  }
  const digits = at - start;
  if (digits === 0 || digits > 15) return -1;
  const leadingZero = b[start] === DIGIT_0;
  if (at === end || c === COMMA || c === LF || c === CR) {
    if (leadingZero && (digits > 1 || negative)) return -1;
    formed.form = Form.Whole;
    formed.value = negative ? -n : n;
    return at;
  }
  if (c === 46) {
    if (digits > 14 || leadingZero) return -1;
    const point = at;
    c = b[++at]!;
    while (at < end && c >= DIGIT_0 && c <= DIGIT_0 + 9) {
      n = n * 10 + c - DIGIT_0;
      c = b[++at]!;
    }
    const fraction = at - point - 1;
    if (fraction === 0 || fraction > 20) return -1;
    if (!(at === end || c === COMMA || c === LF || c === CR)) return -1;
    if (fraction >= 6 && !special(b, point)) field.plain = false;
    formed.form = Form.Decimal;
    // Both exact doubles when there are 15 digits at most: the quotient is rounded once.
    if (digits + fraction > 15) formed.value = Number(b.toString('latin1', from, at));
    else formed.value = negative ? -n / POWERS[fraction]! : n / POWERS[fraction]!;
    return at;
  }
  if (c === 45 && digits === 4 && !negative && start === from) {
    const m = twoDigits(b, at + 1);
    const d = twoDigits(b, at + 4);
    if (m < 0 || d < 0 || b[at + 3] !== 45) return -1;
    at += 6;
    if (at > end) return -1;
    c = b[at]!;
    if (!(at === end || c === COMMA || c === LF || c === CR)) return -1;
    if (!isCalendarDay(n, m, d)) return -1;
    formed.form = Form.Day;
    formed.value = daysFromCivil(n, m, d);
    return at;
  }
  return -1;
}

/** The form of the value b[from, to) (UTF-8 bytes): `formEnd`'s, when its walk ends at `to`. */
export function formAt(b: Buffer, from: number, to: number): Form {
  const { plain } = field;
  const end = formEnd(b, from, to);
  field.plain = plain;
  return end === to ? formed.form : Form.Other;
}

/** The line ends `read` knows: the text's own, found on its header. */
export const Eol = { LF: 0, CRLF: 1, CR: 2 } as const;
export type Eol = (typeof Eol)[keyof typeof Eol];
export const eolOf = (eol: string): Eol =>
  eol === '\n' ? Eol.LF : eol === '\r\n' ? Eol.CRLF : Eol.CR;

const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const COMMA = 44;
const SLASH = 47;
const BACKSLASH = 92;

/**
 * A byte below '/' (or a backslash) outside a quote's or a line's structure: false where the
 * engine might write a number of the text with an exponent where JavaScript does not (the copy
 * scan's `\d[eE]-\d` and `\.000000`); throws NotAsScanned on `\.`, COPY's end of data.
 */
function special(b: Uint8Array, j: number) {
  const c = b[j];
  if (c === BACKSLASH) {
    if (b[j + 1] === 46) throw new NotAsScanned('end of data');
    return true;
  }
  if (c === 45) {
    const e = b[j - 1];
    return !((e === 101 || e === 69) && isDigit(b[j - 2] ?? 0) && isDigit(b[j + 1] ?? 0));
  }
  if (c === 46) {
    for (let k = 1; k <= 6; k++) if (b[j + k] !== DIGIT_0) return true;
    return false;
  }
  return true;
}

/** What the last field's scan found besides its end (one object, reused: no allocation a field). */
const field = { doubled: false, high: false, plain: true };

/** Where the quoted field whose text starts at `from` closes (its closing quote). */
function quotedEnd(b: Buffer, from: number, end: number) {
  field.doubled = false;
  field.high = false;
  for (let j = from; ;) {
    if (j >= end) throw new NotAsScanned('quote');
    const c = b[j]!;
    if (c >= SLASH && c < 0x80 && c !== BACKSLASH) j++;
    else if (c === QUOTE) {
      if (b[j + 1] !== QUOTE) return j;
      field.doubled = true;
      j += 2;
    } else if (c === LF || c === CR) throw new NotAsScanned('quoted break');
    else j = past(b, j);
  }
}

/** Where the unquoted field at `from` ends (at a comma, a line end, or the block's end). */
function unquotedEnd(b: Buffer, from: number, end: number) {
  field.doubled = false;
  field.high = false;
  let j = from;
  while (j < end) {
    const c = b[j]!;
    if (c >= SLASH && c < 0x80 && c !== BACKSLASH) j++;
    else if (c === COMMA || c === LF || c === CR) return j;
    else if (c === QUOTE) throw new NotAsScanned('quote');
    else j = past(b, j);
  }
  return j;
}

/**
 * Past the byte at `j` of a field's text that is neither ASCII from '/' on nor the field's
 * structure: a character of several bytes (`high`), or a sign the scan looks at (`special`).
 */
function past(b: Buffer, j: number) {
  if (b[j]! >= 0x80) {
    field.high = true;
    return utf8At(b, j);
  }
  if (!special(b, j)) field.plain = false;
  return j + 1;
}

/**
 * Where what follows a field at `next` ends: past its comma (`next + 1`) or past the line end
 * there (of the text's kind, else NotAsScanned), or the block's end. After a closing quote only
 * these may come.
 */
function fieldEnd(b: Buffer, next: number, end: number, eol: Eol) {
  if (next >= end) return end;
  const c = b[next];
  if (c === COMMA) return next + 1;
  if (c === LF && eol === Eol.LF) return next + 1;
  if (c === CR && eol === Eol.CR) return next + 1;
  if (c === CR && eol === Eol.CRLF && b[next + 1] === LF) return next + 2;
  throw new NotAsScanned(c === LF || c === CR ? 'line end' : 'quote');
}

/** Whether b[from, to) is only spaces, tabs, vertical tabs and form feeds (or nothing). */
function blankRun(b: Buffer, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const c = b[i]!;
    if (c !== SPACE && (c < 9 || c > 12 || c === LF)) return false;
  }
  return true;
}

/**
 * The index past the UTF-8 sequence at `j`; NotAsScanned for bytes that are not UTF-8 (csv.ts
 * reads them as U+FFFD) and for a space JS's trim() removes and SQL's does not (U+00A0, U+1680,
 * U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF).
 */
function utf8At(b: Buffer, j: number) {
  const c = b[j]!;
  const c1 = b[j + 1] ?? 0;
  const cont = (x: number) => (x & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) {
    if (!cont(c1) || (c === 0xc2 && c1 === 0xa0)) throw new NotAsScanned('utf-8');
    return j + 2;
  }
  const c2 = b[j + 2] ?? 0;
  if (c >= 0xe0 && c <= 0xef) {
    const low = c === 0xe0 ? 0xa0 : 0x80;
    const high = c === 0xed ? 0x9f : 0xbf;
    if (c1 < low || c1 > high || !cont(c2)) throw new NotAsScanned('utf-8');
    const point = ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
    if (
      point === 0x1680 ||
      (point >= 0x2000 && point <= 0x200a) ||
      point === 0x2028 ||
      point === 0x2029 ||
      point === 0x202f ||
      point === 0x205f ||
      point === 0x3000 ||
      point === 0xfeff
    )
      throw new NotAsScanned('space');
    return j + 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const low = c === 0xf0 ? 0x90 : 0x80;
    const high = c === 0xf4 ? 0x8f : 0xbf;
    if (c1 < low || c1 > high || !cont(c2) || !cont(b[j + 3] ?? 0)) throw new NotAsScanned('utf-8');
    return j + 4;
  }
  throw new NotAsScanned('utf-8');
}

/**
 * Where `read` writes each non-empty line's values as it reads them (copy-binary.ts `Tuples`):
 * a row, then each field, of the copy's `types`; `off` once a value does not fit them.
 */
export interface LineWriter {
  readonly types: readonly ColumnType[];
  off: boolean;
  row(): void;
  null(): void;
  /** A STRING's bytes b[from, to), its doubled quotes undone when `doubled`. */
  raw(b: Buffer, from: number, to: number, doubled: boolean): void;
  /**
   * A typed column's value b[from, to), of form `form` (Other: none formEnd knows), and the
   * `value` formEnd made of it when it is of one.
   */
  field(
    column: number,
    b: Buffer,
    from: number,
    to: number,
    form: Form,
    value: number,
    quoted: boolean,
    doubled: boolean,
    high: boolean,
  ): void;
}

/** Not the text csv.ts reads as the scan says: the copy path leaves it to the others. */
export class NotAsScanned extends Error {}

/**
 * csv.ts's columns and row count (csvColumns) of a text the copy scan passes (copy-scan.ts),
 * read a block of lines at a time without making its cells: each column's candidates (csv.ts's
 * `matchers`, narrowest first) tested on its trimmed values only while some are left (a value
 * of a common form, `formEnd`, without asking them), blank rows skipped as papaparse's `greedy` does, a ragged row refused with csv.ts's message. The copy
 * reads each block before it copies it, so this costs a fraction of csv.ts's whole parse
 * (copy-types.test.ts compares the two on every CSV shape). `plainNumbers` says whether the
 * engine writes every value of its DOUBLE columns as JavaScript does (row-tables.ts
 * `numbersPlain`, without a scan of the loaded table).
 */
export class CopiedColumns {
  private readonly names: string[];
  /** Per column, the matchers still standing (null: none, the column is STRING). */
  private readonly candidates: Array<typeof matchers | null>;
  /** Per column, whether a value was seen. */
  private readonly seen: boolean[];
  /** Per column, whether each number read so far is written alike (while it may be DOUBLE). */
  private readonly plain: boolean[];
  /** Per column, whether a value is a negative zero ("-0", "-0.0"...). */
  private readonly negativeZero: boolean[];
  /**
   * Per column, the forms (a bit each) every candidate left is known to fit: candidates only
   * ever narrow, so a form once fitted stays fitted and is not asked again.
   */
  private readonly fitted: number[];
  /** Rows read (blank ones skipped). */
  rowCount = 0;

  /** Refuses (NotAsScanned) a header csv.ts would not read as its first line. */
  constructor(private readonly header: string) {
    const fields = fieldsOf(header);
    if (!fields || fields.join('').trim() === '') throw new NotAsScanned('header');
    this.names = headerNames(fields);
    this.candidates = this.names.map(() => matchers);
    this.seen = this.names.map(() => false);
    this.plain = this.names.map(() => true);
    this.negativeZero = this.names.map(() => false);
    this.fitted = this.names.map(() => 0);
  }

  /** Each column's type as far as read: the narrowest that fits every value, STRING when none. */
  types(): ColumnType[] {
    return this.names.map((_, i) => {
      const left = this.candidates[i];
      return !this.seen[i] || !left ? 'STRING' : left[0]![0];
    });
  }

  columns() {
    const types = this.types();
    return this.names.map((name, i) => ({ name, type: types[i]! }));
  }

  /** Writes the values of `rows` to `tuples` by a read of its own (a block read before its copy began). */
  written(rows: Buffer, eol: Eol, tuples: LineWriter) {
    new CopiedColumns(this.header).read(rows, eol, tuples);
  }

  /** Whether the engine writes every value of the DOUBLE columns as JavaScript does. */
  plainNumbers() {
    return this.types().every((type, i) => type !== 'DOUBLE' || this.plain[i]);
  }

  /**
   * Whether a DOUBLE column holds a negative zero: the engine reads "-0" as -0, where csv.ts's
   * cell (written by stageRows as "0") is 0.
   */
  negativeZeros() {
    return this.types().some((type, i) => type === 'DOUBLE' && this.negativeZero[i]);
  }

  /**
   * Takes field `count`'s value b[from, to) (`quoted`: its doubled quotes to undo; `high`: it
   * holds bytes past ASCII), of no form formEnd knows, into its column's candidates (`left`, null
   * once the column is STRING): made into text and asked of csv.ts's matchers; whether it is
   * not blank.
   */
  private take(
    count: number,
    left: typeof matchers | null,
    b: Buffer,
    from: number,
    to: number,
    quoted: boolean,
    high: boolean,
  ) {
    const { candidates, seen, plain } = this;
    let v = b.toString(high ? 'utf8' : 'latin1', from, to);
    if (quoted) v = v.replaceAll('""', '"');
    else if (v.indexOf('"') >= 0) throw new NotAsScanned('quote');
    v = v.trim();
    if (v === '') return false;
    if (left) {
      seen[count] = true;
      // Most values keep every candidate: a new list only when one fails.
      if (!keepsAll(left, v)) {
        const kept = left.filter(([, test]) => test(v));
        candidates[count] = kept.length ? kept : null;
      }
      if (v.charCodeAt(0) === 45 && Number(v) === 0) this.negativeZero[count] = true;
      const still = candidates[count];
      if (plain[count] && still && still[0]![0] !== 'DATE' && still[0]![0] !== 'DATETIME')
        plain[count] = plainNumber(v);
    }
    return true;
  }

  /**
   * Reads a block of whole lines (UTF-8 bytes, the last maybe without its line end) in one pass that
   * also does the copy scan's work (copy-scan.ts, engine-csv-scan.ts) for the lines: a quote out
   * of its place, a line break in quotes, a line end of another kind than `eol`, `\.`, a space
   * JS trims and SQL does not, a field blank but not empty, or bytes that are not UTF-8 throw
   * NotAsScanned. A STRING column's values are never decoded (their bytes go to `tuples` as they
   * are); a typed column's value of a form is read, end, form and number, in one walk (`formEnd`),
   * and only another one is decoded. Whether the scan's `plain` holds for the block comes back.
   */
  read(b: Buffer, eol: Eol, tuples?: LineWriter): boolean {
    const { candidates } = this;
    const width = this.names.length;
    const end = b.length;
    field.plain = b[0] !== SPACE && b[end - 1] !== SPACE;
    for (let at = 0; at < end;) {
      let count = 0;
      let blank = true;
      // The line's tuple is begun once the line is known not to be empty.
      let writing: LineWriter | undefined;
      for (let pos = at; ;) {
        const quoted = b[pos] === QUOTE;
        const from = quoted ? pos + 1 : pos;
        const left = count < width ? candidates[count]! : null;
        // A typed column's value of a form is read in the walk that finds its end.
        let to = quoted ? quotedEnd(b, from, end) : left ? formEnd(b, pos, end) : -1;
        let form: Form = Form.Other;
        let value = NaN;
        if (to < 0) to = unquotedEnd(b, pos, end);
        else if (!quoted) {
          field.doubled = false;
          field.high = false;
          form = formed.form;
          value = formed.value;
        }
        const next = quoted ? to + 1 : to;
        if (to > from && (b[from] === SPACE || b[to - 1] === SPACE)) field.plain = false;
        if ((quoted || to > from) && blankRun(b, from, to)) throw new NotAsScanned('blank');
        // What ends the field: a comma, the line's end, the block's end.
        const after = fieldEnd(b, next, end, eol);
        const last = after !== next + 1 || b[next] !== COMMA;
        // An empty line: no row, no tuple.
        if (count === 0 && last && to === pos) {
          at = after;
          break;
        }
        if (count === 0 && tuples) {
          writing = tuples;
          tuples.row();
        }
        if (left) {
          if (form !== Form.Other) {
            // The common case, where it lies.
            blank = false;
            this.seen[count] = true;
            const bit = 1 << form;
            if ((this.fitted[count]! & bit) === 0) {
              const fits = FITS[form];
              if (!allFit(left, fits)) candidates[count] = narrowed(left, fits);
              this.fitted[count]! |= bit;
            }
          } else if (this.take(count, left, b, from, to, quoted, field.high)) blank = false;
          writing?.field(count, b, from, to, form, value, quoted, field.doubled, field.high);
        } else {
          // Not blank unless empty: a field of spaces was refused above.
          if (to > from) blank = false;
          if (writing) {
            if (count >= width || writing.types[count] !== 'STRING') writing.off = true;
            else if (to === from) writing.null();
            else writing.raw(b, from, to, field.doubled);
          }
        }
        count++;
        if (last) {
          if (writing && count !== width) writing.off = true;
          if (!blank) {
            this.rowCount++;
            if (count !== width)
              throw new SourceError(
                `CSV: row ${this.rowCount + 1} has ${count} fields; the header has ${width}`,
              );
          }
          at = after;
          break;
        }
        pos = after;
      }
    }
    return field.plain;
  }
}
