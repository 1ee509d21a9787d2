import type { z } from 'zod';
import type {
  AccessTokenListParams,
  createAccessTokenBody,
  setRoleGrantsBody,
  setUserDisabledBody,
  setUserPasswordBody,
  setUserRoleBody,
} from '../../../src/api/contract';
import { enforce } from '../access/enforce';
import type { Actor, Principal } from '../access/principal';
import {
  decidePassword,
  enforceSecurity,
  decideTokens,
  disableUserConflict,
  fixedGrantsConflict,
  isEnabledAdmin,
  lastAdminConflict,
  leavesAdminRole,
  passwordWords,
  tokenListFilter,
  type SecurityOperation,
  type TokenAsk,
} from '../access/security';
import { created, recordEvent } from '../audit/record';
import { ADMIN_USER_ID } from '../core/auth';
import { badRequest, conflict, notFound, PlatformError } from '../core/errors';
import type { Db } from '../store';
import { forgetGrants } from './grant-cache';
import {
  checkPassword,
  hashPassword,
  isSamplePasswordFromAfar,
  newPasswordProblem,
  samplePasswordRefused,
  wrongCurrentPassword,
} from './passwords';
import type { Principals } from './principals';
import {
  getUser,
  lockEnabledMembersOf,
  lockUser,
  setPasswordHash,
  setUserDisabled,
  setUserRole,
  usersByName,
} from './repository';
import {
  listRoles,
  lockRole,
  replaceRoleGrants,
  roleExists,
  roleGrants,
  type RoleRow,
} from './security-repository';
import {
  deleteSessionsOfUser,
  getToken,
  listTokens,
  mintToken,
  revokeConsoleSessionsOfUser,
  revokeToken,
  revokeTokensOfUser,
  type AccessTokenRow,
} from './token-repository';
import { withAccess, type UserAccess } from './user-access';

/** The most users the Security screen lists, and the most tokens one list answers. */
export const SECURITY_USERS_LIMIT = 1000;
export const TOKEN_LIST_LIMIT = 1000;
const DAY_MS = 86_400_000;

/** A body read once the decision allows the change: a refused caller hears 403 whatever he sends. */
export type InputOnceAllowed<T> = () => Promise<T>;

export type NewToken = z.output<typeof createAccessTokenBody>;
type NewRole = z.output<typeof setUserRoleBody>;
type NewGrants = z.output<typeof setRoleGrantsBody>;
type NewDisabled = z.output<typeof setUserDisabledBody>;
type NewPassword = z.output<typeof setUserPasswordBody>;

const numericId = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : -1);

/**
 * The Security screen: users with their roles, groups and grants, roles and what they grant,
 * and access tokens (access/security.ts decides who may do what). A change of role or grants
 * forgets this process's grants once it commits (grant-cache.ts): the next check sees it on
 * PostgreSQL too, without waiting for the database's NOTIFY.
 */
