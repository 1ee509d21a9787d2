import { describe, expect, it } from 'vitest';
import { columnValueMisfit, isCalendarDay } from './column-values';

/** What a JS Date reads back: the rule the stream's engine and the console's editor follow. */
const readBack = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

describe('isCalendarDay', () => {
  it('agrees with a Date read back, leap years and years before 100 included', () => {
    const years = [
      0, 1, 4, 99, 100, 104, 1600, 1700, 1899, 1900, 1999, 2000, 2024, 2025, 2100, 9999,
    ];
    for (const y of years)
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++)
          expect(isCalendarDay(y, m, d), `${y}-${m}-${d}`).toBe(readBack(y, m, d));
  });

  it('takes the days a calendar has, and no other', () => {
    expect(isCalendarDay(2024, 2, 29)).toBe(true);
    expect(isCalendarDay(2026, 2, 29)).toBe(false);
    expect(isCalendarDay(1900, 2, 29)).toBe(false);
    expect(isCalendarDay(2000, 2, 29)).toBe(true);
    expect(isCalendarDay(2026, 4, 31)).toBe(false);
    expect(isCalendarDay(2026, 12, 31)).toBe(true);
    expect(isCalendarDay(2026.5, 1, 1)).toBe(false);
    expect(isCalendarDay(Number.NaN, 1, 1)).toBe(false);
  });

  it('is what a DATE column of a collection accepts', () => {
    expect(columnValueMisfit('DATE', '2026-02-28')).toBeUndefined();
    expect(columnValueMisfit('DATE', '2026-02-30')).toBe('a date as YYYY-MM-DD');
    expect(columnValueMisfit('DATETIME', '2024-02-29T23:59:59Z')).toBeUndefined();
    expect(columnValueMisfit('DATETIME', '2023-02-29T00:00:00Z')).toBe(
      'a date and time as YYYY-MM-DDTHH:MM:SSZ',
    );
  });
});
