import { describe, expect, it } from 'vitest';
import type { ExportRecord } from '../../../api/contract';
import {
  countByStatus,
  durationFigures,
  inRange,
  newestFirst,
  percentile,
  timeBuckets,
  type DatasetExport,
} from './overview';

const NOW = new Date('2026-11-25T12:30:00').getTime();
const HOUR = 3_600_000;

function anExport(
  status: ExportRecord['exportStatus'],
  startedHoursAgo: number,
  seconds = 10,
): DatasetExport {
  const started = NOW - startedHoursAgo * HOUR;
  return {
    dataset: { id: 'd', name: 'Sales' },
    record: {
      bucket: 'b',
      compression: 'none',
      errorCode: status === 'failed' ? 'EXPORT_FAILED' : '',
      exportFormat: 'csv',
      exportId: `${status}-${startedHoursAgo}`,
      exportStatus: status,
      finished: status === 'running' ? null : new Date(started + seconds * 1000).toISOString(),
      message: '',
      started: new Date(started).toISOString(),
      urlRowCountMap: {},
    },
  };
}

describe('export overview figures', () => {
  it('interpolates percentiles between ranks and has none for no value', () => {
    expect(percentile([], 0.5)).toBeUndefined();
    expect(percentile([5], 0.9)).toBe(5);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1);
  });

  it('counts by status and takes durations of finished exports only', () => {
    const list = [
      anExport('success', 1, 10),
      anExport('success', 2, 30),
      anExport('failed', 3, 20),
      anExport('running', 0.1),
    ];
    expect(countByStatus(list)).toEqual({ running: 1, success: 2, failed: 1, none: 0 });
    expect(durationFigures(list)).toEqual({ count: 3, median: 20_000, p90: 28_000 });
  });

  it('keeps the exports of the period, and a running one whenever it started', () => {
    const list = [anExport('success', 2), anExport('failed', 30), anExport('running', 50)];
    expect(inRange(list, '24h', NOW).map((e) => e.record.exportId)).toEqual([
      'success-2',
      'running-50',
    ]);
    expect(inRange(list, '7d', NOW)).toHaveLength(3);
    expect(newestFirst(list).map((e) => e.record.exportId)).toEqual([
      'success-2',
      'failed-30',
      'running-50',
    ]);
  });

  it('buckets the last day by hour and longer periods by day, oldest first', () => {
    const day = timeBuckets([anExport('success', 0.2), anExport('failed', 3.5)], '24h', NOW);
    expect(day.size).toBe('hour');
    expect(day.starts).toHaveLength(24);
    expect(day.counts.success.at(-1)).toBe(1);
    expect(day.counts.failed.at(-4)).toBe(1);
    expect(day.counts.failed.reduce((a, b) => a + b)).toBe(1);

    const week = timeBuckets([anExport('success', 0.2), anExport('success', 24 * 3)], '7d', NOW);
    expect(week.size).toBe('day');
    expect(week.starts).toHaveLength(7);
    expect(week.counts.success).toEqual([0, 0, 0, 1, 0, 0, 1]);
  });
});
