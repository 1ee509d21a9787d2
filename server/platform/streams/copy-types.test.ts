import { describe, expect, it } from 'vitest';
import { csvCases, manyRows } from '../testing/csv-cases';
import { copyScan } from './copy-scan';
import { copiedColumns } from './copy-types';
import { csvColumns } from './csv';

/**
 * The copy's read of a text's columns and rows (copy-types.ts) is csv.ts's, on every text the
 * copy scan passes; where it cannot say, it refuses and the copy is left to the other paths.
 */
const shapes: Array<[string, string]> = [
  ...csvCases.map((c): [string, string] => [c.name, c.csv]),
  ['quoted numbers and doubled quotes', 'a,b,c\n"5","say ""hi""",7\n"6","x,y",8\n'],
  ['spaces around values', 'a,b\n 5 , 2026-01-01\n6,2026-01-02 \n'],
  ['a blank row in the middle', 'a,b\n1,2\n,\n3,4\n'],
  ['an empty line in the middle', 'a,b\n1,2\n\n3,4\n'],
  ['a ragged row', 'a,b\n1,2\n3\n'],
  ['a wide row', 'a,b\n1,2\n3,4,5\n'],
  ['a column with no value', 'a,b\n1,\n2,\n'],
  ['a whole number past 2^53', 'a\n9007199254740993\n1\n'],
  ['CRLF line ends', 'a,b\r\n1,x\r\n2,y\r\n'],
  ['a leading zero late', manyRows(1_500, '007,2026-01-01,1')],
  ['days and instants', 'd\n2026-01-01\n2026-01-02T10:00:00Z\n'],
];

const outcome = async <T>(read: () => T | Promise<T>) => {
  try {
    return { value: await read() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('the copy’s read of columns', () => {
  it.each(shapes)('%s: csv.ts’s columns and row count, or a refusal', async (_, csv) => {
    const scan = copyScan(csv);
    if (!scan) return;
    const ours = await outcome(() => {
      const { columns, rowCount } = copiedColumns(csv, scan);
      return { columns, rowCount };
    });
    const theirs = await outcome(() => csvColumns(csv));
    // A refusal sends the text to csv.ts itself: only an answer must be the same.
    if ('value' in ours) expect(ours).toEqual(theirs);
    else if (/^CSV: /.test(ours.error)) expect(ours).toEqual(theirs);
  });

  it('answers for the shapes a stream mostly reads, not refuses', () => {
    for (const csv of ['a,b,c\n"5","say ""hi""",7\n', 'a,b\r\n1,x\r\n2,y\r\n', 'a,b\n1,2\n\n3,4\n'])
      expect(copiedColumns(csv, copyScan(csv)!).rowCount).toBeGreaterThan(0);
    expect(() => copiedColumns('a,b\n1,2\n3\n', copyScan('a,b\n1,2\n3\n')!)).toThrow(
      'CSV: row 3 has 1 fields; the header has 2',
    );
  });
});
