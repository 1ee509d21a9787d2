import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  collection,
  datastore,
  documentStoreError,
  type Collection,
  type CollectionSchema,
  type JsonObject,
} from '../../../src/api/contract';
import { DocumentService } from '../datastores/documents';
import { DatastoreService } from '../datastores/service';
import type { SortIndexesAndStatistics } from '../datastores/sort-indexes-and-statistics';
import { DocumentSync } from '../datastores/sync';
import { Principals } from '../people/principals';
import type { Db } from '../store';
import type { TestPlatform } from './index';

export const v1 = '/api/datastores/v1';

/** The documents service on a store of the test's own, as the composition root builds it. */
export function documentServiceOn(db: Db, indexes: SortIndexesAndStatistics) {
  const sync = new DocumentSync(db, () => undefined);
  const datastores = new DatastoreService(db, new Principals(db), indexes, sync);
  return new DocumentService(db, datastores, indexes);
}
export const documentsPath = (collectionId: string, version: 'v1' | 'v2' = 'v2') =>
  `/api/datastores/${version}/collections/${collectionId}/documents`;

/** Reads a 7.1 error body and checks its status and message. */
export async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  const body = documentStoreError.parse(await res.json());
  expect(body.status).toBe(status);
  if (message !== undefined) expect(body.message).toMatch(message);
  return body;
}

export async function ok<T = unknown>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function newDatastore(
  platform: TestPlatform,
  name = `store ${randomUUID().slice(0, 8)}`,
) {
  return datastore.parse(
    await ok(await platform.api(`${v1}/`, { method: 'POST', json: { name } })),
  );
}

/** A fresh collection in a fresh datastore unless one is given. */
export async function newCollection(
  platform: TestPlatform,
  input: {
    name?: string;
    schema?: CollectionSchema;
    syncEnabled?: boolean;
    datastoreId?: string;
  } = {},
): Promise<Collection> {
  const datastoreId = input.datastoreId ?? (await newDatastore(platform)).id;
  const res = await platform.api(`${v1}/${datastoreId}/collections`, {
    method: 'POST',
    json: {
      name: input.name ?? `collection ${randomUUID().slice(0, 8)}`,
      schema: input.schema,
      syncEnabled: input.syncEnabled,
    },
  });
  return collection.parse(await ok(res));
}

export async function bulkCreate(
  platform: TestPlatform,
  collectionId: string,
  contents: JsonObject[],
) {
  const res = await platform.api(`${documentsPath(collectionId)}/bulk`, {
    method: 'POST',
    json: contents.map((content) => ({ content })),
  });
  return ok<{ Created: number }>(res);
}

export async function queryDocuments<T = JsonObject>(
  platform: TestPlatform,
  collectionId: string,
  filter: unknown,
  search = '',
  version: 'v1' | 'v2' = 'v2',
) {
  const res = await platform.api(`${documentsPath(collectionId, version)}/query${search}`, {
    method: 'POST',
    json: filter,
  });
  return ok<T[]>(res);
}

export const updateCollection = (platform: TestPlatform, id: string, json: unknown) =>
  platform.api(`${v1}/collections/${id}`, { method: 'PUT', json });
