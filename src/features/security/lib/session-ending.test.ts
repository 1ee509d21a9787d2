import { describe, expect, it } from 'vitest';
import type { ConsoleSession } from '../../../api/contract';
import { endSessionLabel, sessionPlace } from './session-ending';

const session = (id: string, userId: number): ConsoleSession => ({
  id,
  user: { id: userId, displayName: userId === 1 ? 'Ada Admin' : 'Ben Privileged' },
  signedIn: '2026-11-02T09:00:00.000Z',
  expires: '2026-11-02T19:00:00.000Z',
  lastUsed: null,
});

describe('sessionPlace', () => {
  const seen = { thisSessionId: 'here', meId: 1 };

  it('tells this browser’s session from the person’s others and from someone else’s', () => {
    expect(sessionPlace(session('here', 1), seen)).toBe('this-browser');
    expect(sessionPlace(session('there', 1), seen)).toBe('yours-elsewhere');
    expect(sessionPlace(session('there', 2), seen)).toBe('someone-else');
  });

  it('marks no session as this browser’s when the browser has none (one operator)', () => {
    const operator = { thisSessionId: undefined, meId: 1 };
    expect(sessionPlace(session('there', 1), operator)).toBe('yours-elsewhere');
  });
});

describe('endSessionLabel', () => {
  it('names the person, and this browser when it is', () => {
    expect(endSessionLabel(session('x', 2), 'someone-else')).toBe('End session of Ben Privileged');
    expect(endSessionLabel(session('x', 1), 'this-browser')).toBe(
      'End session of Ada Admin in this browser',
    );
  });
});
