import { describe, expect, it } from 'vitest';
import { PAST_THE_HEAD, csvCases, manyRows } from '../testing/csv-cases';
import { scannedBlocks } from './copy-scan';
import {
  CopiedColumns,
  Eol,
  Form,
  NotAsScanned,
  daysFromCivil,
  formAt,
  type LineWriter,
} from './copy-types';
import { csvColumns, matchers } from './csv';

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

describe('a value’s form, read by its character codes', () => {
  // The edges of each form, and values just past them that the matchers must be asked about.
  const values = [
    ...['0', '+0', '-0', '7', '-7', '+7', '007', '00', '-', '+', '', ' 5', '5 ', '5x'],
    ...['123456789012345', '-123456789012345', '1234567890123456', '9007199254740993'],
    ...['1.5', '-1.5', '+1.5', '12.50', '0.5', '.5', '+.5', '-.', '1.', '1.2.3', '00.5', '1e5'],
    ...['1.5e3', '99999999999999.99', '999999999999999.99', '12345678901234.5', '1.000000001'],
    ...['1.' + '9'.repeat(20), '1.' + '9'.repeat(21), '0.00001', '-0.0', '1,5'],
    ...['2026-01-02', '2026-02-29', '2024-02-29', '2026-13-01', '2026-00-10', '2026-01-00'],
    ...['2026-01-32', '0099-01-01', '0100-01-01', '2026-1-01', '2026-01-1', '2026/01/02'],
    ...['2026-01-02T10:00:00Z', '-2026-01-02', '2026-01-0x', '20260102', '2026-01-02 '],
    ...['1.000000', '1.0000001', '-21.25', '1234567890.123456789', '2024-02-29'],
  ];
  /** What csv.ts's matchers say, and whether the engine writes the number as JavaScript does. */
  const matched = (v: string) => {
    const fits = matchers.filter(([, test]) => test(v)).map(([type]) => type);
    const n = Number(v);
    const plain = n === 0 ? !Object.is(n, -0) : Math.abs(n) >= 1e-4 && Math.abs(n) < 1e15;
    return { fits, plain };
  };
  const expected: Record<Form, { fits: string[]; plain: boolean } | undefined> = {
    [Form.Other]: undefined,
    [Form.Whole]: { fits: ['LONG', 'DOUBLE'], plain: true },
    [Form.Decimal]: { fits: ['DOUBLE'], plain: true },
    [Form.Day]: { fits: ['DATE'], plain: false },
  };

  it.each(values)('%j: the form says what the matchers say, or asks them', (v) => {
    // The value inside a line, as read: its bounds, not a slice.
    const line = `x,${v},y`;
    const form = formAt(Buffer.from(line), 2, 2 + Buffer.byteLength(v));
    const want = expected[form];
    if (!want) return;
    const { fits, plain } = matched(v);
    expect(fits).toEqual(want.fits);
    if (form !== Form.Day) expect(plain).toBe(true);
  });

  it.each(values)('%j: read within its line, the form formAt gives and csv.ts’s number', (v) => {
    const fields: Array<{ form: Form; known: number }> = [];
    const writer: LineWriter = {
      types: ['STRING'],
      off: false,
      row: () => undefined,
      null: () => undefined,
      raw: () => undefined,
      field: (_column, _b, _from, _to, form, known) => void fields.push({ form, known }),
    };
    // The value between a line end and a comma, where the walk that finds its end reads it.
    if (v.includes(',')) return;
    let plain: boolean;
    try {
      plain = new CopiedColumns('a,b').read(Buffer.from(`1,1\n${v},1\n`), Eol.LF, writer);
    } catch (error) {
      if (error instanceof NotAsScanned) return;
      throw error;
    }
    const { form, known } = fields[2]!;
    expect(form).toBe(formAt(Buffer.from(v), 0, Buffer.byteLength(v)));
    if (form === Form.Day)
      expect(known).toBe(daysFromCivil(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10)));
    else if (form !== Form.Other) expect(known).toBe(Number(v));
    // A point and six zeros may be written with an exponent by the engine: not plain.
    if (form !== Form.Other) expect(plain).toBe(!/\.0{6}/.test(v));
  });

  it('knows the forms a column mostly holds without asking', () => {
    const forms = ['7', '-7', '123456789012345', '12.50', '-1.5', '2026-01-02', '2024-02-29'].map(
      (v) => formAt(Buffer.from(v), 0, v.length),
    );
    expect(forms).toEqual([
      Form.Whole,
      Form.Whole,
      Form.Whole,
      Form.Decimal,
      Form.Decimal,
      Form.Day,
      Form.Day,
    ]);
    for (const v of ['-0', '007', '1234567890123456', '0.5', '1e5', '2026-02-29', '0099-01-01'])
      expect(formAt(Buffer.from(v), 0, v.length), v).toBe(Form.Other);
  });
});
