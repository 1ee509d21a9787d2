import { allow, isAdmin, refuse, type Decision, type Principal } from './principal';

/**
 * Who may do what with custom apps:
 *
 * | operation                                         | who                                       |
 * |---------------------------------------------------|-------------------------------------------|
 * | list the apps, read one, call an app's paths      | every user (the app's collections, files  |
 * |                                                   | and workflows decide the rest)            |
 * | see an app's recent calls                         | Admins, and the user who declared the app |
 * | register, replace or remove a manifest            | Admins                                    |
 */
export type AppChange = 'register' | 'remove';

export const appChangeWords: Record<AppChange, string> = {
  register: 'register an app',
  remove: 'remove an app',
};

export const decideAppChange = (principal: Pick<Principal, 'role'>): Decision =>
  isAdmin(principal) ? allow : refuse('the Admin role');

/** An app's recent calls name the paths and statuses of other users' calls. */
export const maySeeAppCalls = (
  principal: Pick<Principal, 'id' | 'role'>,
  app: { declaredBy: number | null },
) => isAdmin(principal) || (app.declaredBy !== null && app.declaredBy === principal.id);
