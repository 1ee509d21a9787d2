import { created, recordEvent, removed } from '../audit/record';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createCollectionBody,
  createDatastoreBody,
  permissionNames,
  updateCollectionBody,
} from '../../../src/api/contract';
import {
  collectionAbilities,
  collectionFor,
  parsePermissionList,
  visibleCollectionSql,
} from '../access/collections';
import { principalOf } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { badRequest, forbidden, notFound } from '../core/errors';
import { body, query } from '../core/validate';
import {
  checkFilters,
  checkPermissions,
  checkSchema,
  updateCollectionSettings,
} from './collection-settings';
import { documentRoutes } from './document-routes';
import { DocumentService } from './document-service';
import {
  toCollection,
  toDatastore,
  toSyncStatus,
  type CollectionRow,
  type DatastoreRow,
} from './mappers';
import {
  createCollection,
  createDatastore,
  deleteCollection,
  datastoreNotFound,
} from './repository';
import { readSyncStatus, startDocumentSync } from './sync';
import { DocumentUpkeep } from './upkeep';

const collectionsQuery = z.object({ datastoreId: z.string().optional() });
const permissionQuery = z.object({
  permissions: z
    .string({ error: 'permissions: give them as ?permissions=read,read_content' })
    .max(500),
});

export function datastoreRoutes(deps: PlatformDeps) {
  const { db } = deps;
  const sync = startDocumentSync(deps);
  const upkeep = new DocumentUpkeep(db, deps.jobs, deps.log);
  const r = new Hono<PlatformEnv>();
  const v1 = '/api/datastores/v1';

  // Issue 14: lists hold what the caller may see; a datastore is seen by its owner, by Admins,
  // and by whoever may see one of its collections.
  const visibleCollections = (userId: number, datastoreId?: string) =>
    db.query<CollectionRow>(
      `SELECT c.* FROM collections c WHERE ($2::text IS NULL OR c.datastore_id = $2)
         AND ${visibleCollectionSql('$1::int')} ORDER BY c.name, c.id`,
      [userId, datastoreId ?? null],
    );
  const visibleDatastores = (userId: number, id?: string) =>
    db.query<DatastoreRow>(
      `SELECT d.* FROM datastores d WHERE ($2::text IS NULL OR d.id = $2) AND (
         d.owner = $1 OR EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND u.role = 'Admin')
         OR EXISTS (SELECT 1 FROM collections c WHERE c.datastore_id = d.id
                    AND ${visibleCollectionSql('$1::int')}))
       ORDER BY d.name, d.id`,
      [userId, id ?? null],
    );
  /** The datastore, 404 when the caller may not see it; `manage`: 403 unless owner or Admin. */
  const datastoreFor = async (c: Context<PlatformEnv>, id: string, manage = false) => {
    const [datastore] = await visibleDatastores(c.get('userId'), id);
    if (!datastore) throw datastoreNotFound(id);
    if (manage && datastore.owner !== c.get('userId')) {
      const principal = await principalOf(db, c.get('userId'));
      if (principal.role !== 'Admin')
        throw forbidden(`Only the owner of datastore ${datastore.name} or an Admin may do this`);
    }
    return datastore;
  };

  const listAll = async (c: Context<PlatformEnv>) =>
    c.json((await visibleDatastores(c.get('userId'))).map(toDatastore));
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
    return c.json((await visibleCollections(c.get('userId'), datastoreId)).map(toCollection));
  });
  r.get(`${v1}/collections/:id`, async (c) =>
    c.json(toCollection(await collectionFor(c, db, c.req.param('id'), 'read'))),
  );

  r.put(`${v1}/collections/:id`, async (c) => {
    const changes = await body(c, updateCollectionBody);
    return c.json(
      toCollection(await updateCollectionSettings(db, c.get('userId'), c.req.param('id'), changes)),
    );
  });

  r.delete(`${v1}/collections/:id`, async (c) => {
    const collection = await collectionFor(c, db, c.req.param('id'), 'delete');
    await upkeep.dropSortIndexes(collection.id);
    const row = await db.transaction(async (tx) => {
      const gone = await deleteCollection(tx, collection.id);
      await recordEvent(
        tx,
        c.get('userId'),
        'collection.deleted',
        { type: 'collection', id: gone.id, name: gone.name, parent: gone.datastore_id },
        removed({ datastore: gone.datastore_id, owner: gone.owner }),
      );
      return gone;
    });
    return c.json(toCollection(row));
  });

  r.get(`${v1}/collections/:id/sync`, async (c) => {
    const id = c.req.param('id');
    await collectionFor(c, db, id, 'read');
    const [status] = await readSyncStatus(db, [id]);
    return c.json(toSyncStatus(status!));
  });

  r.get(`${v1}/:datastoreId/collections`, async (c) => {
    const datastore = await datastoreFor(c, c.req.param('datastoreId'));
    return c.json((await visibleCollections(c.get('userId'), datastore.id)).map(toCollection));
  });

  r.post(`${v1}/:datastoreId/collections`, async (c) => {
    const datastore = await datastoreFor(c, c.req.param('datastoreId'), true);
    const input = await body(c, createCollectionBody);
    const schema = input.schema ?? { columns: [] };
    checkSchema(schema);
    if (input.filters) checkFilters(input.filters);
    if (input.defaultPermissions) checkPermissions(input.defaultPermissions);
    const row = await db.transaction(async (tx) => {
      const made = await createCollection(tx, {
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
      await recordEvent(
        tx,
        c.get('userId'),
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
    return c.json(toCollection(row));
  });

  // Sync now (gaps.md): answers when the sync is done; 423 while one runs.
  r.post(`${v1}/export/:datastoreId`, async (c) => {
    const datastoreId = c.req.param('datastoreId');
    const synced = await sync.syncDatastore(datastoreId, c.get('userId'));
    const statuses = await readSyncStatus(db, synced);
    return c.json({ datastoreId, collections: statuses.map(toSyncStatus) });
  });

  // Collection permissions (issue 14; the public AppDB path): who may do what with a collection.
  r.get(`${v1}/collections/:id/permission`, async (c) => {
    const collection = await collectionFor(c, db, c.req.param('id'), 'read');
    const rows = await db.query<{ type: string; id: number; name: string; permissions: string[] }>(
      `SELECT p.principal_type AS type, p.principal_id AS id,
         coalesce(u.display_name, g.name, '') AS name, p.permissions
       FROM collection_permissions p
       LEFT JOIN users u ON p.principal_type = 'USER' AND u.id = p.principal_id
       LEFT JOIN user_groups g ON p.principal_type = 'GROUP' AND g.id = p.principal_id
       WHERE p.collection_id = $1 ORDER BY p.principal_type DESC, lower(coalesce(u.display_name, g.name)), p.principal_id`,
      [collection.id],
    );
    return c.json(rows);
  });
  r.put(`${v1}/collections/:id/permission/:type/:principalId`, async (c) => {
    const collection = await collectionFor(c, db, c.req.param('id'), 'share');
    const principal = await principalParams(c);
    const given = query(c, permissionQuery).permissions;
    const permissions = parsePermissionList(given);
    const unknown = given
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p && !permissions.includes(p.toUpperCase() as never));
    if (unknown.length)
      throw badRequest(
        `permissions: unknown permission ${unknown.join(', ')} (use ${permissionNames.join(', ')})`,
      );
    await db.transaction(async (tx) => {
      const [before] = await tx.query<{ permissions: string[] }>(
        'SELECT permissions FROM collection_permissions WHERE collection_id = $1 AND principal_type = $2 AND principal_id = $3',
        [collection.id, principal.type, principal.id],
      );
      const after = [...new Set(permissions)];
      await recordEvent(
        tx,
        c.get('userId'),
        after.length ? 'collection.permission-granted' : 'collection.permission-revoked',
        {
          type: 'collection',
          id: collection.id,
          name: collection.name,
          parent: collection.datastore_id,
        },
        {
          [`${principal.type}:${principal.id}`]: [
            before?.permissions,
            after.length ? after : undefined,
          ],
        },
      );
      if (permissions.length === 0)
        await tx.query(
          `DELETE FROM collection_permissions WHERE collection_id = $1 AND principal_type = $2 AND principal_id = $3`,
          [collection.id, principal.type, principal.id],
        );
      else
        await tx.query(
          `INSERT INTO collection_permissions (collection_id, principal_type, principal_id, permissions)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (collection_id, principal_type, principal_id) DO UPDATE SET permissions = $4`,
          [collection.id, principal.type, principal.id, after],
        );
    });
    return c.json({});
  });
  r.delete(`${v1}/collections/:id/permission/:type/:principalId`, async (c) => {
    const collection = await collectionFor(c, db, c.req.param('id'), 'share');
    const principal = await principalParams(c);
    await db.transaction(async (tx) => {
      const gone = await tx.query<{ permissions: string[] }>(
        `DELETE FROM collection_permissions WHERE collection_id = $1 AND principal_type = $2
           AND principal_id = $3 RETURNING permissions`,
        [collection.id, principal.type, principal.id],
      );
      if (gone.length === 0)
        throw notFound(`${principal.type} ${principal.id} has no permission on ${collection.name}`);
      await recordEvent(
        tx,
        c.get('userId'),
        'collection.permission-revoked',
        {
          type: 'collection',
          id: collection.id,
          name: collection.name,
          parent: collection.datastore_id,
        },
        { [`${principal.type}:${principal.id}`]: [gone[0]!.permissions, undefined] },
      );
    });
    return c.body(null, 204);
  });
  const principalParams = async (c: Context<PlatformEnv>) => {
    const type = c.req.param('type')?.toUpperCase();
    const id = Number(c.req.param('principalId'));
    if (type !== 'USER' && type !== 'GROUP')
      throw badRequest(`type: ${c.req.param('type')} is not USER or GROUP`);
    if (!Number.isInteger(id) || id <= 0)
      throw badRequest(`id: ${c.req.param('principalId')} is not a ${type.toLowerCase()} id`);
    const [found] = await db.query(
      type === 'USER'
        ? 'SELECT 1 FROM users WHERE id = $1'
        : 'SELECT 1 FROM user_groups WHERE id = $1',
      [id],
    );
    if (!found) throw badRequest(`id: no ${type.toLowerCase()} ${id}`);
    return { type, id };
  };
  // What the caller may do with one collection: the console disables the rest.
  r.get('/api/access/v1/collections/:id', async (c) => {
    const collection = await collectionFor(c, db, c.req.param('id'), 'read');
    return c.json(await collectionAbilities(db, c.get('userId'), collection));
  });

  r.route('/', documentRoutes(new DocumentService(db, upkeep)));
  return r;
}
