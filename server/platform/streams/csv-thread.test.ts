import { describe, expect, it, vi } from 'vitest';
import * as csv from './csv';
import type { Cell } from '../datasets/store';
import { INLINE_CSV_CHARS, readCsvPieces } from './csv-thread';
import { SourceError, type SourceTable } from './table';

// The parse this thread would run, counted (the CSV thread loads its own copy of csv.ts).
vi.mock('./csv', async (original) => {
  const actual = await original<typeof import('./csv')>();
  return { ...actual, parseCsv: vi.fn(actual.parseCsv) };
});

/** The whole table, its pieces taken one after another. */
async function readCsv(text: string): Promise<SourceTable> {
  const read = await readCsvPieces(text);
  try {
    const rows: Cell[][] = [];
    for await (const piece of read.pieces) for (const row of piece) rows.push(row);
    return { columns: read.columns, rows };
  } finally {
    read.close();
  }
}

/** A CSV of `rows` rows: numbers, quoted text across lines, days and instants. */
function largeCsv(rows: number) {
  const lines = ['id,note,day,at,amount'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `${i},"note ${i}, ""quoted""\nsecond line",2026-${String((i % 12) + 1).padStart(2, '0')}-28,2026-11-21T10:00:${String(i % 60).padStart(2, '0')}Z,${i}.25`,
    );
  return lines.join('\n');
}

/**
 * A stream run's CSV is parsed and typed on a thread of its own once it is large, so
 * that the platform's event loop answers its readers meanwhile; its table is the one the loop
 * itself would have read.
 */
describe('reading a large CSV on a thread of its own', () => {
  it('gives the table the event loop would have read, without parsing it there', async () => {
    const text = largeCsv(10_000);
    expect(text.length).toBeGreaterThan(INLINE_CSV_CHARS);
    const expected = await csv.parseCsv(text);
    vi.mocked(csv.parseCsv).mockClear();
    const table = await readCsv(text);
    expect(csv.parseCsv).not.toHaveBeenCalled();
    expect(table.columns).toEqual(expected.columns);
    expect(table.columns.map((c) => c.type)).toEqual([
      'LONG',
      'STRING',
      'DATE',
      'DATETIME',
      'DOUBLE',
    ]);
    expect(table.rows).toHaveLength(10_000);
    expect(table.rows).toEqual(expected.rows);
  });

  it('reads a small CSV where it is asked', async () => {
    vi.mocked(csv.parseCsv).mockClear();
    expect((await readCsv('a\n1\n')).rows).toEqual([[1]]);
    expect(csv.parseCsv).toHaveBeenCalledTimes(1);
  });

  it('fails as the event loop’s parse fails: a SourceError with the same message', async () => {
    const ragged = `${largeCsv(5_000)}\n1,2\n`;
    const reason = await csv.parseCsv(ragged).catch((error: Error) => error);
    expect(reason).toBeInstanceOf(SourceError);
    await expect(readCsv(ragged)).rejects.toThrow(SourceError);
    await expect(readCsv(ragged)).rejects.toThrow((reason as Error).message);
    // Several at once each get their own table.
    const [a, b] = await Promise.all([readCsv(largeCsv(3_000)), readCsv(largeCsv(4_000))]);
    expect([a.rows.length, b.rows.length]).toEqual([3_000, 4_000]);
  });

  it('hands a large CSV over a piece at a time, and a reading closed early gives nothing more', async () => {
    const text = largeCsv(7_000);
    const read = await readCsvPieces(text);
    expect(read.rowCount).toBe(7_000);
    const sizes: number[] = [];
    for await (const piece of read.pieces) {
      sizes.push(piece.length);
      if (sizes.length === 2) break;
    }
    expect(sizes).toEqual([2_000, 2_000]);
    const closed = await readCsvPieces(text);
    closed.close();
    const after: unknown[] = [];
    for await (const piece of closed.pieces) after.push(piece);
    expect(after).toEqual([]);
  });
});
