import { describe, expect, it } from 'vitest';
import { aToken } from '../__tests__/security-platform';
import { filterTokens, tokenStatus } from './token-status';

const now = new Date('2026-11-25T12:00:00.000Z');

describe('tokenStatus', () => {
  it.each([
    [aToken(), 'active'],
    [aToken({ expires: '2026-12-01T00:00:00.000Z' }), 'active'],
    [aToken({ expires: '2026-11-25T11:59:59.000Z' }), 'expired'],
    [
      aToken({ expires: '2026-11-01T00:00:00.000Z', revoked: '2026-10-01T00:00:00.000Z' }),
      'revoked',
    ],
  ])('%j is %s', (token, status) => expect(tokenStatus(token, now)).toBe(status));

  it('filters by status, or not at all', () => {
    const tokens = [aToken(), aToken({ id: 't2', revoked: '2026-10-01T00:00:00.000Z' })];
    expect(filterTokens(tokens, 'revoked', now).map((t) => t.id)).toEqual(['t2']);
    expect(filterTokens(tokens, 'all', now)).toHaveLength(2);
  });
});
