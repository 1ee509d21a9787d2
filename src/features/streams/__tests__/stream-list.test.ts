import { describe, expect, it } from 'vitest';
import { runDuration, scheduleInWords } from '../model/describe-stream';
import { filterStreams } from '../model/stream-list';
import { aRun, aStream } from './streams-platform';

const sales = aStream({ id: 1, name: 'Sales by region', lastExecution: aRun({ state: 'ERROR' }) });
const cities = aStream({ id: 2, name: 'Cities', connector: 'http-csv', lastExecution: null });
const orders = aStream({ id: 3, name: 'Orders', lastExecution: aRun({ state: 'SUCCESS' }) });
const all = [sales, cities, orders];
const ids = (list: { id: number }[]) => list.map((s) => s.id);

describe('filterStreams', () => {
  it('keeps every stream with no filter', () => {
    expect(ids(filterStreams(all, { connector: '', search: '', lastRun: 'all' }))).toEqual([
      1, 2, 3,
    ]);
  });

  it('filters by connector, dataset name (any case) and last run, together', () => {
    expect(ids(filterStreams(all, { connector: 'http-csv', search: '', lastRun: 'all' }))).toEqual([
      2,
    ]);
    expect(ids(filterStreams(all, { connector: '', search: ' SALES ', lastRun: 'all' }))).toEqual([
      1,
    ]);
    expect(ids(filterStreams(all, { connector: '', search: '', lastRun: 'never' }))).toEqual([2]);
    expect(
      ids(filterStreams(all, { connector: 'data-file', search: 'o', lastRun: 'SUCCESS' })),
    ).toEqual([3]);
  });
});

describe('a stream in words', () => {
  it('says its schedule, and the raw text of one it does not know', () => {
    expect(
      scheduleInWords(JSON.stringify({ type: 'INTERVAL', timezone: 'UTC', intervalMinutes: 15 })),
    ).toBe('Every 15 minutes');
    expect(
      scheduleInWords(JSON.stringify({ type: 'DAILY', timezone: 'Europe/Paris', at: '06:30' })),
    ).toBe('Daily at 06:30 (Europe/Paris)');
    expect(scheduleInWords(null)).toBe('Manual: runs only when started');
    expect(scheduleInWords('weekly')).toBe('weekly');
  });

  it('gives a run’s duration, so far while it runs', () => {
    const run = aRun({
      startedAt: '2026-11-25T10:00:00.000Z',
      endedAt: '2026-11-25T10:01:05.000Z',
    });
    expect(runDuration(run)).toBe('1 min 5 s');
    const running = aRun({ state: 'ACTIVE', startedAt: '2026-11-25T10:00:00.000Z', endedAt: null });
    expect(runDuration(running, Date.parse('2026-11-25T10:00:03.000Z'))).toBe('3 s');
  });
});
