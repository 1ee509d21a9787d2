import { describe, expect, it } from 'vitest';
import { anAccessToken } from '../../test/data';
import { accessToken, createAccessTokenBody, createdAccessToken, datasetAccess } from './access';

const token = anAccessToken({ id: 'a1' });

describe('access contract', () => {
  it('a listed token never carries its value; a created one does', () => {
    expect(accessToken.parse({ ...token, token: 'pct_x' })).not.toHaveProperty('token');
    expect(createdAccessToken.parse({ ...token, token: 'pct_x' }).token).toBe('pct_x');
  });

  it('a create body defaults to a developer token for the caller', () => {
    expect(createAccessTokenBody.parse({ name: ' ci ' })).toEqual({
      name: 'ci',
      kind: 'developer',
    });
    expect(createAccessTokenBody.safeParse({ name: 'ci', kind: 'session' }).success).toBe(false);
    expect(createAccessTokenBody.safeParse({ name: 'ci', expiresInDays: 0 }).success).toBe(false);
  });

  it('reads what the caller may do with a dataset', () => {
    const refused = { allowed: false, status: 403, needed: 'CAN_EDIT' };
    const answer = {
      level: 'CAN_SHARE',
      operations: {
        read: { allowed: true },
        share: { allowed: true },
        edit: refused,
        manage: refused,
      },
      sharing: {
        grantable: ['CAN_SHARE'],
        removeOthers: { allowed: false, status: 403, needed: 'CO_OWNER' },
        changeOwn: { allowed: false, status: 403, needed: 'OWNER' },
      },
    };
    const parsed = datasetAccess.parse(answer);
    expect(parsed.operations.edit.needed).toBe('CAN_EDIT');
    expect(parsed.sharing.grantable).toEqual(['CAN_SHARE']);
    expect(datasetAccess.parse({ ...answer, level: null }).level).toBeNull();
  });
});
