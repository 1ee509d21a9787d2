import { createHash } from 'node:crypto';

/** The user behind the configured tokens: the seeded administrator. */
export const ADMIN_USER_ID = 1;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
