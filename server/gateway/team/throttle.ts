import type { SqlClient } from './sessions';

/** How many failures a key may have in a window before it is refused for a while. */
export interface ThrottleRule {
  /** `account:` (an email) or `client:` (an address). */
  prefix: 'account' | 'client';
  failures: number;
}

/**
 * An account is refused after 5 failures, a client address after 20 (an office behind one
 * address has many people); each failure before that is answered a little later.
 */
export const THROTTLE_RULES: readonly ThrottleRule[] = [
  { prefix: 'account', failures: 5 },
  { prefix: 'client', failures: 20 },
];
/** Failures count within this window, and a refusal lasts this long. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Added before answering a failure, per failure so far, up to SLOW_MAX_MS. */
const SLOW_STEP_MS = 250;
const SLOW_MAX_MS = 2_000;

export interface Refused {
  until: Date;
  prefix: ThrottleRule['prefix'];
}

interface FailureRow {
  key: string;
  failures: number;
  locked_until: Date | string | null;
}

/**
 * Failed sign-ins, per account and per client address, in the store every gateway process
 * shares: guessing through several processes counts as much as through one.
 */
export class SignInThrottle {
  constructor(
    private readonly db: SqlClient,
    private readonly now: () => number = Date.now,
  ) {}

  #keys(email: string, client: string | undefined) {
    return THROTTLE_RULES.flatMap((rule) => {
      const value = rule.prefix === 'account' ? email.trim().toLowerCase() : client;
      return value ? [{ rule, key: `${rule.prefix}:${value}` }] : [];
    });
  }

  /** The refusal in force for this account or address, if any. */
  async refused(email: string, client: string | undefined): Promise<Refused | undefined> {
    const keys = this.#keys(email, client);
    const rows = await this.db.query<FailureRow>(
      `SELECT key, failures, locked_until FROM gateway_sign_in_failures WHERE key = ANY($1::text[])`,
      [keys.map((k) => k.key)],
    );
    const now = this.now();
    for (const row of rows) {
      const until = row.locked_until === null ? undefined : new Date(row.locked_until);
      if (until && until.getTime() > now) {
        const rule = keys.find((k) => k.key === row.key)!.rule;
        return { until, prefix: rule.prefix };
      }
    }
    return undefined;
  }

  /** Counts a failure on both keys; answers how long to wait before answering it. */
  async failed(email: string, client: string | undefined): Promise<number> {
    const now = new Date(this.now());
    const windowStart = new Date(this.now() - THROTTLE_WINDOW_MS);
    const lockUntil = new Date(this.now() + THROTTLE_WINDOW_MS);
    let most = 0;
    for (const { rule, key } of this.#keys(email, client)) {
      // One statement per key: two processes counting at once both count.
      const [row] = await this.db.query<{ failures: number }>(
        `INSERT INTO gateway_sign_in_failures AS f (key, failures, first_at, locked_until)
         VALUES ($1, 1, $2, CASE WHEN 1 >= $5 THEN $4::timestamptz END)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN f.first_at <= $3 THEN 1 ELSE f.failures + 1 END,
           first_at = CASE WHEN f.first_at <= $3 THEN $2 ELSE f.first_at END,
           locked_until = CASE
             WHEN (CASE WHEN f.first_at <= $3 THEN 1 ELSE f.failures + 1 END) >= $5 THEN $4::timestamptz
             ELSE f.locked_until END
         RETURNING failures`,
        [key, now, windowStart, lockUntil, rule.failures],
      );
      most = Math.max(most, row?.failures ?? 0);
    }
    return Math.min(most * SLOW_STEP_MS, SLOW_MAX_MS);
  }

  /** A right password clears the account's count (not the address's: guessing others goes on counting). */
  async succeeded(email: string): Promise<void> {
    await this.db.query(`DELETE FROM gateway_sign_in_failures WHERE key = $1`, [
      `account:${email.trim().toLowerCase()}`,
    ]);
  }
}
