import { randomBytes, timingSafeEqual } from 'node:crypto';
import { developerTokenHeader, sessionTokenHeader } from '../../config';
import { enforce } from '../access/enforce';
import { actingAs, type Actor } from '../access/principal';
import { decideWorkflowApi, workflowApiGrants } from '../access/security';
import { ADMIN_USER_ID } from '../core/auth';
import { unauthorized } from '../core/errors';
import type { Db } from '../store';
import type { PlatformTokens } from '../types';
import { heldOf } from './grants';
import {
  checkPassword,
  invalidCredentials,
  isSamplePasswordFromAfar,
  samplePasswordRefused,
} from './passwords';
import { findUserByEmail, replacePasswordHash } from './repository';
import { insertSession, userOfSession, userOfToken } from './token-repository';

/** What a request presents to say who it acts as. */
export interface Presented {
  /** The workflow API (/v1): a bearer access token, and the Workflow API grant. */
  workflowApi: boolean;
  /** The indexed schema (4.8): a session token is taken too. */
  sessionAccepted: boolean;
  /** The bearer token of the Authorization header, when it has one. */
  bearer?: string;
  developer?: string;
  session?: string;
}

const sameToken = (given: string | undefined, expected: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A token of a disabled person is refused as soon as it is presented, whatever it is. */
const personDisabled = () => unauthorized('The person of this token is disabled');

/** The acting user of a minted token found, or 401 when their person is disabled. */
const enabledUser = (found: { userId: number; disabled: boolean } | undefined) => {
  if (found?.disabled) throw personDisabled();
  return found?.userId;
};

/**
 * Which user a request acts as (spec 5): the developer token everywhere under /api, a session
 * token too for the indexed schema (4.8; gaps.md), a bearer access token for the workflow API.
 * The configured tokens act as the administrator (who is never disabled, people/security.ts); a
 * minted token as its user, refused with 401 while that person is disabled. Every workflow
 * call needs the Workflow API grant (spec 5.6, 7.4), an app's in-process call as much as a
 * token holder's.
 */
export class AuthenticationService {
  readonly #developerHeader: string;
  readonly #sessionHeader: string;

  constructor(
    private readonly db: Db,
    private readonly tokens: PlatformTokens,
    brand: string,
  ) {
    this.#developerHeader = developerTokenHeader(brand);
    this.#sessionHeader = sessionTokenHeader(brand);
  }

  async #workflowApiAllowed(userId: number) {
    const grants = await heldOf(this.db, userId, workflowApiGrants);
    enforce(
      decideWorkflowApi({ grants }),
      () => unauthorized(),
      (needed) =>
        `The user of this token (user ${userId}) lacks ${needed}: an administrator gives it through a role (Security, Roles, Grants)`,
    );
  }

  async #bearer(token: string | undefined): Promise<number> {
    if (!token)
      throw unauthorized(
        'Missing bearer token: send the header Authorization: Bearer <access token>',
      );
    const userId = sameToken(token, this.tokens.access)
      ? ADMIN_USER_ID
      : enabledUser(await userOfToken(this.db, token, 'access'));
    if (userId === undefined)
      throw unauthorized(
        'Invalid bearer token: it is unknown, revoked or expired; create a new access token under Security, Access Tokens',
      );
    return userId;
  }

  async #session(token: string | undefined): Promise<number | undefined> {
    if (sameToken(token, this.tokens.session)) return ADMIN_USER_ID;
    return token ? enabledUser(await userOfSession(this.db, token)) : undefined;
  }

  /** The acting user of what a request presents, or 401 (403 past the Workflow API grant). */
  async authenticate(presented: Presented): Promise<Actor> {
    if (presented.workflowApi) {
      const userId = await this.#bearer(presented.bearer);
      await this.#workflowApiAllowed(userId);
      return actingAs(userId);
    }
    if (sameToken(presented.developer, this.tokens.developer)) return actingAs(ADMIN_USER_ID);
    const minted = presented.developer
      ? enabledUser(await userOfToken(this.db, presented.developer))
      : undefined;
    if (minted !== undefined) return actingAs(minted);
    if (presented.sessionAccepted) {
      const userId = await this.#session(presented.session);
      if (userId !== undefined) return actingAs(userId);
      throw unauthorized(
        `Missing or invalid ${this.#sessionHeader} or ${this.#developerHeader} header`,
      );
    }
    throw unauthorized(`Missing or invalid ${this.#developerHeader} header`);
  }

  /**
   * A session token for the indexed schema (gaps.md). Only its sha256 is stored, so a copy of
   * the store holds no usable token; it does not expire (spec 5.7 shows no lifetime). A disabled
   * person is refused as wrong credentials are: the answer tells nothing of them. The sample
   * password works from the console's own machine only; a legacy hash is replaced by a scrypt
   * one at the sign-in that proves it.
   */
  async signIn(emailAddress: string, password: string) {
    if (isSamplePasswordFromAfar(password)) throw samplePasswordRefused();
    const user = await findUserByEmail(this.db, emailAddress.trim());
    const check = await checkPassword(user?.password_hash, password);
    if (!check.matches || !user || user.disabled_at !== null) throw invalidCredentials();
    if (check.rehash) await replacePasswordHash(this.db, user.id, user.password_hash, check.rehash);
    const sessionToken = randomBytes(32).toString('base64url');
    await insertSession(this.db, sessionToken, user.id);
    return { sessionToken, userId: user.id };
  }
}
