import type { CreateCollectionBody, UpdateCollectionBody } from '../../../src/api/contract';
import {
  collectionDecisions,
  collectionOperationWords,
  datastoreRefusal,
  decideCollection,
  decideDatastore,
  operationsToUpdate,
  permissionsOnCollection,
  type CollectionOperation,
  type CollectionPermission,
  type DatastoreOperation,
} from '../access/collections';
import { enforce } from '../access/enforce';
import { hide, listScope, type Actor, type Principal } from '../access/principal';
import { changed, created, recordEvent, removed } from '../audit/record';
import { badRequest, notFound } from '../core/errors';
import type { Principals } from '../people/principals';
import type { Db } from '../store';
import { checkFilters, checkPermissions, checkSchema } from './collection-settings';
import { toCollection, type CollectionRow, type DatastoreRow } from './mappers';
import {
  collectionNotFound,
  createCollection,
  createDatastore,
  datastoreNotFound,
  deleteCollection,
  deleteCollectionGrant,
  findCollection,
  findCollectionGrant,
  findDatastore,
  listCollectionGrants,
  listCollectionsIn,
  listDatastoresIn,
  principalExists,
  putCollectionGrant,
  readSyncStatus,
  updateCollection,
  userExists,
} from './repository';
import type { GrantPrincipal } from '../access/collections';
import type { SortIndexesAndStatistics } from './sort-indexes-and-statistics';
import type { DocumentSync } from './sync';

/** A collection the actor may take the operations asked on, with what the decision knew. */
export interface OpenedCollection {
  collection: CollectionRow;
  principal: Principal;
  permissions: ReadonlySet<CollectionPermission>;
}

const datastoreOperationWords: Record<DatastoreOperation, string> = {
  read: 'see it',
  manage: 'do this',
};

/**
 * Datastores and their collections: lists, settings, who may use each collection, and "sync
 * now". Every path to a collection (the collection and document routes, the documents service,
 * whoever calls it) opens it here as its acting user: 404 when they have no permission to it,
 * 403 naming the permission needed.
 */
