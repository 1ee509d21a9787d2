import type { Context } from 'hono';
import type { PlatformEnv } from '../core/context';
import { forbidden } from '../core/errors';
import { datasetNotFound, getDataset, type DatasetRow } from '../datasets/repository';
import type { Queryable } from '../store';

import {
  decide,
  levelNeeded,
  operationWords,
  rank,
  type DatasetLevel,
  type DatasetOperation,
  type Decision,
  type Principal,
} from './levels';
import { sharingAbilities } from './sharing';

/** Datasets (issue 14): the levels and what each allows are in `levels.ts`, sharing in `sharing.ts`. */
export { visibleDatasetSql } from './visibility';
export { decide, levelNeeded, rank };
export type { DatasetLevel, DatasetOperation, Decision, Principal };

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
  dataset: Pick<DatasetRow, 'id' | 'owner'>,
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
  return { level: level ?? null, operations: out, sharing: sharingAbilities(principal, level) };
}

/**
 * The guard every dataset service calls, as the acting user: the dataset, or 404 when the user
 * may not see it (its existence is not revealed), or 403 naming the level needed.
 */
export async function datasetForUser(
  db: Queryable,
  userId: number,
  id: string,
  operation: DatasetOperation,
): Promise<{ dataset: DatasetRow; principal: Principal; level: DatasetLevel }> {
  const dataset = await getDataset(db, id);
  const principal = await principalOf(db, userId);
  const level = await datasetLevel(db, principal, dataset);
  const decision = decide(principal, level, operation);
  if (decision.allowed) return { dataset, principal, level: level! };
  if (decision.status === 404) throw datasetNotFound(id);
  throw forbidden(
    `You need ${decision.needed} access to ${operationWords[operation]} dataset ${dataset.name}`,
  );
}

/** The same guard for a route: the acting user is the token's. */
export async function datasetFor(
  c: Context<PlatformEnv>,
  db: Queryable,
  id: string,
  operation: DatasetOperation,
): Promise<DatasetRow> {
  return (await datasetForUser(db, c.get('userId'), id, operation)).dataset;
}
