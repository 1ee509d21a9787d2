import type { Context } from 'hono';
import type { PlatformEnv } from '../core/context';
import { forbidden } from '../core/errors';
import {
  datasetNotFound,
  datasetSharesFor,
  getDataset,
  type DatasetRow,
} from '../datasets/repository';
import { loadPrincipal } from '../people/principals';
import type { Queryable } from '../store';
import {
  datasetDecisions,
  datasetLevel as levelOf,
  datasetOperationWords as operationWords,
  decideDataset as decide,
  levelNeeded,
  rank,
  type DatasetLevel,
  type DatasetOperation,
} from './datasets';
import type { Decision, Principal } from './principal';
import { sharingAbilities } from './sharing';

// The guards of the areas not yet moved to their service (datasets/service.ts shows the way).
export { visibleDatasetSql } from './visibility';
export { decide, levelNeeded, rank };
export type { DatasetLevel, DatasetOperation, Decision, Principal };

export const principalOf = loadPrincipal;

export async function datasetLevel(
  db: Queryable,
  principal: Principal,
  dataset: Pick<DatasetRow, 'id' | 'owner'>,
): Promise<DatasetLevel | undefined> {
  return levelOf(principal, dataset, await datasetSharesFor(db, dataset.id, principal));
}

/** What the caller may do with a dataset: every operation and whether it is allowed. */
export async function datasetAbilities(db: Queryable, userId: number, dataset: DatasetRow) {
  const principal = await principalOf(db, userId);
  const level = await datasetLevel(db, principal, dataset);
  return {
    level: level ?? null,
    operations: datasetDecisions(principal, level),
    sharing: sharingAbilities(principal, level),
  };
}

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

export async function datasetFor(
  c: Context<PlatformEnv>,
  db: Queryable,
  id: string,
  operation: DatasetOperation,
): Promise<DatasetRow> {
  return (await datasetForUser(db, c.get('userId'), id, operation)).dataset;
}