export class DatastoreService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly indexes: SortIndexesAndStatistics,
    private readonly sync: DocumentSync,
  ) {}

  /** The collection, once the actor holds the permission each of `operations` needs (read by default). */
  async open(
    actor: Actor,
    id: string,
    ...operations: CollectionOperation[]
  ): Promise<OpenedCollection> {
    const principal = await this.principals.of(actor);
    const found = await findCollection(this.db, id, principal);
    const permissions = found
      ? permissionsOnCollection(principal, found.collection, found.datastoreOwner, found.grants)
      : new Set<CollectionPermission>();
    for (const operation of operations.length ? operations : (['read'] as const))
      enforce(
        decideCollection(permissions, operation),
        () => collectionNotFound(id),
        (needed) =>
          `You need the ${needed} permission to ${collectionOperationWords[operation]} collection ${found!.collection.name}`,
      );
    return { collection: found!.collection, principal, permissions };
  }

  /** The datastores the actor may see: their own, and those of the collections they may see. */
  async list(actor: Actor): Promise<DatastoreRow[]> {
    return listDatastoresIn(this.db, listScope(await this.principals.of(actor)));
  }

  /** A datastore of the actor's own: every user may make one. */
  async create(actor: Actor, name: string): Promise<DatastoreRow> {
    return createDatastore(this.db, name, actor.userId);
  }

  /** The collections the actor may see, of one datastore or of all. */
  async listCollections(actor: Actor, datastoreId?: string): Promise<CollectionRow[]> {
    return listCollectionsIn(this.db, listScope(await this.principals.of(actor)), datastoreId);
  }

  /** The collections of a datastore the actor may see (404 when they may not see it). */
  async collectionsOf(actor: Actor, datastoreId: string): Promise<CollectionRow[]> {
    const { datastore, principal } = await this.#openDatastore(actor, datastoreId, 'read');
    return listCollectionsIn(this.db, listScope(principal), datastore.id);
  }

  async createCollection(
    actor: Actor,
    datastoreId: string,
    input: CreateCollectionBody,
  ): Promise<CollectionRow> {
    const { datastore } = await this.#openDatastore(actor, datastoreId, 'manage');
    const schema = input.schema ?? { columns: [] };
    checkSchema(schema);
    if (input.filters) checkFilters(input.filters);
    if (input.defaultPermissions) checkPermissions(input.defaultPermissions);
    return this.db.transaction(async (tx) => {
      const made = await createCollection(tx, {
        datastoreId: datastore.id,
        name: input.name,
        schema,
        syncEnabled: input.syncEnabled ?? false,
        owner: actor.userId,
        defaultPermissions: input.defaultPermissions,
        requiredAuthorities: input.requiredAuthorities,
        filters: input.filters,
        exportable: input.exportable,
      });
      await recordEvent(
        tx,
        actor.userId,
        'collection.created',
        { type: 'collection', id: made.id, name: made.name, parent: made.datastore_id },
        created({
          datastore: datastore.id,
          syncEnabled: made.sync_enabled,
          exportable: made.exportable,
        }),
      );
      return made;
    });
  }

  async getCollection(actor: Actor, id: string): Promise<CollectionRow> {
    return (await this.open(actor, id, 'read')).collection;
  }

  /**
   * A partial update (gaps.md): the permission each changed setting needs is checked before
   * anything is judged or written.
   */
  async updateCollection(
    actor: Actor,
    id: string,
    changes: UpdateCollectionBody,
  ): Promise<CollectionRow> {
    const { collection: before } = await this.open(actor, id, ...operationsToUpdate(changes));
    if (changes.schema) checkSchema(changes.schema);
    if (changes.filters) checkFilters(changes.filters);
    if (changes.defaultPermissions) checkPermissions(changes.defaultPermissions);
    if (changes.owner !== undefined && !(await userExists(this.db, changes.owner)))
      throw badRequest(`owner: no user has the id ${changes.owner}`);
    return this.db.transaction(async (tx) => {
      const row = await updateCollection(tx, before.id, changes, actor.userId);
      await recordEvent(
        tx,
        actor.userId,
        'collection.changed',
        { type: 'collection', id: row.id, name: row.name, parent: row.datastore_id },
        changed(toCollection(before), changes),
      );
      return row;
    });
  }

  /** The collection and its documents; its sort indexes first, which would otherwise stay. */
  async deleteCollection(actor: Actor, id: string): Promise<CollectionRow> {
    const { collection } = await this.open(actor, id, 'delete');
    await this.indexes.dropSortIndexes(collection.id);
    return this.db.transaction(async (tx) => {
      const gone = await deleteCollection(tx, collection.id);
      await recordEvent(
        tx,
        actor.userId,
        'collection.deleted',
        { type: 'collection', id: gone.id, name: gone.name, parent: gone.datastore_id },
        removed({ datastore: gone.datastore_id, owner: gone.owner }),
      );
      return gone;
    });
  }

  /** Who was given permissions on the collection (the public AppDB path). */
  async permissions(actor: Actor, id: string) {
    const { collection } = await this.open(actor, id, 'read');
    return listCollectionGrants(this.db, collection.id);
  }

  /** Sets the permissions of a user or group on the collection; none removes theirs. */
  async grant(
    actor: Actor,
    id: string,
    principal: GrantPrincipal,
    permissions: readonly CollectionPermission[],
  ): Promise<void> {
    const { collection } = await this.open(actor, id, 'share');
    if (!(await principalExists(this.db, principal)))
      throw badRequest(`id: no ${principal.type.toLowerCase()} ${principal.id}`);
    const after = [...new Set(permissions)];
    await this.db.transaction(async (tx) => {
      const before = await findCollectionGrant(tx, collection.id, principal);
      await recordEvent(
        tx,
        actor.userId,
        after.length ? 'collection.permission-granted' : 'collection.permission-revoked',
        {
          type: 'collection',
          id: collection.id,
          name: collection.name,
          parent: collection.datastore_id,
        },
        { [`${principal.type}:${principal.id}`]: [before, after.length ? after : undefined] },
      );
      if (after.length) await putCollectionGrant(tx, collection.id, principal, after);
      else await deleteCollectionGrant(tx, collection.id, principal);
    });
  }

  /** Removes the permissions of a user or group on the collection (404 when they had none). */
  async revoke(actor: Actor, id: string, principal: GrantPrincipal): Promise<void> {
    const { collection } = await this.open(actor, id, 'share');
    await this.db.transaction(async (tx) => {
      const gone = await deleteCollectionGrant(tx, collection.id, principal);
      if (!gone)
        throw notFound(`${principal.type} ${principal.id} has no permission on ${collection.name}`);
      await recordEvent(
        tx,
        actor.userId,
        'collection.permission-revoked',
        {
          type: 'collection',
          id: collection.id,
          name: collection.name,
          parent: collection.datastore_id,
        },
        { [`${principal.type}:${principal.id}`]: [gone, undefined] },
      );
    });
  }

  /** What the actor may do with the collection, for the console to disable the rest. */
  async access(actor: Actor, id: string) {
    const { permissions } = await this.open(actor, id, 'read');
    return { permissions: [...permissions].sort(), operations: collectionDecisions(permissions) };
  }

  /**
   * Sync now (the datastore's export, gaps.md): every sync-enabled collection of the datastore,
   * answered when done; 423 while one runs. Those who manage the datastore start it.
   */
  async syncNow(actor: Actor, datastoreId: string) {
    const { datastore } = await this.#openDatastore(actor, datastoreId, 'manage', 'sync it now');
    return readSyncStatus(this.db, await this.sync.syncDatastore(datastore.id));
  }

  async syncStatus(actor: Actor, id: string) {
    const { collection } = await this.open(actor, id, 'read');
    const [status] = await readSyncStatus(this.db, [collection.id]);
    if (!status) throw collectionNotFound(id);
    return status;
  }

  /** The datastore, 404 when the actor may not see it, 403 unless they may `operation` it. */
  async #openDatastore(
    actor: Actor,
    id: string,
    operation: DatastoreOperation,
    words = datastoreOperationWords[operation],
  ) {
    const principal = await this.principals.of(actor);
    const found = await findDatastore(this.db, id, listScope(principal));
    enforce(
      found ? decideDatastore(principal, found.datastore, found.seesACollection, operation) : hide,
      () => datastoreNotFound(id),
      () => datastoreRefusal(found!.datastore.name, words),
    );
    return { datastore: found!.datastore, principal };
  }
}
