import { decideDataset as decide, rank, type DatasetLevel } from './datasets';
import type { Decision, Principal } from './principal';

/**
 * Who may give, change and take away access to a dataset, decided here for every path that
 * shares. A user gives at most his own level (owner and Admin any level), never
 * changes or removes his own entry (the owner, another co-owner or an Admin does), and only
 * owners, co-owners and Admins lower or remove the access of others.
 */
export type ShareLevel = 'CAN_SHARE' | 'CAN_EDIT' | 'CO_OWNER';
export const shareLevels: ShareLevel[] = ['CAN_SHARE', 'CAN_EDIT', 'CO_OWNER'];

export interface ShareEntry {
  type: 'USER' | 'GROUP';
  id: string;
}

const REMOVE_NEEDED = 'CO_OWNER';
const OWN_ENTRY_NEEDED = 'the owner, another co-owner or an Admin';

/** The owner's and an Admin's level comes from no entry: theirs is theirs to change. */
const aboveEntries = (level: DatasetLevel | undefined) => level === 'ADMIN' || level === 'OWNER';

export const isOwnEntry = (principal: Principal, entry: ShareEntry) =>
  entry.type === 'USER' && String(Number(entry.id)) === String(principal.id);

/** The levels the caller may give: none without share access, else up to his own. */
export function grantableLevels(principal: Principal, level: DatasetLevel | undefined) {
  if (!decide(principal, level, 'share').allowed) return [];
  return shareLevels.filter((l) => rank[l] <= rank[level!]);
}

/** Lowering or removing another's access: owners, co-owners and Admins. */
export function decideRemoveOthers(principal: Principal, level: DatasetLevel | undefined) {
  return decide(principal, level, 'manage');
}

/** Changing or removing one's own entry: only a level that no entry gives (owner, Admin). */
export function decideChangeOwn(level: DatasetLevel | undefined): Decision {
  if (!level) return { allowed: false, status: 404 };
  if (aboveEntries(level)) return { allowed: true };
  return { allowed: false, status: 403, needed: OWN_ENTRY_NEEDED };
}

/**
 * One entry of a share: `wanted` for `entry`, which holds `current` now (none: a new entry).
 * Answers why not in words, or undefined when allowed. The caller has share access already.
 */
export function refuseGrant(
  principal: Principal,
  level: DatasetLevel,
  entry: ShareEntry,
  wanted: ShareLevel,
  current: ShareLevel | undefined,
): string | undefined {
  if (isOwnEntry(principal, entry) && !decideChangeOwn(level).allowed)
    return `You may not change your own access: ask ${OWN_ENTRY_NEEDED}`;
  if (!grantableLevels(principal, level).includes(wanted))
    return `You need ${wanted} access to give ${wanted} access`;
  if (current && rank[wanted] < rank[current] && !decideRemoveOthers(principal, level).allowed)
    return `You need ${REMOVE_NEEDED} access to lower the access of others`;
  return undefined;
}

/** Removing `entry`: owners, co-owners and Admins, and never one's own entry below owner. */
export function refuseRemove(
  principal: Principal,
  level: DatasetLevel | undefined,
  entry: ShareEntry,
): string | undefined {
  if (!decideRemoveOthers(principal, level).allowed)
    return `You need ${REMOVE_NEEDED} access to remove the access of others`;
  if (isOwnEntry(principal, entry) && !decideChangeOwn(level).allowed)
    return `You may not remove your own access: ask ${OWN_ENTRY_NEEDED}`;
  return undefined;
}

/** What the sharing tab offers the caller. */
export function sharingAbilities(principal: Principal, level: DatasetLevel | undefined) {
  return {
    grantable: grantableLevels(principal, level),
    removeOthers: decideRemoveOthers(principal, level),
    changeOwn: decideChangeOwn(level),
  };
}
