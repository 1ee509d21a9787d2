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

/** The user a minted token acts as, or undefined (unknown, revoked or expired); marks it used. */
export async function userOfToken(db: Queryable, token: string, kind = 'developer') {
  const [row] = await db.query<{ user_id: number }>(
    `UPDATE access_tokens SET last_used_at = now()
     WHERE token_hash = $1 AND kind = $2 AND revoked_at IS NULL
       AND (expires_at IS NULL OR expires_at > now())
     RETURNING user_id`,
    [hashToken(token), kind],
  );
  return row?.user_id;
}

/** A new token for `userId`: the value is returned once, only its hash is kept. */
export async function mintToken(
  db: Queryable,
  input: { userId: number; name: string; expiresAt?: Date; kind?: string },
) {
  const value = `pct_${randomBytes(24).toString('base64url')}`;
  const [row] = await db.query<AccessTokenRow>(
    `INSERT INTO access_tokens (id, user_id, name, kind, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, user_id, name, kind, created_at, expires_at, last_used_at, revoked_at`,
    [
      randomUUID(),
      input.userId,
      input.name,
      input.kind ?? 'developer',
      hashToken(value),
      input.expiresAt ?? null,
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

/** The user a session token acts as, or undefined. */
export const userOfSession = async (db: Queryable, token: string) =>
  (
    await db.query<{ user_id: number }>(
      'SELECT user_id FROM session_tokens WHERE token_hash = $1',
      [hashToken(token)],
    )
  )[0]?.user_id;
