/**
 * Who acts, and what a decision knows of them. Every service operation takes the acting user
 * first: a route acts as its token's user, a workflow step as the run's starter, a scheduled
 * stream as its owner, an app path as its caller. An `Actor` is made only where the platform
 * knows that user (authentication, a run, a schedule), never from a request's input.
 */
export interface Actor {
  readonly userId: number;
}

export const actingAs = (userId: number): Actor => ({ userId });

/** The acting user as the policies see them: their role, groups and grants. */
export interface Principal {
  readonly id: number;
  readonly role: string;
  /** The ids of the groups they are a member of, as text (shares name principals as text). */
  readonly groups: readonly string[];
  /** The grants they hold through their role and directly, each once. */
  readonly grants: readonly string[];
}

/** The role that may do everything; named here and nowhere else in the platform's code. */
const ADMIN_ROLE = 'Admin';
/** The role that only uses what is shared with it. */
const PARTICIPANT_ROLE = 'Participant';

export const isAdmin = (principal: Pick<Principal, 'role'>) => principal.role === ADMIN_ROLE;
export const isAdminRole = (role: string) => role === ADMIN_ROLE;
/** Participants view what is shared with them; every other role may share. */
export const mayShareByRole = (principal: Pick<Principal, 'role'>) =>
  principal.role !== PARTICIPANT_ROLE;
export const holds = (principal: Principal, grant: string) => principal.grants.includes(grant);

/** A principal that holds nothing: an unknown user. */
export const nobody = (id: number): Principal => ({ id, role: 'None', groups: [], grants: [] });

/** A policy's answer: allowed, not visible (404), or refused naming what is needed (403). */
export type Decision = { allowed: true } | { allowed: false; status: 403 | 404; needed?: string };

export const allow: Decision = { allowed: true };
export const hide: Decision = { allowed: false, status: 404 };
export const refuse = (needed: string): Decision => ({ allowed: false, status: 403, needed });

/** One decision per operation, for the console to disable what is refused. */
export const decisions = <Op extends string>(
  operations: readonly Op[],
  decide: (operation: Op) => Decision,
): Record<Op, Decision> =>
  Object.fromEntries(operations.map((op) => [op, decide(op)])) as Record<Op, Decision>;

/**
 * Who a list shows to the principal: everything (Admins), or what they own or was shared with
 * them or one of their groups. Repositories turn a scope into their list's condition.
 */
export type ListScope = { all: true } | { all: false; userId: number; groups: readonly string[] };

export const listScope = (principal: Principal): ListScope =>
  isAdmin(principal)
    ? { all: true }
    : { all: false, userId: principal.id, groups: principal.groups };
