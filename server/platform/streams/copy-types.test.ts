import { describe, expect, it } from 'vitest';
import { PAST_THE_HEAD, csvCases, manyRows } from '../testing/csv-cases';
import { scannedBlocks } from './copy-scan';
import { NotAsScanned, type CopiedColumns } from './copy-types';
import { csvColumns } from './csv';

/**
 * The copy's read of a text's columns and rows (copy-types.ts), a block at a time, is csv.ts's
 * on every text the copy scan passes; where it cannot say, it refuses and the copy is left to
 * the other paths.
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
  ['a leading zero late', manyRows(PAST_THE_HEAD, '007,2026-01-01,1')],
  ['a ragged row late', manyRows(PAST_THE_HEAD, '1,2')],
  ['days and instants', 'd\n2026-01-01\n2026-01-02T10:00:00Z\n'],
];

/** The copy's read of a whole text, a block at a time; null when the copy scan refuses it. */
async function copiedColumns(csv: string) {
  let read: CopiedColumns | undefined;
  try {
    for await (const block of scannedBlocks(csv)) read = block.read;
  } catch (error) {
    if (error instanceof NotAsScanned) return null;
    throw error;
  }
  return read ? { columns: read.columns(), rowCount: read.rowCount } : null;
}

const outcome = async <T>(read: () => T | Promise<T>) => {
  try {
    return { value: await read() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('the copy’s read of columns', () => {
  it.each(shapes)('%s: csv.ts’s columns and row count, or a refusal', async (_, csv) => {
    const ours = await outcome(() => copiedColumns(csv));
    if ('value' in ours && ours.value === null) return;
    const theirs = await outcome(() => csvColumns(csv));
    // A refusal sends the text to csv.ts itself: only an answer must be the same.
    if ('value' in ours) expect(ours).toEqual(theirs);
    else if (/^CSV: /.test(ours.error)) expect(ours).toEqual(theirs);
  });

  it('answers for the shapes a stream mostly reads, not refuses', async () => {
    for (const csv of [
      'a,b,c\n"5","say ""hi""",7\n',
      'a,b\r\n1,x\r\n2,y\r\n',
      'a,b\n1,2\n\n3,4\n',
      manyRows(PAST_THE_HEAD, '007,2026-01-01,1'),
    ])
      expect((await copiedColumns(csv))!.rowCount).toBeGreaterThan(0);
    await expect(copiedColumns('a,b\n1,2\n3\n')).rejects.toThrow(
      'CSV: row 3 has 1 fields; the header has 2',
    );
    await expect(copiedColumns(manyRows(PAST_THE_HEAD, '1,2'))).rejects.toThrow(
      `CSV: row ${PAST_THE_HEAD + 2} has 2 fields; the header has 3`,
    );
  });
});
