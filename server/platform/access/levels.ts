/**
 * The one place that decides who may do what (issue 14). A dataset's level for a user is the
 * highest of: Admin role (everything), owner, and the share levels given to them or a group
 * they are in (CAN_SHARE < CAN_EDIT < CO_OWNER). No level at all: the dataset is not found.
 */
export type DatasetLevel = 'ADMIN' | 'OWNER' | 'CO_OWNER' | 'CAN_EDIT' | 'CAN_SHARE';
export type DatasetOperation = 'read' | 'share' | 'edit' | 'manage';

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
export const operationWords: Record<DatasetOperation, string> = {
  read: 'read',
  share: 'share',
  edit: 'change',
  manage: 'manage',
};

export interface Principal {
  id: number;
  role: string;
}

export type Decision = { allowed: true } | { allowed: false; status: 403 | 404; needed?: string };

/** Roles that may share at all (Participants only view what is shared with them). */
const mayShareRole = (role: string) => role !== 'Participant';

export function decide(
  principal: Principal,
  level: DatasetLevel | undefined,
  operation: DatasetOperation,
): Decision {
  if (!level) return { allowed: false, status: 404 };
  if (level === 'ADMIN') return { allowed: true };
  const needed = levelNeeded[operation];
  if (operation === 'share' && !mayShareRole(principal.role))
    return { allowed: false, status: 403, needed: 'Editor role or higher' };
  if (rank[level] >= rank[needed]) return { allowed: true };
  return { allowed: false, status: 403, needed };
}
