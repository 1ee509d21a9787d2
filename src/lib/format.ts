import { isValid, parseISO } from 'date-fns';

/**
 * The console's one number and date formatter: every screen formats through these, so that a
 * count, a size or a time reads the same everywhere (locale-aware grouping, even decimals).
 */
const integers = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const percents = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** 12345 → "12,345". */
export const formatCount = (n: number) => integers.format(n);

/** Any number: integers grouped, others with at most two decimals. */
export const formatNumber = (n: number) =>
  Number.isInteger(n) ? integers.format(n) : decimals.format(n);

const fixed = new Map<number, Intl.NumberFormat>();
/** A number with exactly `digits` decimals, grouped: a column of them lines up (1,234.50). */
export function formatFixed(n: number, digits: number): string {
  const d = Math.max(0, Math.min(6, Math.trunc(digits)));
  let f = fixed.get(d);
  if (!f) {
    f = new Intl.NumberFormat(undefined, { minimumFractionDigits: d, maximumFractionDigits: d });
    fixed.set(d, f);
  }
  return f.format(n);
}

/** How many decimals a column of numbers needs to show each (at most `max`): 1.5, 2.25 → 2. */
export function decimalsOf(values: Iterable<unknown>, max = 4): number {
  let most = 0;
  for (const v of values) {
    if (typeof v !== 'number' || Number.isInteger(v) || !Number.isFinite(v)) continue;
    const text = String(v);
    const dot = text.indexOf('.');
    const e = text.indexOf('e');
    const digits = dot < 0 ? max : (e < 0 ? text.length : e) - dot - 1;
    most = Math.max(most, Math.min(max, digits));
  }
  return most;
}

/** 0.256 → "25.6%". */
export const formatPercent = (ratio: number) => percents.format(ratio);

/** "1 row", "2,000 rows". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

const byteUnits = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB" (powers of 1024, as file managers count). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${formatCount(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 10 ? formatCount(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '')} ${byteUnits[unit]}`;
}

/** 950 → "950 ms", 61_000 → "1 min 1 s", 3_725_000 → "1 h 2 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60)
    return `${seconds < 10 ? seconds.toFixed(1).replace(/\.0$/, '') : Math.round(seconds)} s`;
  const totalSeconds = Math.round(seconds);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (h > 0) return m ? `${h} h ${m} min` : `${h} h`;
  return s ? `${m} min ${s} s` : `${m} min`;
}

/** An ISO 8601 string or epoch milliseconds as a Date, or undefined when it is not a time. */
export function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date =
    value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(date) ? date : undefined;
}

// Written out rather than date-fns `format`, whose token parser and locale would weigh ~7 kB gz
// on the first page for a few fixed patterns.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "22 May 2026". */
export const formatDay = (date: Date) =>
  `${date.getDate()} ${months[date.getMonth()]} ${String(date.getFullYear()).padStart(4, '0')}`;

/** "22 May 2026, 14:05": a short local date and time; with `seconds`, "22 May 2026, 14:05:09". */
export const formatDateTime = (date: Date, { seconds = false }: { seconds?: boolean } = {}) =>
  `${formatDay(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}${
    seconds ? `:${twoDigits(date.getSeconds())}` : ''
  }`;

// "3 minutes ago": in its own module, so that date-fns' distance rules and English locale load
// with the screen that uses it, not with the shared chunk of this one (the first page's).
export { formatRelative } from './format-relative';

/** What a screen says while its live read is refused and it polls instead (use-live-read.ts). */
export const livePausedNote = (everyMs: number) =>
  `live updates paused, refreshing every ${formatNumber(everyMs / 1000)} s`;

/** "14:05": a time of day (chart axes of the last day). */
export const formatTimeOfDay = (date: Date | number) => {
  const d = new Date(date);
  return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
};

/** "22 May": a day of this year (chart axes of days). */
export const formatShortDay = (date: Date | number) => {
  const d = new Date(date);
  return `${d.getDate()} ${months[d.getMonth()]}`;
};

/** "14:05:09": a time of day to the second (log lines). */
export const formatClockTime = (date: Date | number) => {
  const d = new Date(date);
  return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}:${twoDigits(d.getSeconds())}`;
};
