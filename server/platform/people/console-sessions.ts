import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CONSOLE_SESSION_LIST_LIMIT,
  type ConsoleSessionRefusal,
  type createConsoleSessionBody,
} from '../../../src/api/contract/access';
import type { Actor } from '../access/principal';
import { enforce } from '../access/enforce';
import {
  consoleSessionListFilter,
  decideConsoleSessions,
  enforceSecurity,
  type ConsoleSessionAsk,
  type SecurityOperation,
} from '../access/security';
import { created, recordEvent } from '../audit/record';
import { notFound, PlatformError } from '../core/errors';
import type { Db, Queryable } from '../store';
import {
  checkPassword,
  invalidCredentials,
  isSamplePasswordFromAfar,
  samplePasswordRefused,
} from './passwords';
import type { Principals } from './principals';
import { findUserByEmail, lockUserByEmail, replacePasswordHash, type UserRow } from './repository';
import type { InputOnceAllowed } from './security';
import {
  consoleSessionOwner,
  consoleSessionsInForce,
  endConsoleSession,
  mintToken,
  type ConsoleSessionRow,
} from './token-repository';

/** How long a console session's tokens act: a working day, then the person signs in again. */
export const CONSOLE_SESSION_MS = 12 * 3_600_000;
/** The name of both tokens, as the Security screen's token list shows them. */
export const CONSOLE_SESSION_TOKEN_NAME = 'Console session';

type NewConsoleSession = z.output<typeof createConsoleSessionBody>;

/** A person signed in to the console: their two tokens, answered this once. */
export interface ConsoleSession {
  id: string;
  user: UserRow;
  developerToken: string;
  accessToken: string;
  expires: Date;
}

const refusal = (status: 401 | 403, reason: ConsoleSessionRefusal['reason'], message: string) =>
  new PlatformError(status, message, { reason });

/**
 * Why `user` (the email's, if any) may not sign in this way, or undefined when they may;
 * `passwordRight`: the password given is `user`'s.
 */
function refusalOf(user: UserRow | undefined, input: NewConsoleSession, passwordRight: boolean) {
  if (input.method === 'password') {
    if (isSamplePasswordFromAfar(input.password ?? '')) return samplePasswordRefused();
    if (!passwordRight) return invalidCredentials();
  } else if (!user) {
    return refusal(401, 'UNKNOWN_PERSON', `No platform user has the email ${input.emailAddress}`);
  }
  if (user && user.disabled_at !== null)
    return refusal(
      403,
      'PERSON_DISABLED',
      'This person is disabled: an administrator enables them under Security, Users',
    );
  return undefined;
}

/**
 * The console's team mode: the gateway, with its configured token (an Admin's), signs a person in
 * with their password or as its OpenID Connect provider verified them, and acts for that person
 * with the two tokens minted here, never with its own. Every sign-in, refusal and sign-out is in
 * the activity log as the person (a refusal for an email nobody has, as the platform), never
 * with the password.
 */
export class ConsoleSessionService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
  ) {}

  async #allowed(actor: Actor, operation: SecurityOperation) {
    enforceSecurity(await this.principals.of(actor), operation);
  }

  async #sessionsAllowed(
    actor: Actor,
    ask: ConsoleSessionAsk,
    hidden = () => notFound('Not found'),
  ) {
    const principal = await this.principals.of(actor);
    const { decision, words } = decideConsoleSessions(principal, ask);
    enforce(decision, hidden, (needed) => `You need ${needed} to ${words}`);
    return principal;
  }

  /** A new session of the person the email names, or 401/403 with its `reason`, recorded. */
  async create(actor: Actor, input: InputOnceAllowed<NewConsoleSession>): Promise<ConsoleSession> {
    await this.#allowed(actor, 'sign-in-people');
    const ask = await input();
    // Checked before the transaction: scrypt's work holds neither the row nor the connection.
    const proven = await this.#passwordProven(ask);
    // The person's row is locked, so a sign-in and their disabling run one after the other.
    const outcome = await this.db.transaction(async (tx) => {
      const user = await lockUserByEmail(tx, ask.emailAddress);
      // Right only while the hash it was checked against is still the person's.
      const passwordRight =
        proven !== undefined &&
        user?.id === proven.user.id &&
        user.password_hash === proven.user.password_hash;
      const refused = refusalOf(user, ask, passwordRight);
      if (refused) {
        await recordEvent(
          tx,
          user?.id ?? null,
          'user.sign-in-refused',
          {
            type: 'user',
            id: user ? String(user.id) : '',
            name: user?.display_name ?? ask.emailAddress,
          },
          created({
            emailAddress: ask.emailAddress,
            method: ask.method,
            reason: refused.extra.reason,
          }),
        );
        return { refused };
      }
      if (proven?.rehash)
        await replacePasswordHash(tx, user!.id, user!.password_hash, proven.rehash);
      return { session: await this.#open(tx, user!, ask.method) };
    });
    if (outcome.refused) throw outcome.refused;
    return outcome.session;
  }

  /**
   * The person whose password `ask` gives, and the scrypt hash that replaces their legacy one;
   * undefined for a wrong password, an unknown email (checked against a stand-in all the same)
   * and the sample password from afar (refused whatever it matches).
   */
  async #passwordProven(ask: NewConsoleSession) {
    if (ask.method !== 'password' || isSamplePasswordFromAfar(ask.password ?? '')) return undefined;
    const user = await findUserByEmail(this.db, ask.emailAddress);
    const check = await checkPassword(user?.password_hash, ask.password ?? '');
    return check.matches && user ? { user, rehash: check.rehash } : undefined;
  }

  async #open(tx: Queryable, user: UserRow, method: string): Promise<ConsoleSession> {
    const id = randomUUID();
    const expires = new Date(Date.now() + CONSOLE_SESSION_MS);
    const token = (kind: 'developer' | 'access') =>
      mintToken(tx, {
        userId: user.id,
        name: CONSOLE_SESSION_TOKEN_NAME,
        kind,
        expiresAt: expires,
        sessionId: id,
      });
    const developer = await token('developer');
    const access = await token('access');
    await recordEvent(
      tx,
      user.id,
      'user.signed-in',
      { type: 'user', id: String(user.id), name: user.display_name },
      created({ method }),
    );
    return { id, user, developerToken: developer.value, accessToken: access.value, expires };
  }

  /**
   * The sessions in force, most recently used first (at most CONSOLE_SESSION_LIST_LIMIT): an
   * Admin's ask, everyone's or `userId`'s; anyone else's, their own.
   */
  async list(actor: Actor, filter: { userId?: number }): Promise<ConsoleSessionRow[]> {
    const principal = await this.#sessionsAllowed(actor, { op: 'list', userId: filter.userId });
    const userId = consoleSessionListFilter(principal, filter.userId);
    return consoleSessionsInForce(this.db, userId, CONSOLE_SESSION_LIST_LIMIT);
  }

  /**
   * Ends a session: both its tokens answer 401 from now on, so the person's console asks them to
   * sign in again. Unknown, ended, or another person's to whom is not an Admin: 404.
   */
  async end(actor: Actor, id: string): Promise<void> {
    const missing = () => notFound(`No console session ${id} in force`);
    const ownerId = await consoleSessionOwner(this.db, id);
    await this.#sessionsAllowed(actor, { op: 'end', ownerId }, missing);
    await this.db.transaction(async (tx) => {
      const person = await endConsoleSession(tx, id);
      if (!person) throw missing();
      await recordEvent(tx, person.userId, 'user.signed-out', {
        type: 'user',
        id: String(person.userId),
        name: person.displayName,
      });
    });
  }
}
