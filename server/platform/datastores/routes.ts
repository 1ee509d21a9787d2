import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createCollectionBody,
  createDatastoreBody,
  permissionNames,
  updateCollectionBody,
  type CollectionFilter,
  type CollectionSchema,
} from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { PlatformError, badRequest } from '../core/errors';
import { body, query } from '../core/validate';
import { documentRoutes } from './document-routes';
import { DocumentService } from './document-service';
import { toCollection, toDatastore, toSyncStatus } from './mappers';
import { translateFilter } from './query/filter';
import {
  createCollection,
  createDatastore,
  deleteCollection,
  getCollection,
  getDatastore,
  listCollections,
  listDatastores,
  updateCollection,
  userExists,
} from './repository';
import { readSyncStatus, startDocumentSync } from './sync';
import { DocumentUpkeep } from './upkeep';

const collectionsQuery = z.object({ datastoreId: z.string().optional() });

/** Schema column names are unique within a collection: they become the linked dataset's columns. */
function checkSchema(schema: CollectionSchema) {
  const seen = new Set<string>();
  for (const { name } of schema.columns) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) throw badRequest(`schema.columns: the column name ${name} appears twice`);
    seen.add(key);
  }
}

function checkFilters(filters: CollectionFilter[]) {
  filters.forEach((f, i) => {
    try {
      translateFilter(f.query);
    } catch (error) {
      if (error instanceof PlatformError) throw badRequest(`filters.${i}.query: ${error.message}`);
      throw error;
    }
  });
}

function checkPermissions(text: string) {
  for (const item of text.split(',').map((s) => s.trim())) {
    if (!(permissionNames as readonly string[]).includes(item))
      throw badRequest(
        `defaultPermissions: unknown permission ${item} (use ${permissionNames.join(', ')})`,
      );
  }
}

export function datastoreRoutes(deps: PlatformDeps) {
  const { db } = deps;
  const sync = startDocumentSync(deps);
  const upkeep = new DocumentUpkeep(db, deps.jobs, deps.log);
  const r = new Hono<PlatformEnv>();
  const v1 = '/api/datastores/v1';

  const listAll = async (c: Context<PlatformEnv>) =>
    c.json((await listDatastores(db)).map(toDatastore));
  const create = async (c: Context<PlatformEnv>) => {
    const { name } = await body(c, createDatastoreBody);
    return c.json(toDatastore(await createDatastore(db, name, c.get('userId'))));
  };
  r.get(`${v1}/`, listAll);
  r.get(v1, listAll);
  r.post(`${v1}/`, create);
  r.post(v1, create);

  r.get(`${v1}/collections`, async (c) => {
    const { datastoreId } = query(c, collectionsQuery);
    return c.json((await listCollections(db, datastoreId)).map(toCollection));
  });
  r.get(`${v1}/collections/:id`, async (c) =>
    c.json(toCollection(await getCollection(db, c.req.param('id')))),
  );

  r.put(`${v1}/collections/:id`, async (c) => {
    const changes = await body(c, updateCollectionBody);
    if (changes.schema) checkSchema(changes.schema);
    if (changes.filters) checkFilters(changes.filters);
    if (changes.defaultPermissions) checkPermissions(changes.defaultPermissions);
    if (changes.owner !== undefined && !(await userExists(db, changes.owner)))
      throw badRequest(`owner: no user has the id ${changes.owner}`);
    return c.json(
      toCollection(await updateCollection(db, c.req.param('id'), changes, c.get('userId'))),
    );
  });

  r.delete(`${v1}/collections/:id`, async (c) => {
    const collection = await getCollection(db, c.req.param('id'));
    await upkeep.dropSortIndexes(collection.id);
    return c.json(toCollection(await deleteCollection(db, collection.id)));
  });

  r.get(`${v1}/collections/:id/sync`, async (c) => {
    const id = c.req.param('id');
    const [status] = await readSyncStatus(db, [id]);
    if (!status) await getCollection(db, id);
    return c.json(toSyncStatus(status!));
  });

  r.get(`${v1}/:datastoreId/collections`, async (c) => {
    const datastore = await getDatastore(db, c.req.param('datastoreId'));
    return c.json((await listCollections(db, datastore.id)).map(toCollection));
  });

  r.post(`${v1}/:datastoreId/collections`, async (c) => {
    const datastore = await getDatastore(db, c.req.param('datastoreId'));
    const input = await body(c, createCollectionBody);
    const schema = input.schema ?? { columns: [] };
    checkSchema(schema);
    if (input.filters) checkFilters(input.filters);
    if (input.defaultPermissions) checkPermissions(input.defaultPermissions);
    const row = await createCollection(db, {
      datastoreId: datastore.id,
      name: input.name,
      schema,
      syncEnabled: input.syncEnabled ?? false,
      owner: c.get('userId'),
      defaultPermissions: input.defaultPermissions,
      requiredAuthorities: input.requiredAuthorities,
      filters: input.filters,
      exportable: input.exportable,
    });
    return c.json(toCollection(row));
  });

  // Sync now (gaps.md): answers when the sync is done; 423 while one runs.
  r.post(`${v1}/export/:datastoreId`, async (c) => {
    const datastoreId = c.req.param('datastoreId');
    const synced = await sync.syncDatastore(datastoreId);
    const statuses = await readSyncStatus(db, synced);
    return c.json({ datastoreId, collections: statuses.map(toSyncStatus) });
  });

  r.route('/', documentRoutes(new DocumentService(db, upkeep)));
  return r;
}
