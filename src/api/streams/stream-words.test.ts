import { describe, expect, it } from 'vitest';
import type { StreamExecution } from '../contract';
import { runProgressInWords } from './stream-words';

const running = (rowsRead?: number): StreamExecution => ({
  id: 9,
  streamId: 7,
  state: 'ACTIVE',
  runType: 'MANUAL',
  runNumber: 3,
  startedAt: '2026-11-25T09:00:00.000Z',
  endedAt: null,
  rowsInserted: 0,
  ...(rowsRead === undefined ? {} : { rowsRead }),
  partitionId: null,
  errorMessage: null,
});

describe('runProgressInWords', () => {
  const now = Date.parse('2026-11-25T09:00:14.000Z');
  it('says the source is being read, and for how long', () => {
    expect(runProgressInWords(running(), now)).toBe('reading the source · 14 s so far');
  });
  it('says how many rows were read once the platform has read them', () => {
    expect(runProgressInWords(running(12_000), now)).toBe(
      '12,000 rows read, loading them into the dataset · 14 s so far',
    );
  });
});
