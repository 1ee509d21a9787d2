import { describe, expect, it } from 'vitest';
import type { RunLogEntry, RunStep } from '../../../api/contract';
import { stepDuration, withLog } from '../lib/live-run';
import { aRun } from './fake-platform';

const line = (seq: number, step: string, message: string): RunLogEntry => ({
  seq,
  at: `2026-11-25T09:00:0${seq}.000Z`,
  level: 'INFO',
  step,
  message,
});
const aStep = (id: string, overrides: Partial<RunStep> = {}): RunStep => ({
  id,
  name: id,
  type: 'wait',
  status: 'PENDING',
  startedAt: null,
  finishedAt: null,
  error: null,
  ...overrides,
});

describe('withLog', () => {
  const queued = aRun({
    status: 'QUEUED',
    finishedAt: null,
    steps: [aStep('wait1'), aStep('notify1')],
  });

  it('shows a run and its step as started once the log says so', () => {
    const live = withLog(queued, [
      line(1, '', 'Run started (workflow version 1, 2 steps)'),
      line(2, 'wait1', 'Step wait1 started (wait: Wait)'),
    ]);
    expect(live.status).toBe('IN_PROGRESS');
    expect(live.steps!.map((s) => s.status)).toEqual(['IN_PROGRESS', 'PENDING']);
    expect(live.steps![0]!.startedAt).toBe('2026-11-25T09:00:02.000Z');
  });

  it('shows a step the log says completed as completed', () => {
    const live = withLog(queued, [
      line(1, 'wait1', 'Step wait1 started (wait: Wait)'),
      line(3, 'wait1', 'Step wait1 completed in 2 s'),
    ]);
    expect(live.steps![0]).toMatchObject({
      status: 'COMPLETED',
      finishedAt: '2026-11-25T09:00:03.000Z',
    });
  });

  it('leaves an ended run as the platform says', () => {
    const ended = aRun({ status: 'FAILED', steps: [aStep('wait1', { status: 'FAILED' })] });
    expect(withLog(ended, [line(1, 'wait1', 'Step wait1 completed in 1 s')])).toBe(ended);
  });
});

describe('stepDuration', () => {
  it('gives the recorded figure, the one the log line gives', () => {
    const step = aStep('a', {
      status: 'COMPLETED',
      startedAt: '2026-11-25T09:00:00.000Z',
      finishedAt: '2026-11-25T09:00:03.000Z',
      durationMs: 1234,
    });
    expect(stepDuration(step)).toBe('1.2 s');
  });

  it('counts a running step to now, and a pending one not at all', () => {
    const now = Date.parse('2026-11-25T09:00:05.000Z');
    const running = aStep('a', { status: 'IN_PROGRESS', startedAt: '2026-11-25T09:00:00.000Z' });
    expect(stepDuration(running, now)).toBe('5 s');
    expect(stepDuration(aStep('b'), now)).toBeUndefined();
  });
});
