import type { JsonObject } from '../../../src/api/contract';
import type { CollectionOperation } from '../access/collections';
import type { Actor, Principal } from '../access/principal';
import { recordEvent } from '../audit/record';
import { badRequest } from '../core/errors';
import type { Db } from '../store';
import { accessCondition, type Caller, type DocumentOperation } from './access';
import { CreateBatcher } from './create-batcher';
import {
  deleteDocuments,
  documentContents,
  documentNotFound,
  findDocument,
  inCollection,
  insertDocuments,
  lockCollection,
  runSelect,
  writeContents,
  type NewDocument,
} from './document-repository';
import type { CollectionRow, DocumentRow } from './mappers';
import { filterCondition } from './query/filter';
import { parseField } from './query/fields';
import { aggregateRow, selectDocuments, type QueryPlan } from './query/plan';
import { parseOperation } from './query/update';
import type { DatastoreService } from './service';
import { withSortIndexRescue } from './sort-index-rescue';
import type { SortIndexesAndStatistics } from './sort-indexes-and-statistics';
import { stagedCreate } from './staged-create';
import { updateInPieces } from './update-matching';

export type QueryResult =
  | { kind: 'documents'; rows: DocumentRow[] }
  | { kind: 'rows'; rows: Array<Record<string, unknown>> };

/** Who asks, as the collection's document-level filters see them: the user and their groups. */
const callerOf = (principal: Principal): Caller => ({
  userId: principal.id,
  groupIds: principal.groups.map(Number),
});

/**
 * The first id of a bulk upsert that appears a second time: one pass with a set, as this runs on
 * the event loop for bodies of up to some 100,000 documents.
 */
