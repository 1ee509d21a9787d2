import { allow, hide, isAdmin, type Decision, type Principal } from './principal';

/**
 * Prompt experiments: an experiment is its owner's, and Admins see (and act on) every one. A user
 * who does not see one finds it not found (404), whatever the operation. Every user may create
 * one: reading its cases is decided by the datasets policy, as the creating user.
 */
export type ExperimentOperation = 'read' | 'cancel' | 'rerun' | 'save';

/** The experiments a list shows: every one (Admins), or the principal's own. */
export type ExperimentScope = { all: true } | { all: false; owner: number };

export const experimentScope = (principal: Principal): ExperimentScope =>
  isAdmin(principal) ? { all: true } : { all: false, owner: principal.id };

/** `operation` on `experiment` (undefined: there is no such experiment). */
export const decideExperiment = (
  principal: Principal,
  _operation: ExperimentOperation,
  experiment: { owner: number } | undefined,
): Decision =>
  experiment && (isAdmin(principal) || experiment.owner === principal.id) ? allow : hide;
