import { Hono } from 'hono';
import { z } from 'zod';
import { createDocumentBody } from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { parseWith, query, readJson } from '../core/validate';
import { toCollection, toDatastore, toDocumentV2 } from './mappers';
import { getCollection, insertDocuments, listCollections, listDatastores } from './repository';

const collectionsQuery = z.object({ datastoreId: z.string().optional() });

export function datastoreRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  const v1 = '/api/datastores/v1';

  r.get(`${v1}/`, async (c) => c.json((await listDatastores(db)).map(toDatastore)));
  r.get(v1, async (c) => c.json((await listDatastores(db)).map(toDatastore)));

  r.get(`${v1}/collections`, async (c) => {
    const { datastoreId } = query(c, collectionsQuery);
    return c.json((await listCollections(db, datastoreId)).map(toCollection));
  });
  r.get(`${v1}/collections/:id`, async (c) =>
    c.json(toCollection(await getCollection(db, c.req.param('id')))),
  );
  r.get(`${v1}/:datastoreId/collections`, async (c) =>
    c.json((await listCollections(db, c.req.param('datastoreId'))).map(toCollection)),
  );

  // Spec 4.2: v2 form; `content` omitted means an empty object.
  r.post('/api/datastores/v2/collections/:id/documents', async (c) => {
    const collection = await getCollection(db, c.req.param('id'));
    const { content } = parseWith(createDocumentBody, (await readJson(c, { optional: true })) ?? {});
    const [doc] = await db.transaction((tx) =>
      insertDocuments(tx, collection, [content ?? {}], c.get('userId')),
    );
    return c.json(toDocumentV2(doc!));
  });

  return r;
}
