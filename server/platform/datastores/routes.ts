import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createCollectionBody,
  createDatastoreBody,
  permissionNames,
  updateCollectionBody,
} from '../../../src/api/contract';
import { parsePermissionList } from '../access/collections';
import { actorOf, type PlatformEnv } from '../core/http';
import { badRequest } from '../core/errors';
import { body, query } from '../core/validate';
import { documentRoutes } from './document-routes';
import type { DocumentService } from './documents';
import { toCollection, toDatastore, toSyncStatus } from './mappers';
import type { GrantPrincipal } from '../access/collections';
import type { DatastoreService } from './service';

const collectionsQuery = z.object({ datastoreId: z.string().optional() });
const permissionQuery = z.object({
  permissions: z
    .string({ error: 'permissions: give them as ?permissions=read,read_content' })
    .max(500),
});

/** The user or group of a permission path (`.../permission/:type/:principalId`). */
export function grantPrincipal(c: Context<PlatformEnv>): GrantPrincipal {
  const type = c.req.param('type')?.toUpperCase();
  const id = Number(c.req.param('principalId'));
  if (type !== 'USER' && type !== 'GROUP')
    throw badRequest(`type: ${c.req.param('type')} is not USER or GROUP`);
  if (!Number.isInteger(id) || id <= 0)
    throw badRequest(`id: ${c.req.param('principalId')} is not a ${type.toLowerCase()} id`);
  return { type, id };
}

/** `?permissions=read,read_content`: each a permission's name, any case. */
export function permissionsParam(c: Context<PlatformEnv>) {
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
  return permissions;
}

/**
 * Datastores, collections and their permissions (gaps.md; the permission paths are the public
 * AppDB's), sync now, and the documents (document-routes.ts). Lists hold what the caller may see.
 */
export function datastoreRoutes({
  datastores,
  documents,
}: {
  datastores: DatastoreService;
  documents: DocumentService;
}) {
  const r = new Hono<PlatformEnv>();
  const v1 = '/api/datastores/v1';

  const listAll = async (c: Context<PlatformEnv>) =>
    c.json((await datastores.list(actorOf(c))).map(toDatastore));
  const create = async (c: Context<PlatformEnv>) => {
    const { name } = await body(c, createDatastoreBody);
    return c.json(toDatastore(await datastores.create(actorOf(c), name)));
  };
  r.get(`${v1}/`, listAll);
  r.get(v1, listAll);
  r.post(`${v1}/`, create);
  r.post(v1, create);

  r.get(`${v1}/collections`, async (c) => {
    const { datastoreId } = query(c, collectionsQuery);
    return c.json((await datastores.listCollections(actorOf(c), datastoreId)).map(toCollection));
  });
  r.get(`${v1}/collections/:id`, async (c) =>
    c.json(toCollection(await datastores.getCollection(actorOf(c), c.req.param('id')))),
  );
  r.put(`${v1}/collections/:id`, async (c) => {
    const changes = await body(c, updateCollectionBody);
    return c.json(
      toCollection(await datastores.updateCollection(actorOf(c), c.req.param('id'), changes)),
    );
  });
  r.delete(`${v1}/collections/:id`, async (c) =>
    c.json(toCollection(await datastores.deleteCollection(actorOf(c), c.req.param('id')))),
  );

  r.get(`${v1}/collections/:id/sync`, async (c) =>
    c.json(toSyncStatus(await datastores.syncStatus(actorOf(c), c.req.param('id')))),
  );

  r.get(`${v1}/:datastoreId/collections`, async (c) =>
    c.json(
      (await datastores.collectionsOf(actorOf(c), c.req.param('datastoreId'))).map(toCollection),
    ),
  );
  r.post(`${v1}/:datastoreId/collections`, async (c) => {
    const input = await body(c, createCollectionBody);
    return c.json(
      toCollection(
        await datastores.createCollection(actorOf(c), c.req.param('datastoreId'), input),
      ),
    );
  });

  // Sync now (gaps.md): answers when the sync is done; 423 while one runs.
  r.post(`${v1}/export/:datastoreId`, async (c) => {
    const datastoreId = c.req.param('datastoreId');
    const statuses = await datastores.syncNow(actorOf(c), datastoreId);
    return c.json({ datastoreId, collections: statuses.map(toSyncStatus) });
  });

  // Who may do what with a collection (the public AppDB paths).
  r.get(`${v1}/collections/:id/permission`, async (c) =>
    c.json(await datastores.permissions(actorOf(c), c.req.param('id'))),
  );
  r.put(`${v1}/collections/:id/permission/:type/:principalId`, async (c) => {
    const principal = grantPrincipal(c);
    const permissions = permissionsParam(c);
    await datastores.grant(actorOf(c), c.req.param('id'), principal, permissions);
    return c.json({});
  });
  r.delete(`${v1}/collections/:id/permission/:type/:principalId`, async (c) => {
    await datastores.revoke(actorOf(c), c.req.param('id'), grantPrincipal(c));
    return c.body(null, 204);
  });

  // What the caller may do with one collection: the console disables the rest.
  r.get('/api/access/v1/collections/:id', async (c) =>
    c.json(await datastores.access(actorOf(c), c.req.param('id'))),
  );

  r.route('/', documentRoutes({ documents }));
  return r;
}