export class SecurityService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
  ) {}

  async #allowed(actor: Actor, operation: SecurityOperation) {
    enforceSecurity(await this.principals.of(actor), operation);
  }

  async #tokensAllowed(actor: Actor, ask: TokenAsk, hidden?: () => PlatformError) {
    const principal = await this.principals.of(actor);
    const { decision, words } = decideTokens(principal, ask);
    enforce(
      decision,
      hidden ?? (() => notFound('Not found')),
      (needed) => `You need ${needed} to ${words}`,
    );
    return principal;
  }

  async #userAccess(userId: number): Promise<UserAccess | undefined> {
    const user = await getUser(this.db, userId);
    return user && (await withAccess(this.db, [user]))[0];
  }

  /** Every user (at most SECURITY_USERS_LIMIT) with their role, groups and grants. */
  async users(actor: Actor): Promise<UserAccess[]> {
    await this.#allowed(actor, 'list-users');
    return withAccess(this.db, await usersByName(this.db, SECURITY_USERS_LIMIT));
  }

  /** The roles, what each grants and how many hold it: every user reads them. */
  async roles(_actor: Actor): Promise<RoleRow[]> {
    return listRoles(this.db);
  }

  /**
   * Gives the user `role`; the last enabled Admin keeps theirs (409). A new role ends the user's
   * console sessions, so that they sign in again with that role's rights.
   */
  async setUserRole(
    actor: Actor,
    userIdText: string,
    input: InputOnceAllowed<NewRole>,
  ): Promise<UserAccess> {
    await this.#allowed(actor, 'change-role');
    const { role } = await input();
    const userId = numericId(userIdText);
    await this.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw notFound(`No user ${userIdText}`);
      if (!(await roleExists(tx, role))) throw badRequest(`role: no role "${role}"`);
      if (leavesAdminRole(user.role, role)) {
        // Every member of the role is locked, so two Admins demoting each other cannot both pass.
        const enabledAdmins = (await lockEnabledMembersOf(tx, user.role)).length;
        const last = user.disabled_at === null && lastAdminConflict(enabledAdmins);
        if (last) throw conflict(last);
      }
      await setUserRole(tx, userId, role);
      if (user.role !== role) {
        await revokeConsoleSessionsOfUser(tx, userId);
        await recordEvent(
          tx,
          actor.userId,
          'user.role-changed',
          { type: 'user', id: String(userId), name: user.display_name },
          { role: [user.role, role] },
        );
      }
    });
    forgetGrants(this.db);
    return (await this.#userAccess(userId))!;
  }

  /**
   * Disables a person: every token of theirs is revoked and their session tokens deleted, so each
   * answers 401 at once, and they sign in nowhere. Enabled again, they sign in anew (no token
   * comes back). Nobody disables themselves, the configured tokens' user, or the last enabled
   * Admin (409).
   */
  async setUserDisabled(
    actor: Actor,
    userIdText: string,
    input: InputOnceAllowed<NewDisabled>,
  ): Promise<UserAccess> {
    await this.#allowed(actor, 'disable-user');
    const { disabled } = await input();
    const userId = numericId(userIdText);
    await this.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw notFound(`No user ${userIdText}`);
      const was = user.disabled_at !== null;
      if (disabled) {
        // Every Admin is locked, so two Admins disabling each other cannot both pass.
        const enabledAdmins = isEnabledAdmin({ role: user.role, disabled: was })
          ? (await lockEnabledMembersOf(tx, user.role)).length
          : undefined;
        const refused = disableUserConflict({
          self: userId === actor.userId,
          configuredTokensUser: userId === ADMIN_USER_ID,
          enabledAdmins,
        });
        if (refused) throw conflict(refused);
        await revokeTokensOfUser(tx, userId);
        await deleteSessionsOfUser(tx, userId);
      }
      await setUserDisabled(tx, userId, disabled);
      if (was !== disabled)
        await recordEvent(
          tx,
          actor.userId,
          disabled ? 'user.disabled' : 'user.enabled',
          { type: 'user', id: String(userId), name: user.display_name },
          { disabled: [was, disabled] },
        );
    });
    return (await this.#userAccess(userId))!;
  }

  /**
   * Sets a person's password (a salted scrypt hash): an Admin anyone's, a person their own once
   * `currentPassword` proves it (401 otherwise; the sample password only from the console's own
   * machine). Every console session and session token of theirs ends, their own included: a
   * sign-in made with the former password ends with it.
   */
  async setPassword(
    actor: Actor,
    userIdText: string,
    input: InputOnceAllowed<NewPassword>,
  ): Promise<void> {
    const userId = numericId(userIdText);
    const { decision, needsCurrent } = decidePassword(await this.principals.of(actor), userId);
    enforce(
      decision,
      () => notFound('Not found'),
      (needed) => `You need ${needed} to ${passwordWords}`,
    );
    const { password, currentPassword = '' } = await input();
    const user = await getUser(this.db, userId);
    if (!user) throw notFound(`No user ${userIdText}`);
    if (needsCurrent) {
      if (isSamplePasswordFromAfar(currentPassword)) throw samplePasswordRefused(403);
      if (!(await checkPassword(user.password_hash, currentPassword)).matches)
        throw wrongCurrentPassword();
    }
    const problem = newPasswordProblem(password, user.email_address);
    if (problem) throw badRequest(`password: ${problem}`);
    // Hashed before the transaction: scrypt's work holds neither the row nor the connection.
    const hash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, userId);
      if (!locked) throw notFound(`No user ${userIdText}`);
      // A change made since the current password was checked wins: that one is no longer theirs.
      if (needsCurrent && locked.password_hash !== user.password_hash) throw wrongCurrentPassword();
      await setPasswordHash(tx, userId, hash);
      await revokeConsoleSessionsOfUser(tx, userId);
      await deleteSessionsOfUser(tx, userId);
      await recordEvent(tx, actor.userId, 'user.password-changed', {
        type: 'user',
        id: String(userId),
        name: locked.display_name,
      });
    });
  }

  /** Sets what `roleName` grants; the Admin role's grants are fixed (409). */
  async setRoleGrants(
    actor: Actor,
    roleName: string,
    input: InputOnceAllowed<NewGrants>,
  ): Promise<RoleRow> {
    await this.#allowed(actor, 'change-grants');
    const { grants } = await input();
    const role = await this.db.transaction(async (tx) => {
      if (!(await lockRole(tx, roleName))) throw notFound(`No role "${roleName}"`);
      const fixed = fixedGrantsConflict(roleName);
      if (fixed) throw conflict(fixed);
      const before = await roleGrants(tx, roleName);
      const after = [...new Set(grants)].sort();
      if (before.join('\n') !== after.join('\n'))
        await recordEvent(
          tx,
          actor.userId,
          'role.grants-changed',
          { type: 'role', id: roleName, name: roleName },
          { grants: [before, after] },
        );
      await replaceRoleGrants(tx, roleName, new Set(grants));
      return (await listRoles(tx)).find((r) => r.name === roleName)!;
    });
    forgetGrants(this.db);
    return role;
  }

  /** Tokens, newest first: an Admin's filter, or the actor's own access tokens. */
  async tokens(actor: Actor, filter: AccessTokenListParams): Promise<AccessTokenRow[]> {
    const principal: Principal = await this.#tokensAllowed(actor, { op: 'list', ...filter });
    return listTokens(this.db, tokenListFilter(principal, filter), TOKEN_LIST_LIMIT);
  }

  /**
   * A new token (for the actor unless `ownerId` says whom); its value is answered this once. A
   * disabled person gets none (409): it would answer 401 from the start.
   */
  async mintToken(actor: Actor, input: NewToken): Promise<{ row: AccessTokenRow; value: string }> {
    const ownerId = input.ownerId ?? actor.userId;
    await this.#tokensAllowed(actor, { op: 'mint', ownerId, kind: input.kind });
    const owner = await getUser(this.db, ownerId);
    if (!owner) throw notFound(`No user ${ownerId}`);
    if (owner.disabled_at !== null)
      throw conflict(`User ${ownerId} is disabled: enable them under Security, Users first`);
    return this.db.transaction(async (tx) => {
      const minted = await mintToken(tx, {
        userId: ownerId,
        name: input.name,
        kind: input.kind,
        expiresAt: input.expiresInDays
          ? new Date(Date.now() + input.expiresInDays * DAY_MS)
          : undefined,
      });
      await recordEvent(
        tx,
        actor.userId,
        'token.minted',
        { type: 'token', id: minted.row.id, name: minted.row.name },
        created({
          owner: ownerId,
          kind: minted.row.kind,
          expires: minted.row.expires_at?.toISOString() ?? null,
        }),
      );
      return minted;
    });
  }

  /** Revokes a token; one the actor may not manage is not found, as an unknown one. */
  async revokeToken(actor: Actor, id: string): Promise<void> {
    const token = await getToken(this.db, id);
    await this.#tokensAllowed(
      actor,
      { op: 'revoke', token: token && { ownerId: token.user_id, kind: token.kind } },
      () => notFound(`No token ${id}`),
    );
    await this.db.transaction(async (tx) => {
      await revokeToken(tx, id);
      await recordEvent(
        tx,
        actor.userId,
        'token.revoked',
        { type: 'token', id, name: token!.name },
        { state: [token!.revoked_at ? 'revoked' : 'active', 'revoked'] },
      );
    });
  }
}
