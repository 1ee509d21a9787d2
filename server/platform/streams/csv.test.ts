import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { SourceError } from './table';

describe('CSV to a table', () => {
  it('takes columns from the header and infers each type from every value', async () => {
    const table = await parseCsv(
      '\uFEFFid,price,day,at,label,zip,mixed\n' +
        '1,2.5,2026-11-21,2026-11-21T10:00:00Z,a,01234,1\n' +
        '-2,3,2026-02-28,2026-11-21 10:00,"b, quoted",75001,x\n' +
        '3,,2026-12-31,2026-11-21T10:00:00.123+01:00,,10115,2.5\n',
    );
    expect(table.columns).toEqual([
      { name: 'id', type: 'LONG' },
      { name: 'price', type: 'DOUBLE' },
      { name: 'day', type: 'DATE' },
      { name: 'at', type: 'DATETIME' },
      { name: 'label', type: 'STRING' },
      { name: 'zip', type: 'STRING' },
      { name: 'mixed', type: 'STRING' },
    ]);
    expect(table.rows[1]).toEqual([
      -2,
      3,
      '2026-02-28',
      '2026-11-21 10:00',
      'b, quoted',
      '75001',
      'x',
    ]);
    expect(table.rows[2]![1]).toBeNull();
    expect(table.rows[2]![4]).toBeNull();
  });

  it('names blank and repeated headers, skips blank lines, and keeps a header-only file', async () => {
    const table = await parseCsv('a,,a\n\n1,2,3\n\n');
    expect(table.columns.map((c) => c.name)).toEqual(['a', 'Column 2', 'a (2)']);
    expect(table.rows).toEqual([[1, 2, 3]]);
    expect(await parseCsv('x,y\n')).toEqual({
      columns: [
        { name: 'x', type: 'STRING' },
        { name: 'y', type: 'STRING' },
      ],
      rows: [],
    });
  });

  it('does not take impossible dates or unsafe integers for what they are not', async () => {
    const table = await parseCsv('d,n\n2026-02-30,9007199254740993\n');
    expect(table.columns.map((c) => c.type)).toEqual(['STRING', 'DOUBLE']);
  });

  it('fails with a clear message on an empty file, a ragged row or an open quote', async () => {
    await expect(parseCsv('')).rejects.toThrow(SourceError);
    await expect(parseCsv('')).rejects.toThrow(/empty/);
    await expect(parseCsv('a,b\n1,2\n3\n')).rejects.toThrow(
      'CSV: row 3 has 1 fields; the header has 2',
    );
    await expect(parseCsv('a,b\n"1,2\n')).rejects.toThrow(/^CSV: /);
  });

  it('reads a large CSV in pieces: quoted lines across pieces stay whole, other work goes on', async () => {
    const lines = ['id,note,amount'];
    for (let i = 0; i < 40_000; i++)
      lines.push(`${i},"line one of ${i},\nline ""two"" of ${i}",${i}.5`);
    const text = lines.join('\r\n');
    expect(text.length).toBeGreaterThan(4 * 256 * 1024);
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    const table = await parseCsv(text);
    clearInterval(timer);
    expect(table.columns.map((c) => c.type)).toEqual(['LONG', 'STRING', 'DOUBLE']);
    expect(table.rows).toHaveLength(40_000);
    expect(table.rows[12_345]).toEqual([
      12_345,
      'line one of 12345,\nline "two" of 12345',
      12_345.5,
    ]);
    expect(table.rows.every((row, i) => row[0] === i)).toBe(true);
    // Parsed in one go, no timer could have run before the table was ready.
    expect(turns).toBeGreaterThan(3);
  });
});
