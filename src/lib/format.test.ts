import { describe, expect, it } from 'vitest';
import {
  decimalsOf,
  formatDateTime,
  formatDay,
  formatFixed,
  formatShortDay,
  formatTimeOfDay,
  toDate,
} from './format';

describe('dates', () => {
  it('reads a local date and time as "d MMM yyyy, HH:mm"', () => {
    expect(formatDateTime(new Date(2026, 4, 22, 14, 5))).toBe('22 May 2026, 14:05');
    expect(formatDateTime(new Date(2026, 0, 3, 9, 0))).toBe('3 Jan 2026, 09:00');
    expect(formatDay(new Date(2026, 11, 31, 23, 59))).toBe('31 Dec 2026');
    expect(formatShortDay(new Date(2026, 4, 2, 7, 3).getTime())).toBe('2 May');
    expect(formatTimeOfDay(new Date(2026, 4, 2, 7, 3))).toBe('07:03');
  });

  it('takes ISO strings and epoch milliseconds, and nothing else', () => {
    expect(toDate('2026-05-22T14:05:00')?.getMinutes()).toBe(5);
    expect(toDate(0)?.getTime()).toBe(0);
    expect(toDate('not a date')).toBeUndefined();
    expect(toDate('')).toBeUndefined();
  });

  it('formats a column of numbers with the same decimals', () => {
    expect(decimalsOf([1, 2.5, 3.125, 'x', null])).toBe(3);
    expect(decimalsOf([1, 2, 3])).toBe(0);
    expect(decimalsOf([0.123456789])).toBe(4);
    expect(formatFixed(1234.5, 2)).toBe(
      new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(1234.5),
    );
    expect(formatFixed(2, 0)).toBe('2');
  });
});
