import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../datasets/store';
import { csvField, csvLines } from './csv';
import { notPlainCells, plainCells } from '../testing/exports';

/** Every cell a CSV writer may get wrong. */
const tricky: Cell[] = [...plainCells, ...notPlainCells, 1e21, 1e-7];

describe('CSV fields of an export', () => {
  it.each(tricky.map((cell) => [JSON.stringify(cell), cell]))(
    'writes %s as papaparse does',
    (_, cell) => {
      expect(csvField(cell)).toBe(Papa.unparse([[cell]], { newline: '\r\n' }));
    },
  );

  it('writes whole lines as papaparse does, in the chosen column order', () => {
    const rows: Cell[][] = [tricky, [...tricky].reverse(), tricky.map(() => null)];
    const indexes = [3, 0, 25, 9, 12, 4, 20];
    const picked = rows.map((r) => indexes.map((i) => r[i] ?? null));
    expect(csvLines(rows, indexes)).toBe(
      Papa.unparse(picked, { newline: '\r\n', header: false }) + '\r\n',
    );
  });

  it('spells out the quoting rules', () => {
    expect(csvLines([['a "b"', 'c,d', ' e', 'f', null, 2.5, true]], [0, 1, 2, 3, 4, 5, 6])).toBe(
      '"a ""b""","c,d"," e",f,,2.5,true\r\n',
    );
    expect(csvLines([['x\r\ny']], [0])).toBe('"x\r\ny"\r\n');
    expect(csvLines([[]], [0, 1])).toBe(',\r\n');
  });
});
