import { WORKFLOW_API_GRANT } from '../../../src/api/contract/access';
import { READ_ACTIVITY_GRANT } from '../../../src/api/contract/audit';
import { notFound } from '../core/errors';
import { enforce } from './enforce';
import {
  allow,
  hide,
  holds,
  isAdmin,
  isAdminRole,
  refuse,
  type Decision,
  type Principal,
} from './principal';

/**
 * Security administration, access tokens, the activity log and the workflow API:
 *
 * | what                                              | who                                       |
 * |---------------------------------------------------|-------------------------------------------|
 * | list users with their roles, groups and grants    | Admins                                    |
 * | change a user's role, a role's grants             | Admins                                    |
 * | disable or enable a user                          | Admins                                    |
 * | set a user's password                             | Admins; anyone their own, proving it      |
 * | sign a person in to the console                   | Admins (the gateway's configured token)   |
 * | list console sessions in force, end one           | Admins every person's; anyone their own   |
 * | read the roles and what each grants               | every user                                |
 * | access tokens of every user, of both kinds        | Admins                                    |
 * | one's own access tokens (kind `access`)           | holders of the Workflow API grant         |
 * | read the activity log                             | Admins, holders of the Read activity log grant |
 * | call the workflow API (/v1)                       | holders of the Workflow API grant         |
 *
 * Rules keep the platform administrable: the last enabled Admin keeps the Admin role and stays
 * enabled, nobody disables themselves or the user the configured tokens act as, and the Admin
 * role's grants do not change (it holds every grant).
 */
const ADMIN_NEEDED = 'the Admin role';

export type SecurityOperation =
  'list-users' | 'change-role' | 'change-grants' | 'disable-user' | 'sign-in-people';
export const securityOperationWords: Record<SecurityOperation, string> = {
  'list-users': 'manage users and tokens',
  'change-role': "change a user's role",
  'change-grants': "change a role's grants",
  'disable-user': 'disable or enable a user',
  'sign-in-people': 'sign people in to the console',
};

export const decideSecurity = (principal: Principal, _operation: SecurityOperation): Decision =>
  isAdmin(principal) ? allow : refuse(ADMIN_NEEDED);

/** Throws the refusal of a Security operation: 404 to whom it is hidden, else 403 naming the need. */
export function enforceSecurity(principal: Principal, operation: SecurityOperation) {
  enforce(
    decideSecurity(principal, operation),
    () => notFound('Not found'),
    (needed) => `You need ${needed} to ${securityOperationWords[operation]}`,
  );
}

/**
 * Who sets `userId`'s password: an Admin anyone's; a person their own, once they prove it with
 * the password they have now (`needsCurrent`); anyone else is refused, naming the Admin role.
 */
export function decidePassword(principal: Principal, userId: number) {
  // One's own password needs the current one, an Admin's too: a session left open must not be
  // enough to take the account over.
  if (principal.id === userId) return { decision: allow, needsCurrent: true };
  if (isAdmin(principal)) return { decision: allow, needsCurrent: false };
  return { decision: refuse(ADMIN_NEEDED), needsCurrent: false };
}
export const passwordWords = "set another user's password";

/** A change of role that takes a user out of the Admin role: allowed while another Admin stays. */
export const leavesAdminRole = (from: string, to: string) => isAdminRole(from) && !isAdminRole(to);

/** The words of a 409 when `admins` (the Admin role's members, locked) would lose their last. */
export const lastAdminConflict = (admins: number) =>
  admins <= 1 ? 'The last Admin keeps the Admin role: make another user Admin first' : undefined;

/** Whether disabling this user takes an Admin away (an enabled one). */
export const isEnabledAdmin = (user: { role: string; disabled: boolean }) =>
  isAdminRole(user.role) && !user.disabled;

/**
 * The words of a 409 when disabling a user would lock the platform out: the actor themselves,
 * the user the configured tokens act as (the gateway signs people in with them), or the last
 * enabled Admin (`enabledAdmins` counts them, the user included, when the user is one).
 */
export function disableUserConflict(ask: {
  self: boolean;
  configuredTokensUser: boolean;
  enabledAdmins?: number;
}) {
  if (ask.self) return 'You cannot disable yourself: another Admin can';
  if (ask.configuredTokensUser)
    return "The platform's configured tokens act as this user, and the console signs people in with them: this user stays enabled";
  if (ask.enabledAdmins !== undefined && ask.enabledAdmins <= 1)
    return 'The last enabled Admin stays enabled: make another user Admin first';
  return undefined;
}

