import { z } from 'zod';
import { newPassword, PASSWORD_MAX_LENGTH } from '../contract/access';
import { isApiError } from '../errors';

const typedTwiceAlike = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
const notAlike = { path: ['confirmPassword'], message: 'The two passwords do not match' };

/** An Admin sets a user's password: the new one (the contract's bounds), typed twice. */
export const setPasswordInput = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine(typedTwiceAlike, notAlike);
export type SetPasswordInput = z.infer<typeof setPasswordInput>;

/** A person changes their own: the password they have now, then the new one typed twice. */
export const changePasswordInput = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Enter the password you have now')
      .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(typedTwiceAlike, notAlike);
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export type PasswordField = 'password' | 'currentPassword';

/** Form messages start with a capital, whoever wrote them (the contract writes `at least …`). */
export const asSentence = (message: string | undefined) =>
  message ? message.charAt(0).toUpperCase() + message.slice(1) : message;

/**
 * Where the platform's refusal of a password change belongs on the form, in words for it; undefined
 * when it is about no field (a 403, a 404, the platform down: the dialog shows it whole). A wrong
 * current password is a 403 with reason `INVALID_CREDENTIALS`.
 */
export function passwordRefusal(
  error: unknown,
): { field: PasswordField; message: string } | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 400) {
    const rule = /^password: (.+)$/s.exec(error.message)?.[1];
    return rule ? { field: 'password', message: asSentence(rule)! } : undefined;
  }
  // A refused proof names its reason; a 401 that names the sign-in page is the session's, not this form's.
  if (error.signIn !== undefined) return undefined;
  if (error.reason === 'INVALID_CREDENTIALS')
    return { field: 'currentPassword', message: 'This is not your password now' };
  // The published sample password proves nothing from another machine; the platform says so.
  if (error.reason === 'SAMPLE_PASSWORD')
    return { field: 'currentPassword', message: error.message };
  return undefined;
}
