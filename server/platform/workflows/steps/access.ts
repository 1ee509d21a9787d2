import { decideCollection, type CollectionOperation } from '../../access/collections';
import { collectionPermissions } from '../../datastores/legacy-access';
import { datasetLevel, decide, principalOf, type DatasetOperation } from '../../access/policy';
import { PlatformError } from '../../core/errors';
import { getDataset } from '../../datasets/repository';
import { getCollection } from '../../datastores/repository';
import type { Queryable } from '../../store';
import { StepFailure } from '../errors';

const collectionWords: Partial<Record<CollectionOperation, string>> = {
  readContent: 'read the documents of',
  createContent: 'create documents in',
};

/**
 * The run's user's access to a collection, decided as the document routes decide it
 * (access/collections.ts): not found, or a missing permission, fails the step naming it.
 */
export async function collectionForRun(
  db: Queryable,
  userId: number,
  id: string,
  operation: 'readContent' | 'createContent',
) {
  const principal = await principalOf(db, userId);
  const collection = await getCollection(db, id).catch((error: unknown) => {
    if (error instanceof PlatformError && error.status === 404) return undefined;
    throw error;
  });
  const decision = collection
    ? decideCollection(await collectionPermissions(db, principal, collection), operation)
    : ({ allowed: false, status: 404 } as const);
  if (decision.allowed) return collection!;
  // No permission at all: the collection is not found, as it is for the routes (spec 7.4).
  if (decision.status === 404)
    throw new StepFailure(
      `collection ${id} not found, or the user who started the run has no permission to it`,
    );
  throw new StepFailure(
    `the user who started the run needs the ${decision.needed} permission to ${collectionWords[operation]} collection ${collection!.name}`,
  );
}

const datasetWords: Record<DatasetOperation, string> = {
  read: 'read',
  share: 'share',
  edit: 'change',
  manage: 'manage',
};

/** The run's user's access to a dataset, decided as the dataset routes decide it (access/policy.ts). */
export async function datasetForRun(
  db: Queryable,
  userId: number,
  id: string,
  operation: DatasetOperation,
  /** How a refusal names it: the dataset by its name unless told. */
  what?: string,
  notFound = `${what ?? `dataset ${id}`} not found, or the user who started the run has no access to it`,
) {
  const principal = await principalOf(db, userId);
  const dataset = await getDataset(db, id).catch((error: unknown) => {
    if (error instanceof PlatformError && error.status === 404) return undefined;
    throw error;
  });
  const decision = dataset
    ? decide(principal, await datasetLevel(db, principal, dataset), operation)
    : ({ allowed: false, status: 404 } as const);
  if (decision.allowed) return dataset!;
  if (decision.status === 404) throw new StepFailure(notFound);
  throw new StepFailure(
    `the user who started the run needs ${decision.needed} access to ${datasetWords[operation]} ${what ?? `dataset ${dataset!.name}`}`,
  );
}
