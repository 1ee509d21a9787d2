import {
  allow,
  decisions,
  hide,
  isAdmin,
  mayShareByRole,
  refuse,
  type Decision,
  type Principal,
} from './principal';

/**
 * Datasets: a user's level on a dataset is the highest of: the Admin role (everything), owner,
 * and the share levels given to them or to a group they are in (CAN_SHARE < CAN_EDIT <
 * CO_OWNER). No level at all: the dataset is not found.
 */
export type DatasetLevel = 'ADMIN' | 'OWNER' | 'CO_OWNER' | 'CAN_EDIT' | 'CAN_SHARE';
export type DatasetOperation = 'read' | 'share' | 'edit' | 'manage';
export const datasetOperations: readonly DatasetOperation[] = ['read', 'share', 'edit', 'manage'];

export const rank: Record<DatasetLevel, number> = {
  CAN_SHARE: 1,
  CAN_EDIT: 2,
  CO_OWNER: 3,
  OWNER: 4,
  ADMIN: 5,
};
/** The least level each operation needs. */
export const levelNeeded: Record<DatasetOperation, Exclude<DatasetLevel, 'ADMIN' | 'OWNER'>> = {
  read: 'CAN_SHARE',
  share: 'CAN_SHARE',
  edit: 'CAN_EDIT',
  manage: 'CO_OWNER',
};
export const datasetOperationWords: Record<DatasetOperation, string> = {
  read: 'read',
  share: 'share',
  edit: 'change',
  manage: 'manage',
};

/** One share of a dataset: to a user or a group (ids as text), at a level. */
export interface DatasetShare {
  principalType: 'USER' | 'GROUP';
  principalId: string;
  level: string;
}

const isShareLevel = (level: string): level is DatasetLevel => level in rank;

/** The principal's level on the dataset, from its owner and the shares given to them. */
export function datasetLevel(
  principal: Principal,
  dataset: { owner: number },
  shares: readonly DatasetShare[],
): DatasetLevel | undefined {
  if (isAdmin(principal)) return 'ADMIN';
  if (dataset.owner === principal.id) return 'OWNER';
  let best: DatasetLevel | undefined;
  for (const share of shares) {
    const theirs =
      (share.principalType === 'USER' && share.principalId === String(principal.id)) ||
      (share.principalType === 'GROUP' && principal.groups.includes(share.principalId));
    if (theirs && isShareLevel(share.level) && (!best || rank[share.level] > rank[best]))
      best = share.level;
  }
  return best;
}

export function decideDataset(
  principal: Principal,
  level: DatasetLevel | undefined,
  operation: DatasetOperation,
): Decision {
  if (!level) return hide;
  if (level === 'ADMIN') return allow;
  if (operation === 'share' && !mayShareByRole(principal)) return refuse('Editor role or higher');
  if (rank[level] >= rank[levelNeeded[operation]]) return allow;
  return refuse(levelNeeded[operation]);
}

/** Every dataset operation's decision, for the console to disable what is refused. */
export const datasetDecisions = (principal: Principal, level: DatasetLevel | undefined) =>
  decisions(datasetOperations, (op) => decideDataset(principal, level, op));

/** Managing (owner, co-owner, Admin): the levels that may change a dataset's calculated fields. */
export const managesDataset = (level: DatasetLevel | undefined) =>
  level === 'ADMIN' || level === 'OWNER' || level === 'CO_OWNER';
