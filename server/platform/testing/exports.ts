// Cells that test a CSV writer: exports/csv.ts's own (csv.test.ts) and the engine's (engine-csv.test.ts).
import type { Cell } from '../datasets/store';

/** Plain for the engine's CSV writer, yet tricky: quoting, doubling, unicode, empty text, nulls. */
export const plainCells: Cell[] = [
  null,
  '',
  'plain',
  'a,b',
  'say "hi"',
  '"',
  '""',
  '\tTab\t',
  'inner space',
  "=SUM(A1)'",
  'naïve – “curly” 😀',
  'back\\slash',
  'NULL',
  '\\N',
  '2026-01-31',
  '2026-01-31T10:00:00Z',
  0,
  -1.5,
  123456789012345,
  0.1 + 0.2,
  1e20,
  0.000001,
  true,
  false,
];
/** The engine would write each of these texts otherwise: a set with one is written by csv.ts. */
export const notPlainCells: Cell[] = [
  'crlf\r\nend',
  ' ',
  'line\nbreak',
  'carriage\rreturn',
  ' leading',
  'trailing ',
  '\uFEFFbom',
  '\\.',
];
