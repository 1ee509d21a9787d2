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
function twoDigits(text: string, at: number) {
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  return isDigit(a) && isDigit(b) ? (a - DIGIT_0) * 10 + b - DIGIT_0 : -1;
}

/** Whether every candidate left is one of `fits` (a loop: no closure made per value). */
function allFit(left: typeof matchers, fits: readonly ColumnType[]) {
  for (const [type] of left) if (!fits.includes(type)) return false;
  return true;
}

/** A value's form where csv.ts's matchers need not be asked (formAt). */
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

/**
 * The form of the value text[from, to), read by its character codes where it lies (no slice,
 * no regular expression): the forms most columns hold are known at once, for what csv.ts's
 * matchers and `plainNumber` would say of them; anything else, edges and spaces included, is
 * Other (copy-types.test.ts checks each form against the matchers).
 */
export function formAt(text: string, from: number, to: number): Form {
  let at = from;
  const first = text.charCodeAt(at);
  const negative = first === 45;
  if (negative || first === 43) at++;
  let digits = 0;
  while (at < to && isDigit(text.charCodeAt(at))) {
    at++;
    digits++;
  }
  const leadingZero = digits > 0 && text.charCodeAt(at - digits) === DIGIT_0;
  if (at === to) {
    if (digits === 0 || digits > 15 || (leadingZero && digits > 1)) return Form.Other;
    return leadingZero && negative ? Form.Other : Form.Whole;
  }
  const next = text.charCodeAt(at);
  if (next === 46) {
    // Decimal: 1..14 digits before the point, the first not 0, so that 1 <= |n| < 1e15.
    if (digits === 0 || digits > 14 || leadingZero) return Form.Other;
    let fraction = 0;
    for (at++; at < to && isDigit(text.charCodeAt(at)); at++) fraction++;
    return at === to && fraction > 0 && fraction <= 20 ? Form.Decimal : Form.Other;
  }
  if (next === 45 && digits === 4 && at === from + 4 && to === from + 10) {
    if (text.charCodeAt(from + 7) !== 45) return Form.Other;
    const m = twoDigits(text, from + 5);
    const d = twoDigits(text, from + 8);
    if (m < 0 || d < 0) return Form.Other;
    const y = twoDigits(text, from) * 100 + twoDigits(text, from + 2);
    return isCalendarDay(y, m, d) ? Form.Day : Form.Other;
  }
  return Form.Other;
}

/** Not the text csv.ts reads as the scan says: the copy path leaves it to the others. */
export class NotAsScanned extends Error {}

/**
 * csv.ts's columns and row count (csvColumns) of a text the copy scan passes (copy-scan.ts),
 * read a block of lines at a time without making its cells: each column's candidates (csv.ts's
 * `matchers`, narrowest first) tested on its trimmed values only while some are left (a value
 * of a common form, `formAt`, without asking them), blank rows skipped as papaparse's `greedy` does, a ragged row refused with csv.ts's message. The copy
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
  /** Rows read (blank ones skipped). */
  rowCount = 0;

  /** Refuses (NotAsScanned) a header csv.ts would not read as its first line. */
  constructor(header: string) {
    const fields = fieldsOf(header);
    if (!fields || fields.join('').trim() === '') throw new NotAsScanned('header');
    this.names = headerNames(fields);
    this.candidates = this.names.map(() => matchers);
    this.seen = this.names.map(() => false);
    this.plain = this.names.map(() => true);
    this.negativeZero = this.names.map(() => false);
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

  /** Reads the whole lines of `text` (the last maybe without its line end `eol`). */
  read(text: string, eol: string) {
    const { candidates, seen, plain } = this;
    const width = this.names.length;
    const end = text.length;
    // Field bounds are found in the text itself; only a value a column still tests is cut out.
    for (let at = 0; at < end;) {
      let lineEnd = text.indexOf(eol, at);
      if (lineEnd < 0) lineEnd = end;
      let count = 0;
      let blank = true;
      for (let pos = at; ;) {
        let from = pos;
        let to: number;
        let next: number;
        let quoted = false;
        if (text.charCodeAt(pos) === 34) {
          let close = pos + 1;
          for (;;) {
            close = text.indexOf('"', close);
            if (close < 0 || close >= lineEnd) throw new NotAsScanned('quote');
            if (text.charCodeAt(close + 1) === 34) close += 2;
            else break;
          }
          from = pos + 1;
          to = close;
          next = close + 1;
          quoted = true;
          if (next !== lineEnd && text.charCodeAt(next) !== 44) throw new NotAsScanned('quote');
        } else {
          next = text.indexOf(',', pos);
          if (next < 0 || next > lineEnd) next = lineEnd;
          to = next;
        }
        const left = count < width ? candidates[count] : null;
        const form = left && !quoted ? formAt(text, from, to) : Form.Other;
        if (left && form !== Form.Other) {
          blank = false;
          seen[count] = true;
          const fits = FITS[form];
          if (!allFit(left, fits)) {
            const kept = left.filter(([type]) => fits.includes(type));
            candidates[count] = kept.length ? kept : null;
          }
          // Whole numbers and decimals of these forms are written alike; a day leaves no number.
        } else if (left || blank) {
          let v = text.slice(from, to);
          if (quoted) v = v.replaceAll('""', '"');
          else if (v.indexOf('"') >= 0) throw new NotAsScanned('quote');
          v = v.trim();
          if (v !== '') {
            blank = false;
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
          }
        }
        count++;
        if (next === lineEnd) break;
        pos = next + 1;
      }
      if (!blank) {
        this.rowCount++;
        if (count !== width)
          throw new SourceError(
            `CSV: row ${this.rowCount + 1} has ${count} fields; the header has ${width}`,
          );
      }
      at = lineEnd + eol.length;
    }
  }
}
