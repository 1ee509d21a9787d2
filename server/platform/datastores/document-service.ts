import { recordEvent } from '../audit/record';
import type { JsonObject } from '../../../src/api/contract';
import { collectionForUser, type CollectionOperation } from '../access/collections';
import { badRequest } from '../core/errors';
import type { Db, Queryable } from '../store';
import { accessCondition, loadCaller, type DocumentOperation } from './access';
import { CreateBatcher } from './create-batcher';
import {
  deleteDocuments,
  documentNotFound,
  findDocument,
  inCollection,
  insertDocuments,
  lockCollection,
  runSelect,
  writeContents,
  type NewDocument,
} from './documents';
import type { CollectionRow, DocumentRow } from './mappers';
import { filterCondition } from './query/filter';
import { parseField } from './query/fields';
import { aggregateRow, selectDocuments, type QueryPlan } from './query/plan';
import { parseOperation } from './query/update';
import { withSortIndexRescue } from './sort-index-rescue';
import { stagedCreate } from './staged-create';
import { updateInPieces } from './update-matching';
import type { DocumentUpkeep } from './upkeep';

export type QueryResult =
  | { kind: 'documents'; rows: DocumentRow[] }
  | { kind: 'rows'; rows: Array<Record<string, unknown>> };

/**
 * The document operations of gaps.md, for every caller (routes, workflow steps): each first
 * checks that the acting user holds the collection permission it needs (access/collections.ts:
 * 404 without any, 403 naming the one needed), then applies the collection's document-level
 * filters for that user.
 */
export class DocumentService {
  private readonly creates: CreateBatcher;

  private readonly db: Db;

  constructor(
    db: Db,
    private readonly upkeep: DocumentUpkeep,
  ) {
    this.db = withSortIndexRescue(db, upkeep);
    this.creates = new CreateBatcher(this.db);
  }

  /** The collection, if `userId` may do each of `operations` with it. */
  private allowed(collectionId: string, userId: number, ...operations: CollectionOperation[]) {
    return collectionForUser(this.db, userId, collectionId, ...operations);
  }

  private async access(
    db: Queryable,
    collection: CollectionRow,
    userId: number,
    operation: DocumentOperation,
  ) {
    return accessCondition(
      collection.filters,
      await loadCaller(db, userId, collection.filters),
      operation,
    );
  }

  async query(
    collectionId: string,
    userId: number,
    filter: unknown,
    plan: QueryPlan,
  ): Promise<QueryResult> {
    const collection = await this.allowed(collectionId, userId, 'readContent');
    const access = await this.access(this.db, collection, userId, 'READ');
    const select = selectDocuments(
      plan,
      inCollection(collection.id, filterCondition(filter), access),
    );
    const { shape } = select;
    if (shape.kind === 'rows') {
      const rows = await runSelect<Record<string, unknown>>(this.db, select);
      return { kind: 'rows', rows: rows.map((r) => aggregateRow(r, shape.names)) };
    }
    const rows = await runSelect<DocumentRow>(this.db, select);
    const first = plan.sort[0] ? parseField(plan.sort[0].name) : undefined;
    if (first?.kind === 'content') this.upkeep.afterSortedQuery(collection.id, first.path);
    return { kind: 'documents', rows };
  }

  async get(collectionId: string, userId: number, id: string): Promise<DocumentRow> {
    const collection = await this.allowed(collectionId, userId, 'readContent');
    const row = await findDocument(
      this.db,
      collection.id,
      id,
      await this.access(this.db, collection, userId, 'READ'),
    );
    if (!row) throw documentNotFound(id);
    return row;
  }

  async createOne(collectionId: string, userId: number, content: JsonObject): Promise<DocumentRow> {
    await this.allowed(collectionId, userId, 'createContent');
    const row = await this.creates.create(collectionId, userId, content);
    this.upkeep.afterWrite(1);
    return row;
  }

  /**
   * Bulk create: answers the count only, so 10,000 documents do not travel back. Written in
   * pieces that no reader sees, then published at once (staged-create.ts): all or nothing.
   */
  async createMany(collectionId: string, userId: number, docs: NewDocument[]): Promise<number> {
    const collection = await this.allowed(collectionId, userId, 'createContent');
    const created = await stagedCreate(this.db, collection, docs, userId);
    this.upkeep.afterWrite(created);
    return created;
  }

  async replace(
    collectionId: string,
    userId: number,
    id: string,
    content: JsonObject,
  ): Promise<DocumentRow> {
    await this.allowed(collectionId, userId, 'updateContent');
    return this.db.transaction(async (tx) => {
      const collection = await lockCollection(tx, collectionId, { markSyncRequired: true });
      const access = await this.access(tx, collection, userId, 'UPDATE');
      const [row] = await writeContents(tx, collection.id, [{ id, content }], userId, access);
      if (!row) throw documentNotFound(id);
      this.upkeep.afterWrite(1);
      return row;
    });
  }

  async remove(collectionId: string, userId: number, ids: string[]): Promise<number> {
    await this.allowed(collectionId, userId, 'deleteContent');
    return this.db.transaction(async (tx) => {
      const collection = await lockCollection(tx, collectionId);
      const deleted = await deleteDocuments(
        tx,
        collection.id,
        ids,
        await this.access(tx, collection, userId, 'DELETE'),
      );
      if (deleted)
        await recordEvent(
          tx,
          userId,
          'documents.deleted',
          {
            type: 'collection',
            id: collection.id,
            name: collection.name,
            parent: collection.datastore_id,
          },
          { count: [undefined, deleted], ids: [ids.slice(0, 20), undefined] },
        );
      this.upkeep.afterWrite(deleted);
      return deleted;
    });
  }

  /**
   * Bulk upsert: an `id` the caller may update is replaced; an unknown or absent `id` creates a
   * document (with that id); an id that exists but is hidden by a filter is left alone.
   */
  async upsert(collectionId: string, userId: number, items: NewDocument[]) {
    await this.allowed(collectionId, userId, 'createContent', 'updateContent');
    const ids = items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw badRequest(`id ${twice} appears twice in the request`);
    return this.db.transaction(async (tx) => {
      const collection = await lockCollection(tx, collectionId, { markSyncRequired: true });
      const access = await this.access(tx, collection, userId, 'UPDATE');
      const withIds = items.filter((i): i is Required<NewDocument> => i.id !== undefined);
      const written = await writeContents(tx, collection.id, withIds, userId, access, {
        returning: 'documents.id',
      });
      const updated = new Set(written.map((r) => r.id));
      const fresh = items.filter((i) => i.id === undefined || !updated.has(i.id));
      const created = await insertDocuments(tx, collection, fresh, userId, { returning: 'id' });
      this.upkeep.afterWrite(updated.size + created.length);
      return { Updated: updated.size, Created: created.length };
    });
  }

  /** Partial update: the matching documents the caller may update; answers how many changed. */
  async updateMatching(
    collectionId: string,
    userId: number,
    query: JsonObject,
    operation: JsonObject,
  ): Promise<number> {
    const collection = await this.allowed(collectionId, userId, 'updateContent');
    const steps = parseOperation(operation);
    const access = await this.access(this.db, collection, userId, 'UPDATE');
    const changed = await updateInPieces(this.db, collection.id, userId, access, query, steps);
    this.upkeep.afterWrite(changed);
    return changed;
  }
}
