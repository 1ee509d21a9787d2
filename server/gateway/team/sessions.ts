import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** What the gateway's session store runs on: the platform's store, or PostgreSQL (`DATABASE_URL`). */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Who is signed in. `userId` is the embedded platform's user; a real instance's person has none. */
export interface Person {
  name: string;
  email: string;
  userId: number | null;
}

/** A person's own platform credentials; an unset one is not sent. */
export interface PersonTokens {
  developer?: string;
  session?: string;
  access?: string;
}

export interface Session {
  person: Person;
  /** The person's tokens when the session keeps them (the embedded platform mints them per session). */
  tokens: PersonTokens | undefined;
  /** The embedded platform's console session, ended with the gateway's. */
  platformSession: string | null;
}

/** Sessions last at most this long, however active (the platform's session tokens expire with them). */
export const ABSOLUTE_SESSION_MS = 12 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often: a request reads its session, rarely writes it. */
const TOUCH_EVERY_MS = 30_000;

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/** A key only the cookie's holder can derive: the store alone opens no credential. */
const keyOf = (id: string) =>
  Buffer.from(hkdfSync('sha256', id, 'platform-console', 'session credentials', 32));

function seal(id: string, tokens: PersonTokens): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(id), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

function unseal(id: string, text: string): PersonTokens | undefined {
  const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(id), iv);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    return JSON.parse(plain) as PersonTokens;
  } catch {
    return undefined;
  }
}

interface SessionRow {
  person_name: string;
  person_email: string;
  person_user_id: number | null;
  sealed_credentials: string | null;
  platform_session: string | null;
  last_seen_at: Date | string;
  expires_at: Date | string;
}

/**
 * The gateway's sessions, in the store every gateway process shares: a sign-out or an expiry
 * seen by one process holds for all, since each request reads its session from the store.
 */
export class SessionStore {
  constructor(
    private readonly db: SqlClient,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new session with a fresh id (never one the browser brought), and its cookie value. */
  async open(input: {
    person: Person;
    tokens?: PersonTokens;
    platformSession?: string;
  }): Promise<{ id: string; expires: Date }> {
    const id = randomBytes(32).toString('base64url');
    const expires = new Date(this.now() + ABSOLUTE_SESSION_MS);
    await this.db.query(
      `INSERT INTO gateway_sessions (id_hash, person_name, person_email, person_user_id,
         sealed_credentials, platform_session, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
      [
        hashOf(id),
        input.person.name,
        input.person.email,
        input.person.userId,
        input.tokens ? seal(id, input.tokens) : null,
        input.platformSession ?? null,
        new Date(this.now()),
        expires,
      ],
    );
    // Ended sessions are removed here rather than by a timer: a sign-in is rare enough.
    await this.db.query(
      `DELETE FROM gateway_sessions WHERE expires_at <= $1 OR last_seen_at <= $2`,
      [new Date(this.now()), new Date(this.now() - this.idleMs)],
    );
    return { id, expires };
  }

  /**
   * The live session of a cookie value, touched unless `activity` is false (the console's own
   * status poll is no sign that the person is there); undefined when unknown, idle too long or
   * past its end.
   */
  async find(id: string | undefined, { activity = true } = {}): Promise<Session | undefined> {
    if (!id || id.length > 200) return undefined;
    const now = this.now();
    const [row] = await this.db.query<SessionRow>(
      `SELECT person_name, person_email, person_user_id, sealed_credentials, platform_session,
              last_seen_at, expires_at
       FROM gateway_sessions WHERE id_hash = $1`,
      [hashOf(id)],
    );
    if (!row) return undefined;
    const idle = now - new Date(row.last_seen_at).getTime() >= this.idleMs;
    if (idle || new Date(row.expires_at).getTime() <= now) {
      // Gone for good: a process whose clock runs behind must not find it alive again.
      await this.db.query(`DELETE FROM gateway_sessions WHERE id_hash = $1`, [hashOf(id)]);
      return undefined;
    }
    if (activity && now - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS)
      await this.db.query(`UPDATE gateway_sessions SET last_seen_at = $2 WHERE id_hash = $1`, [
        hashOf(id),
        new Date(now),
      ]);
    const tokens = row.sealed_credentials ? unseal(id, row.sealed_credentials) : undefined;
    return {
      person: { name: row.person_name, email: row.person_email, userId: row.person_user_id },
      tokens,
      platformSession: row.platform_session,
    };
  }

  /** Ends the session of a cookie value; answers what it was, so its platform session can end too. */
  async close(id: string | undefined): Promise<{ platformSession: string | null } | undefined> {
    if (!id || id.length > 200) return undefined;
    const [row] = await this.db.query<{ platform_session: string | null }>(
      `DELETE FROM gateway_sessions WHERE id_hash = $1 RETURNING platform_session`,
      [hashOf(id)],
    );
    return row ? { platformSession: row.platform_session } : undefined;
  }
}
