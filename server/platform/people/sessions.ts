import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../core/auth';
import { PlatformError } from '../core/errors';
import { passwordHash } from '../seed/people';
import type { Queryable } from '../store';
import { findUserByEmail } from './repository';

const invalidCredentials = () =>
  new PlatformError(401, 'The email address or password is not right', {
    reason: 'INVALID_CREDENTIALS',
  });

const samePassword = (password: string, storedHash: string) => {
  const given = Buffer.from(passwordHash(password), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/**
 * gaps.md: a session token for the indexed schema (4.8). Only its sha256 is stored, so a copy
 * of the store does not hold usable tokens. Tokens do not expire (spec 5.7: lifetime not shown).
 */
export async function openSession(db: Queryable, emailAddress: string, password: string) {
  const user = await findUserByEmail(db, emailAddress.trim());
  if (!user || !samePassword(password, user.password_hash)) throw invalidCredentials();
  const sessionToken = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO session_tokens (token_hash, user_id) VALUES ($1, $2)', [
    hashToken(sessionToken),
    user.id,
  ]);
  return { sessionToken, userId: user.id };
}