function firstRepeatedId(items: NewDocument[]): string | undefined {
  const seen = new Set<string>();
  for (const { id } of items) {
    if (id === undefined) continue;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/**
 * The document operations of gaps.md, for every caller (routes, workflow steps, app paths): each
 * opens the collection through DatastoreService as the acting user, with the permission it needs
 * (404 without any, 403 naming the one needed), then applies the collection's document-level
 * filters for that user.
 */
export class DocumentService {
  readonly #db: Db;
  readonly #creates: CreateBatcher;

  constructor(
    db: Db,
    private readonly datastores: DatastoreService,
    private readonly indexes: SortIndexesAndStatistics,
  ) {
    this.#db = withSortIndexRescue(db, indexes);
    this.#creates = new CreateBatcher(this.#db);
  }

  /** The documents that match `filter`, in the plan's order and page, or the plan's aggregates. */
  async query(
    actor: Actor,
    collectionId: string,
    filter: unknown,
    plan: QueryPlan,
  ): Promise<QueryResult> {
    const { collection, principal } = await this.#open(actor, collectionId, 'readContent');
    const select = selectDocuments(
      plan,
      inCollection(
        collection.id,
        filterCondition(filter),
        this.#filters(collection, principal, 'READ'),
      ),
    );
    const { shape } = select;
    if (shape.kind === 'rows') {
      const rows = await runSelect<Record<string, unknown>>(this.#db, select);
      return { kind: 'rows', rows: rows.map((r) => aggregateRow(r, shape.names)) };
    }
    const rows = await runSelect<DocumentRow>(this.#db, select);
    const first = plan.sort[0] ? parseField(plan.sort[0].name) : undefined;
    if (first?.kind === 'content') this.indexes.afterSortedQuery(collection.id, first.path);
    return { kind: 'documents', rows };
  }

  async get(actor: Actor, collectionId: string, id: string): Promise<DocumentRow> {
    const { collection, principal } = await this.#open(actor, collectionId, 'readContent');
    const row = await findDocument(
      this.#db,
      collection.id,
      id,
      this.#filters(collection, principal, 'READ'),
    );
    if (!row) throw documentNotFound(id);
    return row;
  }

  /**
   * The collection and the content of every document the actor reads in it, in creation order:
   * what a document-store stream loads (READ_CONTENT; the collection's document filters apply).
   */
  async contents(actor: Actor, collectionId: string) {
    const { collection, principal } = await this.#open(actor, collectionId, 'readContent');
    const filters = this.#filters(collection, principal, 'READ');
    return { collection, contents: await documentContents(this.#db, collection.id, filters) };
  }

  async createOne(actor: Actor, collectionId: string, content: JsonObject): Promise<DocumentRow> {
    const { collection } = await this.#open(actor, collectionId, 'createContent');
    const row = await this.#creates.create(collection.id, actor.userId, content);
    this.indexes.afterWrite(1);
    return row;
  }

  /**
   * Bulk create: answers the count only, so 10,000 documents do not travel back. Written in
   * pieces that no reader sees, then published at once (staged-create.ts): all or nothing.
   */
  async createMany(actor: Actor, collectionId: string, docs: NewDocument[]): Promise<number> {
    const { collection } = await this.#open(actor, collectionId, 'createContent');
    const created = await stagedCreate(this.#db, collection, docs, actor.userId);
    this.indexes.afterWrite(created);
    return created;
  }

  async replace(
    actor: Actor,
    collectionId: string,
    id: string,
    content: JsonObject,
  ): Promise<DocumentRow> {
    const { principal } = await this.#open(actor, collectionId, 'updateContent');
    return this.#db.transaction(async (tx) => {
      const collection = await lockCollection(tx, collectionId, { markSyncRequired: true });
      const access = this.#filters(collection, principal, 'UPDATE');
      const [row] = await writeContents(tx, collection.id, [{ id, content }], actor.userId, access);
      if (!row) throw documentNotFound(id);
      this.indexes.afterWrite(1);
      return row;
    });
  }

  /** Deletes one document; 404 when the actor may not see it or it is not there. */
  async removeOne(actor: Actor, collectionId: string, id: string): Promise<void> {
    if ((await this.remove(actor, collectionId, [id])) === 0) throw documentNotFound(id);
  }

  /** Bulk delete: the documents of `ids` the actor may delete; answers how many went. */
  async remove(actor: Actor, collectionId: string, ids: string[]): Promise<number> {
    const { principal } = await this.#open(actor, collectionId, 'deleteContent');
    return this.#db.transaction(async (tx) => {
      const collection = await lockCollection(tx, collectionId);
      const deleted = await deleteDocuments(
        tx,
        collection.id,
        ids,
        this.#filters(collection, principal, 'DELETE'),
      );
      if (deleted)
        await recordEvent(
          tx,
          actor.userId,
          'documents.deleted',
          {
            type: 'collection',
            id: collection.id,
            name: collection.name,
            parent: collection.datastore_id,
          },
          { count: [undefined, deleted], ids: [ids.slice(0, 20), undefined] },
        );
      this.indexes.afterWrite(deleted);
      return deleted;
    });
  }

  /**
   * Bulk upsert: an `id` the actor may update is replaced; an unknown or absent `id` creates a
   * document (with that id); an id that exists but is hidden by a filter is left alone.
   */
  async upsert(actor: Actor, collectionId: string, items: NewDocument[]) {
    const { principal } = await this.#open(actor, collectionId, 'createContent', 'updateContent');
    const twice = firstRepeatedId(items);
    if (twice !== undefined) throw badRequest(`id ${twice} appears twice in the request`);
    return this.#db.transaction(async (tx) => {
      const collection = await lockCollection(tx, collectionId, { markSyncRequired: true });
      const access = this.#filters(collection, principal, 'UPDATE');
      const withIds = items.filter((i): i is Required<NewDocument> => i.id !== undefined);
      const written = await writeContents(tx, collection.id, withIds, actor.userId, access, {
        returning: 'documents.id',
      });
      const updated = new Set(written.map((r) => r.id));
      const fresh = items.filter((i) => i.id === undefined || !updated.has(i.id));
      const created = await insertDocuments(tx, collection, fresh, actor.userId, {
        returning: 'id',
      });
      this.indexes.afterWrite(updated.size + created.length);
      return { Updated: updated.size, Created: created.length };
    });
  }

  /** Partial update: the matching documents the actor may update; answers how many changed. */
  async updateMatching(
    actor: Actor,
    collectionId: string,
    query: JsonObject,
    operation: JsonObject,
  ): Promise<number> {
    const { collection, principal } = await this.#open(actor, collectionId, 'updateContent');
    const steps = parseOperation(operation);
    const access = this.#filters(collection, principal, 'UPDATE');
    const changed = await updateInPieces(
      this.#db,
      collection.id,
      actor.userId,
      access,
      query,
      steps,
    );
    this.indexes.afterWrite(changed);
    return changed;
  }

  #open(actor: Actor, collectionId: string, ...operations: CollectionOperation[]) {
    return this.datastores.open(actor, collectionId, ...operations);
  }

  /** The collection's document-level filters that apply to the principal for `operation`. */
  #filters(collection: CollectionRow, principal: Principal, operation: DocumentOperation) {
    return accessCondition(collection.filters, callerOf(principal), operation);
  }
}
