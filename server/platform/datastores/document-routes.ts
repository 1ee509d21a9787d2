import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createDocumentBody,
  documentQueryParams,
  partialUpdateBody,
  replaceDocumentBody,
  type AnyDocument,
} from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, parseWith, query, readJson, readRawBody } from '../core/validate';
import { bulkItems } from './bulk-body-thread';
import { documentId } from './document-id';
import type { DocumentService } from './documents';
import { toDocumentV1, toDocumentV2, type DocumentRow } from './mappers';
import { parsePlan } from './query/plan';

const versions: Record<'v1' | 'v2', (r: DocumentRow) => AnyDocument> = {
  v1: (r) => toDocumentV1(r),
  v2: toDocumentV2,
};

const listParams = documentQueryParams.pick({ limit: true, offset: true });

const idsParam = z.object({
  ids: z
    .string({ error: 'give the ids to delete: ?ids=a,b' })
    .transform((s) =>
      s
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(documentId).min(1, 'give the ids to delete: ?ids=a,b')),
});

/** Where the document routes answer, and which collection a path names. */
export interface DocumentPaths {
  /** The documents of a collection (`:id` in it names the collection), per version served. */
  bases: Partial<Record<'v1' | 'v2', string>>;
  collectionId: (c: Context<PlatformEnv>) => Promise<string> | string;
}

const instancePaths: DocumentPaths = {
  bases: {
    v1: '/api/datastores/v1/collections/:id/documents',
    v2: '/api/datastores/v2/collections/:id/documents',
  },
  collectionId: (c) => c.req.param('id') ?? '',
};

/**
 * Documents under v1 and v2 (gaps.md): the same operations; each version answers in its form
 * (2.2). Access (404 without any permission to the collection, 403 naming the one needed) is
 * decided by the service, for the request's user. A custom app mounts the same routes on its
 * own paths, naming its collections its way (apps/app-paths.ts).
 */
export function documentRoutes(
  { documents }: { documents: DocumentService },
  paths: DocumentPaths = instancePaths,
) {
  const r = new Hono<PlatformEnv>();
  for (const [version, form] of Object.entries(versions)) {
    const base = paths.bases[version as 'v1' | 'v2'];
    if (!base) continue;
    const { collectionId } = paths;

    r.get(base, async (c) => {
      const plan = parsePlan(query(c, listParams));
      const result = await documents.query(actorOf(c), await collectionId(c), {}, plan);
      return c.json(result.kind === 'documents' ? result.rows.map(form) : result.rows);
    });

    r.post(`${base}/query`, async (c) => {
      const plan = parsePlan(query(c, documentQueryParams));
      const filter = (await readJson(c, { optional: true })) ?? {};
      const result = await documents.query(actorOf(c), await collectionId(c), filter, plan);
      return c.json(result.kind === 'documents' ? result.rows.map(form) : result.rows);
    });

    // A large bulk body is parsed and checked off the event loop (bulk-body-thread.ts).
    r.post(`${base}/bulk`, async (c) => {
      const items = await bulkItems('create', await readRawBody(c));
      return c.json({
        Created: await documents.createMany(actorOf(c), await collectionId(c), items),
      });
    });

    r.put(`${base}/bulk`, async (c) => {
      const items = await bulkItems('upsert', await readRawBody(c));
      return c.json(await documents.upsert(actorOf(c), await collectionId(c), items));
    });

    r.delete(`${base}/bulk`, async (c) => {
      const { ids } = query(c, idsParam);
      return c.json({ Deleted: await documents.remove(actorOf(c), await collectionId(c), ids) });
    });

    r.put(`${base}/update`, async (c) => {
      const { query: filter, operation } = await body(c, partialUpdateBody);
      return c.json(
        await documents.updateMatching(actorOf(c), await collectionId(c), filter, operation),
      );
    });

    // Spec 4.2: `content` omitted means an empty object. v1 answers createdBy here only (2.2).
    r.post(base, async (c) => {
      const { content } = parseWith(
        createDocumentBody,
        (await readJson(c, { optional: true })) ?? {},
      );
      const row = await documents.createOne(actorOf(c), await collectionId(c), content ?? {});
      return c.json(
        version === 'v1' ? toDocumentV1(row, { withCreatedBy: true }) : toDocumentV2(row),
      );
    });

    r.get(`${base}/:docId`, async (c) => {
      return c.json(
        form(await documents.get(actorOf(c), await collectionId(c), c.req.param('docId'))),
      );
    });

    r.put(`${base}/:docId`, async (c) => {
      const { content } = await body(c, replaceDocumentBody);
      return c.json(
        form(
          await documents.replace(actorOf(c), await collectionId(c), c.req.param('docId'), content),
        ),
      );
    });

    r.delete(`${base}/:docId`, async (c) => {
      await documents.removeOne(actorOf(c), await collectionId(c), c.req.param('docId'));
      return c.body(null, 204);
    });
  }
  return r;
}
