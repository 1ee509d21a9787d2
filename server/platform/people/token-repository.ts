import { randomBytes, randomUUID } from 'node:crypto';
import { hashToken } from '../core/auth';
import type { Queryable } from '../store';

export interface AccessTokenRow {
  id: string;
  user_id: number;
  name: string;
  kind: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Who a token acts as, and whether that person is disabled (their tokens are then refused). */
export interface TokenUser {
  userId: number;
  disabled: boolean;
}

/** The user a minted token acts as, or undefined (unknown, revoked or expired); marks it used. */
export async function userOfToken(
  db: Queryable,
  token: string,
  kind = 'developer',
): Promise<TokenUser | undefined> {
  const [row] = await db.query<{ user_id: number; disabled: boolean }>(
    `UPDATE access_tokens t SET last_used_at = now() FROM users u
     WHERE t.token_hash = $1 AND t.kind = $2 AND t.revoked_at IS NULL
       AND (t.expires_at IS NULL OR t.expires_at > now()) AND u.id = t.user_id
     RETURNING t.user_id, u.disabled_at IS NOT NULL AS disabled`,
    [hashToken(token), kind],
  );
  return row && { userId: row.user_id, disabled: row.disabled };
}

/** A new token for `userId`: the value is returned once, only its hash is kept. */
export async function mintToken(
  db: Queryable,
  input: { userId: number; name: string; expiresAt?: Date; kind?: string; sessionId?: string },
) {
  const value = `pct_${randomBytes(24).toString('base64url')}`;
  const [row] = await db.query<AccessTokenRow>(
    `INSERT INTO access_tokens (id, user_id, name, kind, token_hash, expires_at, session_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, user_id, name, kind, created_at, expires_at, last_used_at, revoked_at`,
    [
      randomUUID(),
      input.userId,
      input.name,
      input.kind ?? 'developer',
      hashToken(value),
      input.expiresAt ?? null,
      input.sessionId ?? null,
    ],
  );
  return { row: row!, value };
}

const COLUMNS = 'id, user_id, name, kind, created_at, expires_at, last_used_at, revoked_at';

/** The newest `limit` tokens of `filter.userId` (everyone's when left out) of `filter.kind`. */
export const listTokens = (
  db: Queryable,
  filter: { userId?: number; kind?: string },
  limit: number,
) =>
  db.query<AccessTokenRow>(
    `SELECT ${COLUMNS} FROM access_tokens
     WHERE ($1::int IS NULL OR user_id = $1) AND ($2::text IS NULL OR kind = $2)
     ORDER BY created_at DESC, id LIMIT $3`,
    [filter.userId ?? null, filter.kind ?? null, limit],
  );

export async function getToken(db: Queryable, id: string) {
  const [row] = await db.query<AccessTokenRow>(
    `SELECT ${COLUMNS} FROM access_tokens WHERE id = $1`,
    [id],
  );
  return row;
}

export async function revokeToken(db: Queryable, id: string) {
  const rows = await db.query<{ id: string }>(
    `UPDATE access_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/** A session token of the indexed schema: only its hash is kept. */
export const insertSession = (db: Queryable, token: string, userId: number) =>
  db.query('INSERT INTO session_tokens (token_hash, user_id) VALUES ($1, $2)', [
    hashToken(token),
    userId,
  ]);

/** The user a session token acts as (and whether they are disabled), or undefined. */
export async function userOfSession(db: Queryable, token: string): Promise<TokenUser | undefined> {
  const [row] = await db.query<{ user_id: number; disabled: boolean }>(
    `SELECT s.user_id, u.disabled_at IS NOT NULL AS disabled
     FROM session_tokens s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`,
    [hashToken(token)],
  );
  return row && { userId: row.user_id, disabled: row.disabled };
}

/** Revokes every token of the user still in force (a disabled person's); how many. */
export const revokeTokensOfUser = async (db: Queryable, userId: number) =>
  (
    await db.query(
      `UPDATE access_tokens SET revoked_at = now()
       WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [userId],
    )
  ).length;

/** Revokes the user's console-session tokens still in force (their role changed); how many. */
export const revokeConsoleSessionsOfUser = async (db: Queryable, userId: number) =>
  (
    await db.query(
      `UPDATE access_tokens SET revoked_at = now()
       WHERE user_id = $1 AND session_id IS NOT NULL AND revoked_at IS NULL RETURNING id`,
      [userId],
    )
  ).length;

/**
 * Ends a console session: revokes its tokens still in force, answering whose they were; none
 * when the session is unknown, signed out, or past its expiry.
 */
export async function endConsoleSession(db: Queryable, sessionId: string) {
  const [row] = await db.query<{ user_id: number; display_name: string }>(
    `UPDATE access_tokens t SET revoked_at = now() FROM users u
     WHERE t.session_id = $1 AND t.revoked_at IS NULL
       AND (t.expires_at IS NULL OR t.expires_at > now()) AND u.id = t.user_id
     RETURNING t.user_id, u.display_name`,
    [sessionId],
  );
  return row && { userId: row.user_id, displayName: row.display_name };
}

export interface ConsoleSessionRow {
  session_id: string;
  user_id: number;
  display_name: string;
  signed_in: Date;
  expires: Date;
  last_used: Date | null;
}

/**
 * The console sessions in force (a token of theirs neither revoked nor expired), one person's or
 * everyone's, most recently used first: a session is its tokens, which share its id.
 */
export const consoleSessionsInForce = (db: Queryable, userId: number | undefined, limit: number) =>
  db.query<ConsoleSessionRow>(
    `SELECT t.session_id, t.user_id, u.display_name, min(t.created_at) AS signed_in,
            max(t.expires_at) AS expires, max(t.last_used_at) AS last_used
     FROM access_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.session_id IS NOT NULL AND t.revoked_at IS NULL
       AND (t.expires_at IS NULL OR t.expires_at > now())
       AND ($1::integer IS NULL OR t.user_id = $1)
     GROUP BY t.session_id, t.user_id, u.display_name
     ORDER BY max(t.last_used_at) DESC NULLS LAST, min(t.created_at) DESC, t.session_id
     LIMIT $2`,
    [userId ?? null, limit],
  );

/** Whose console session in force `sessionId` is; undefined when unknown or ended. */
export async function consoleSessionOwner(db: Queryable, sessionId: string) {
  const [row] = await db.query<{ user_id: number }>(
    `SELECT user_id FROM access_tokens
     WHERE session_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
     LIMIT 1`,
    [sessionId],
  );
  return row?.user_id;
}

/** Deletes the user's session tokens of the indexed schema (a disabled person's). */
export const deleteSessionsOfUser = (db: Queryable, userId: number) =>
  db.query('DELETE FROM session_tokens WHERE user_id = $1', [userId]);
