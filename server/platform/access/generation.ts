import { allow, hide, type Decision, type Principal } from './principal';

/**
 * Text generation: every user may generate text, read the configured models and count tokens (a
 * generation reads no platform data). A generation session shows a user their own runs and no
 * one else's, Admins included: a prompt holds whatever its user sent. A session in which the
 * user ran nothing is not found.
 */
export const decideGenerationSession = (
  principal: Pick<Principal, 'id'>,
  ranBy: readonly number[],
): Decision => (ranBy.includes(principal.id) ? allow : hide);

/** Whose runs a list of sessions shows: the principal's own. */
export const generationSessionOwner = (principal: Pick<Principal, 'id'>) => principal.id;
