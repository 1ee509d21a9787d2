import type { Context } from 'hono';
import type { PlatformEnv } from '../core/context';
import { forbidden } from '../core/errors';
import { datasetNotFound, getDataset, type DatasetRow } from '../datasets/repository';
import type { Queryable } from '../store';

export { visibleDatasetSql } from './visibility';

/**
 * The one place that decides who may do what (issue 14). A dataset's level for a user is the
 * highest of: Admin role (everything), owner, and the share levels given to them or a group
 * they are in (CAN_SHARE < CAN_EDIT < CO_OWNER). No level at all: the dataset is not found.
 */
export type DatasetLevel = 'ADMIN' | 'OWNER' | 'CO_OWNER' | 'CAN_EDIT' | 'CAN_SHARE';
export type DatasetOperation = 'read' | 'share' | 'edit' | 'manage';

const rank: Record<DatasetLevel, number> = {
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
const operationWords: Record<DatasetOperation, string> = {
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

export async function principalOf(db: Queryable, userId: number): Promise<Principal> {
  const [row] = await db.query<{ id: number; role: string }>(
    'SELECT id, role FROM users WHERE id = $1',
    [userId],
  );
  return row ?? { id: userId, role: 'None' };
}

export async function datasetLevel(
  db: Queryable,
  principal: Principal,
  dataset: DatasetRow,
): Promise<DatasetLevel | undefined> {
  if (principal.role === 'Admin') return 'ADMIN';
  if (dataset.owner === principal.id) return 'OWNER';
  const rows = await db.query<{ access_level: DatasetLevel }>(
    `SELECT access_level FROM dataset_permissions p WHERE p.dataset_id = $1 AND (
       (p.principal_type = 'USER' AND p.principal_id = $3)
       OR (p.principal_type = 'GROUP' AND p.principal_id IN (
         SELECT m.group_id::text FROM group_members m WHERE m.user_id = $2)))`,
    [dataset.id, principal.id, String(principal.id)],
  );
  let best: DatasetLevel | undefined;
  for (const r of rows)
    if (rank[r.access_level] && (!best || rank[r.access_level] > rank[best])) best = r.access_level;
  return best;
}

/** What the caller may do with a dataset: every operation and whether it is allowed. */
export async function datasetAbilities(db: Queryable, userId: number, dataset: DatasetRow) {
  const principal = await principalOf(db, userId);
  const level = await datasetLevel(db, principal, dataset);
  const out = {} as Record<DatasetOperation, Decision>;
  for (const op of Object.keys(levelNeeded) as DatasetOperation[])
    out[op] = decide(principal, level, op);
  return { level: level ?? null, operations: out };
}

/**
 * The guard every dataset route calls: the dataset, or 404 when the user may not see it
 * (its existence is not revealed), or 403 naming the level needed.
 */
export async function datasetFor(
  c: Context<PlatformEnv>,
  db: Queryable,
  id: string,
  operation: DatasetOperation,
): Promise<DatasetRow> {
  const dataset = await getDataset(db, id);
  const principal = await principalOf(db, c.get('userId'));
  const decision = decide(principal, await datasetLevel(db, principal, dataset), operation);
  if (decision.allowed) return dataset;
  if (decision.status === 404) throw datasetNotFound(id);
  throw forbidden(
    `You need ${decision.needed} access to ${operationWords[operation]} dataset ${dataset.name}`,
  );
}
