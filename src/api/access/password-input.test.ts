import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { passwordRefusal } from './password-input';

const answer = (status: number, body: Record<string, string>) =>
  ApiError.fromResponse({ status, statusText: '' }, body, 'PUT /api/access/v1/users/7/password');

describe('passwordRefusal', () => {
  it('puts a wrong current password, and the sample one from afar, beside "Current password"', () => {
    expect(
      passwordRefusal(
        answer(401, {
          message: 'currentPassword is not your password now',
          reason: 'INVALID_CREDENTIALS',
        }),
      ),
    ).toEqual({ field: 'currentPassword', message: 'This is not your password now' });
    expect(
      passwordRefusal(
        answer(401, { message: 'This is the sample password…', reason: 'SAMPLE_PASSWORD' }),
      ),
    ).toEqual({ field: 'currentPassword', message: 'This is the sample password…' });
  });

  it('puts a rule the new password breaks beside "New password", as a sentence', () => {
    expect(passwordRefusal(answer(400, { message: 'password: at least 12 characters' }))).toEqual({
      field: 'password',
      message: 'At least 12 characters',
    });
  });

  it('leaves an ended session, a refusal of the caller and other fields to the dialog', () => {
    expect(
      passwordRefusal(
        answer(401, { message: 'Your session has ended: sign in again', signIn: '/sign-in' }),
      ),
    ).toBeUndefined();
    expect(
      passwordRefusal(
        answer(403, { message: "You need the Admin role to set another user's password" }),
      ),
    ).toBeUndefined();
    expect(passwordRefusal(answer(400, { message: 'currentPassword: too long' }))).toBeUndefined();
    expect(passwordRefusal(new Error('offline'))).toBeUndefined();
  });
});
