import { describe, expect, it } from 'vitest';
import type { WorkflowInput } from '../../../api/contract';
import { filterLog, logText } from '../lib/log-text';
import { inputFormSchema, initialValues, toRunInput } from '../lib/run-input';
import { selectRuns, type RunQuery } from '../lib/runs';
import { aLogEntry, aRun } from './fake-platform';

const now = Date.parse('2026-11-25T12:00:00.000Z');

describe('selectRuns', () => {
  const runs = [
    aRun({
      id: 'new',
      status: 'FAILED',
      startedAt: '2026-11-25T11:30:00.000Z',
      finishedAt: '2026-11-25T11:31:00.000Z',
    }),
    aRun({
      id: 'running',
      status: 'IN_PROGRESS',
      startedAt: '2026-11-25T11:00:00.000Z',
      finishedAt: null,
    }),
    aRun({
      id: 'old',
      status: 'COMPLETED',
      startedAt: '2026-11-20T11:00:00.000Z',
      finishedAt: '2026-11-20T11:00:05.000Z',
    }),
  ];
  const ids = (q: Parameters<typeof selectRuns>[1]) => selectRuns(runs, q, now).map((r) => r.id);
  const query: RunQuery = { statuses: [], range: 'all', sort: 'started', direction: 'desc' };

  it('filters by several statuses and by start time', () => {
    expect(ids({ ...query, statuses: ['FAILED', 'COMPLETED'] })).toEqual(['new', 'old']);
    expect(ids({ ...query, range: '24h' })).toEqual(['new', 'running']);
    expect(
      ids({
        ...query,
        range: 'custom',
        from: Date.parse('2026-11-25T10:00:00.000Z'),
        to: Date.parse('2026-11-25T11:30:00.000Z'),
      }),
    ).toEqual(['running']);
  });

  it('sorts by duration (a running run counts until now) and by status', () => {
    expect(ids({ ...query, sort: 'duration' })).toEqual(['running', 'new', 'old']);
    expect(ids({ ...query, sort: 'status', direction: 'asc' })).toEqual(['running', 'old', 'new']);
  });
});

describe('the run log as text', () => {
  it('is one line per entry, and the search looks at level, step and message', () => {
    const entries = [aLogEntry(1, 'started'), { ...aLogEntry(2, 'boom'), level: 'ERROR' as const }];
    expect(logText(entries)).toBe(
      '2026-11-25T09:00:01.000Z INFO  [check] started\n2026-11-25T09:00:01.000Z ERROR [check] boom\n',
    );
    expect(filterLog(entries, 'error').map((e) => e.seq)).toEqual([2]);
    expect(filterLog(entries, '  ')).toHaveLength(2);
  });
});

describe('the run input', () => {
  const inputs: WorkflowInput[] = [
    { name: 'n', type: 'number', required: true },
    { name: 's', type: 'string', default: 'hello' },
    { name: 'b', type: 'boolean' },
    { name: 'j', type: 'json' },
  ];
  it('starts at the defaults or a previous run’s input, and sends typed values', () => {
    expect(initialValues(inputs)).toEqual({ n: '', s: 'hello', b: false, j: '' });
    expect(initialValues(inputs, { n: 3, j: { a: 1 } })).toMatchObject({
      n: '3',
      j: '{\n  "a": 1\n}',
    });
    expect(inputFormSchema(inputs).safeParse({ n: '', s: '', b: false, j: '' }).success).toBe(
      false,
    );
    expect(toRunInput(inputs, { n: '2.5', s: '', b: true, j: '[1]' })).toEqual({
      n: 2.5,
      b: true,
      j: [1],
    });
  });
});