/** The words of a 409 when `role`'s grants may not change (the Admin role holds every grant). */
export const fixedGrantsConflict = (role: string) =>
  isAdminRole(role) ? 'The Admin role holds every grant; its grants cannot change' : undefined;

/** What is asked of access tokens: a list (filtered), a new token, or one token revoked. */
export type TokenAsk =
  | { op: 'list'; ownerId?: number; kind?: string }
  | { op: 'mint'; ownerId: number; kind: string }
  | { op: 'revoke'; token: { ownerId: number; kind: string } | undefined };

/** A decision on tokens, with the words of what was asked for a refusal's message. */
export interface TokenDecision {
  decision: Decision;
  words: string;
}

const manages = (principal: Principal) =>
  isAdmin(principal) || holds(principal, WORKFLOW_API_GRANT);
/** What a holder of the grant (not an Admin) may reach: their own tokens of kind `access`. */
const ownAccessToken = (principal: Principal, token: { ownerId: number; kind: string }) =>
  token.ownerId === principal.id && token.kind === 'access';

export function decideTokens(principal: Principal, ask: TokenAsk): TokenDecision {
  if (!manages(principal))
    return {
      decision: refuse(`the ${WORKFLOW_API_GRANT} grant (given through a role)`),
      words: 'manage access tokens',
    };
  if (isAdmin(principal)) return { decision: allow, words: '' };
  const admin = (words: string) => ({ decision: refuse(ADMIN_NEEDED), words });
  switch (ask.op) {
    case 'list':
      if (ask.ownerId !== undefined && ask.ownerId !== principal.id)
        return admin('list the tokens of another user');
      if (ask.kind === 'developer') return admin('list developer tokens');
      return { decision: allow, words: '' };
    case 'mint':
      if (ask.kind === 'developer') return admin('mint developer tokens');
      if (ask.ownerId !== principal.id) return admin('create a token for another user');
      return { decision: allow, words: '' };
    case 'revoke':
      // A token the principal may not manage is not revealed: the same 404 as an unknown one.
      return {
        decision: ask.token && ownAccessToken(principal, ask.token) ? allow : hide,
        words: 'revoke',
      };
  }
}

/** The tokens a list shows: what an Admin filters, else the principal's own access tokens. */
export const tokenListFilter = (
  principal: Principal,
  filter: { ownerId?: number; kind?: string },
): { userId?: number; kind?: string } =>
  isAdmin(principal)
    ? { userId: filter.ownerId, kind: filter.kind }
    : { userId: principal.id, kind: 'access' };

/**
 * What is asked of console sessions: a list (one person's, or every person's), or one ended
 * (`ownerId`: whose it is, undefined when none is in force).
 */
export type ConsoleSessionAsk =
  { op: 'list'; userId?: number } | { op: 'end'; ownerId: number | undefined };

/**
 * Admins list and end anyone's console sessions (the gateway signs people out with its
 * configured token); anyone else lists and ends their own, so a sign-in left open on another
 * machine can be ended from here. Another person's session is not revealed: the same 404 as an
 * unknown one.
 */
export function decideConsoleSessions(principal: Principal, ask: ConsoleSessionAsk): TokenDecision {
  if (isAdmin(principal)) return { decision: allow, words: '' };
  if (ask.op === 'end')
    return {
      decision: ask.ownerId === principal.id ? allow : hide,
      words: 'end a console session of another user',
    };
  return ask.userId === undefined || ask.userId === principal.id
    ? { decision: allow, words: '' }
    : { decision: refuse(ADMIN_NEEDED), words: 'list the console sessions of another user' };
}

/** Whose console sessions a list shows: what an Admin filters, else the principal's own. */
export const consoleSessionListFilter = (principal: Principal, userId: number | undefined) =>
  isAdmin(principal) ? userId : principal.id;

/** The activity log: Admins, and whoever holds the grant named for it. */
export const decideActivityLog = (principal: Principal): Decision =>
  isAdmin(principal) || holds(principal, READ_ACTIVITY_GRANT)
    ? allow
    : refuse(`${ADMIN_NEEDED} or the ${READ_ACTIVITY_GRANT} grant (given through a role)`);

/** The grants a workflow API decision reads (the caller holds each or not). */
export const workflowApiGrants: readonly string[] = [WORKFLOW_API_GRANT];

/** The workflow API (/v1), a token holder's or an app's in-process call alike. */
export const decideWorkflowApi = (principal: Pick<Principal, 'grants'>): Decision =>
  principal.grants.includes(WORKFLOW_API_GRANT) ? allow : refuse(`the ${WORKFLOW_API_GRANT} grant`);
