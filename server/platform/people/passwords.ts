import { auditRequest, isSystemWork } from '../audit/context';
import { PlatformError } from '../core/errors';
import { SAMPLE_PASSWORD } from '../seed/people';

export { checkPassword, hashPassword, type PasswordCheck } from './password-hash';

/** The addresses of the machine itself, as a connection or the gateway's header names them. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request being served comes from the console's own machine: the client address the
 * activity log records (the gateway's signed `x-forwarded-for`, else the connection's) is
 * loopback. Work the platform started itself, with no request, runs on this machine too.
 */
export function fromThisMachine() {
  if (isSystemWork()) return true;
  const { clientAddress } = auditRequest();
  return clientAddress !== null && LOOPBACK.has(clientAddress);
}

/**
 * The README publishes the sample password: it works only from the console's own machine, where
 * the operator signs in once to set real passwords. Elsewhere it is refused for every email, so
 * the refusal tells nothing of who still has it.
 */
export const isSamplePasswordFromAfar = (password: string) =>
  password === SAMPLE_PASSWORD && !fromThisMachine();

/** 401 at a sign-in; 403 to a caller already signed in, whose session stays good. */
export const samplePasswordRefused = (status: 401 | 403 = 401) =>
  new PlatformError(
    status,
    'This is the sample password, which works only from the console’s own machine: an administrator sets a real one under Security, Users',
    { reason: 'SAMPLE_PASSWORD' },
  );

/**
 * What a new password breaks beyond its length (the body's schema checks that), as the words
 * after `password: `; undefined when it may be the person's.
 */
export function newPasswordProblem(password: string, emailAddress: string) {
  if (password === SAMPLE_PASSWORD)
    return 'not the sample password, which the README publishes: choose another';
  if (password.trim().toLowerCase() === emailAddress.trim().toLowerCase())
    return 'not the person’s email address: choose another';
  return undefined;
}

/**
 * A person proving who they are with the password they have now, and getting it wrong: 403, not
 * 401, since the caller's own credentials are good (the gateway ends a session on a 401).
 */
export const wrongCurrentPassword = () =>
  new PlatformError(403, 'currentPassword is not your password now', {
    reason: 'INVALID_CREDENTIALS',
  });

/** One answer for a wrong email and a wrong password: it does not tell which emails exist. */
export const invalidCredentials = () =>
  new PlatformError(401, 'The email address or password is not right', {
    reason: 'INVALID_CREDENTIALS',
  });
