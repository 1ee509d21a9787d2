import type { JsonObject } from '../../../src/api/contract';
import { actingAs } from '../access/principal';
import { Principals } from '../people/principals';
import type { Db } from '../store';
import type { NewDocument } from './document-repository';
import { DocumentService as Documents, type QueryResult } from './documents';
import type { DocumentRow } from './mappers';
import type { QueryPlan } from './query/plan';
import { DatastoreService } from './service';
import type { SortIndexesAndStatistics } from './sort-indexes-and-statistics';
import { DocumentSync } from './sync';

export type { QueryResult };

/**
 * The document operations in the shape the workflow steps call them (collection first, then the
 * run's user id), until they take `services.documents` (documents.ts) and call it with the
 * run's actor. Each call goes through that service, so access is decided there.
 */
export class DocumentService {
  readonly #documents: Documents;

  /** `documents`: the platform's service (root.ts), so that its writes are grouped with theirs. */
  constructor(db: Db, indexes: SortIndexesAndStatistics, documents?: Documents) {
    this.#documents = documents ?? DocumentService.#documentsOn(db, indexes);
  }

  static #documentsOn(db: Db, indexes: SortIndexesAndStatistics) {
    // "Sync now" is not among these operations: this sync is never started.
    const sync = new DocumentSync(db, () => {});
    return new Documents(db, new DatastoreService(db, new Principals(db), indexes, sync), indexes);
  }

  query(collectionId: string, userId: number, filter: unknown, plan: QueryPlan) {
    return this.#documents.query(actingAs(userId), collectionId, filter, plan);
  }

  get(collectionId: string, userId: number, id: string): Promise<DocumentRow> {
    return this.#documents.get(actingAs(userId), collectionId, id);
  }

  createOne(collectionId: string, userId: number, content: JsonObject): Promise<DocumentRow> {
    return this.#documents.createOne(actingAs(userId), collectionId, content);
  }

  createMany(collectionId: string, userId: number, docs: NewDocument[]): Promise<number> {
    return this.#documents.createMany(actingAs(userId), collectionId, docs);
  }

  replace(collectionId: string, userId: number, id: string, content: JsonObject) {
    return this.#documents.replace(actingAs(userId), collectionId, id, content);
  }

  remove(collectionId: string, userId: number, ids: string[]): Promise<number> {
    return this.#documents.remove(actingAs(userId), collectionId, ids);
  }

  upsert(collectionId: string, userId: number, items: NewDocument[]) {
    return this.#documents.upsert(actingAs(userId), collectionId, items);
  }

  updateMatching(collectionId: string, userId: number, query: JsonObject, operation: JsonObject) {
    return this.#documents.updateMatching(actingAs(userId), collectionId, query, operation);
  }
}
