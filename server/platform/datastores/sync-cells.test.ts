import { describe, expect, it } from 'vitest';
import { SyncValueError, toCell, toRow } from './sync-cells';

describe('sync cells (gaps.md: one column per schema column, by type)', () => {
  it('makes text of anything for STRING', () => {
    const column = { name: 's', type: 'STRING' } as const;
    expect(toCell(column, 'a')).toBe('a');
    expect(toCell(column, 5)).toBe('5');
    expect(toCell(column, { x: 1 })).toBe('{"x":1}');
  });

  it('coerces numbers and numeric text for LONG, DECIMAL and DOUBLE', () => {
    expect(toCell({ name: 'n', type: 'LONG' }, '42')).toBe(42);
    expect(toCell({ name: 'n', type: 'DECIMAL' }, 1.5)).toBe(1.5);
    expect(toCell({ name: 'n', type: 'DOUBLE' }, '2.5e3')).toBe(2500);
    expect(() => toCell({ name: 'n', type: 'LONG' }, 1.5)).toThrow('expected a whole number');
    expect(() => toCell({ name: 'n', type: 'DOUBLE' }, 'many')).toThrow(SyncValueError);
    expect(() => toCell({ name: 'n', type: 'DECIMAL' }, true)).toThrow('cannot hold true');
  });

  it('keeps DATE as YYYY-MM-DD and DATETIME as YYYY-MM-DDTHH:MM:SSZ, refusing anything else', () => {
    expect(toCell({ name: 'd', type: 'DATE' }, '2026-02-28')).toBe('2026-02-28');
    expect(toCell({ name: 't', type: 'DATETIME' }, '2026-02-28T23:59:59Z')).toBe(
      '2026-02-28T23:59:59Z',
    );
    for (const bad of ['2026/02/28', '2026-02-30', '28-02-2026', 20260228])
      expect(() => toCell({ name: 'd', type: 'DATE' }, bad)).toThrow(
        'expected a date as YYYY-MM-DD',
      );
    for (const bad of [
      '2026-02-28T23:59:59.000Z',
      '2026-02-28 23:59:59Z',
      '2026-02-28T24:00:00Z',
      '2026-02-28',
    ])
      expect(() => toCell({ name: 't', type: 'DATETIME' }, bad)).toThrow('YYYY-MM-DDTHH:MM:SSZ');
  });

  it('makes missing and null values null', () => {
    expect(toCell({ name: 'd', type: 'DATE' }, undefined)).toBeNull();
    expect(toCell({ name: 'n', type: 'LONG' }, null)).toBeNull();
  });

  it('names the document, the column and the value when a row cannot be made', () => {
    const columns = [
      { name: 'a', type: 'LONG' },
      { name: 'day', type: 'DATE' },
    ] as const;
    expect(toRow([...columns], 'doc-1', { a: 1 })).toEqual([1, null]);
    expect(() => toRow([...columns], 'doc-9', { day: '31/01/2026' })).toThrow(
      'document doc-9: column day (DATE) cannot hold "31/01/2026": expected a date as YYYY-MM-DD',
    );
  });
});
