import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  bulkCreateBody,
  bulkUpsertBody,
  createDocumentBody,
  documentQueryParams,
  partialUpdateBody,
  replaceDocumentBody,
  type AnyDocument,
} from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { badRequest } from '../core/errors';
import { body, parseWith, query, readJson } from '../core/validate';
import type { DocumentService } from './documents';
import { toDocumentV1, toDocumentV2, type DocumentRow } from './mappers';
import { parsePlan } from './query/plan';

const versions: Record<'v1' | 'v2', (r: DocumentRow) => AnyDocument> = {
  v1: (r) => toDocumentV1(r),
  v2: toDocumentV2,
};

/** An id must fit one path segment, or the document could never be read or deleted again. */
const documentId = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^/\\?#%]+$/, 'a document id cannot hold / \\ ? # or %')
  .refine((id) => id !== '.' && id !== '..', 'a document id cannot be . or ..');
const upsertItems = bulkUpsertBody.element.extend({ id: documentId.optional() });
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

const CHECK_PIECE = 1_000;

/**
 * A bulk create's body (up to 10 MiB, some 100,000 documents) is checked CHECK_PIECE documents
 * at a time, letting other requests in between: checked at once, it would hold every other
 * request meanwhile. A bad document is named as the whole array's check would (`5.content: …`).
 */
async function bulkCreateItems(c: Context<PlatformEnv>) {
  const raw = await readJson(c);
  if (!Array.isArray(raw) || raw.length === 0) return parseWith(bulkCreateBody, raw);
  const items: Array<z.infer<typeof bulkCreateBody.element>> = [];
  for (let start = 0; start < raw.length; start += CHECK_PIECE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    raw.slice(start, start + CHECK_PIECE).forEach((item: unknown, k) => {
      const result = bulkCreateBody.element.safeParse(item);
      if (result.success) return void items.push(result.data);
      const issue = result.error.issues[0];
      throw badRequest(`${[start + k, ...(issue?.path ?? [])].join('.')}: ${issue?.message}`);
    });
  }
  return items;
}

/**
 * Documents under v1 and v2 (gaps.md): the same operations; each version answers in its form
 * (2.2). Access (404 without any permission to the collection, 403 naming the one needed) is
 * decided by the service, for the request's user.
 */
export function documentRoutes({ documents }: { documents: DocumentService }) {
  const r = new Hono<PlatformEnv>();
  for (const [version, form] of Object.entries(versions)) {
    const base = `/api/datastores/${version}/collections/:id/documents`;
    const collectionId = (c: Context<PlatformEnv>) => c.req.param('id') ?? '';

    r.get(base, async (c) => {
      const plan = parsePlan(query(c, listParams));
      const result = await documents.query(actorOf(c), collectionId(c), {}, plan);
      return c.json(result.kind === 'documents' ? result.rows.map(form) : result.rows);
    });

    r.post(`${base}/query`, async (c) => {
      const plan = parsePlan(query(c, documentQueryParams));
      const filter = (await readJson(c, { optional: true })) ?? {};
      const result = await documents.query(actorOf(c), collectionId(c), filter, plan);
      return c.json(result.kind === 'documents' ? result.rows.map(form) : result.rows);
    });

    r.post(`${base}/bulk`, async (c) => {
      const items = await bulkCreateItems(c);
      return c.json({ Created: await documents.createMany(actorOf(c), collectionId(c), items) });
    });

    r.put(`${base}/bulk`, async (c) => {
      const items = await body(c, z.array(upsertItems).min(1));
      return c.json(await documents.upsert(actorOf(c), collectionId(c), items));
    });

    r.delete(`${base}/bulk`, async (c) => {
      const { ids } = query(c, idsParam);
      return c.json({ Deleted: await documents.remove(actorOf(c), collectionId(c), ids) });
    });

    r.put(`${base}/update`, async (c) => {
      const { query: filter, operation } = await body(c, partialUpdateBody);
      return c.json(await documents.updateMatching(actorOf(c), collectionId(c), filter, operation));
    });

    // Spec 4.2: `content` omitted means an empty object. v1 answers createdBy here only (2.2).
    r.post(base, async (c) => {
      const { content } = parseWith(
        createDocumentBody,
        (await readJson(c, { optional: true })) ?? {},
      );
      const row = await documents.createOne(actorOf(c), collectionId(c), content ?? {});
      return c.json(
        version === 'v1' ? toDocumentV1(row, { withCreatedBy: true }) : toDocumentV2(row),
      );
    });

    r.get(`${base}/:docId`, async (c) => {
      return c.json(form(await documents.get(actorOf(c), collectionId(c), c.req.param('docId'))));
    });

    r.put(`${base}/:docId`, async (c) => {
      const { content } = await body(c, replaceDocumentBody);
      return c.json(
        form(await documents.replace(actorOf(c), collectionId(c), c.req.param('docId'), content)),
      );
    });

    r.delete(`${base}/:docId`, async (c) => {
      await documents.removeOne(actorOf(c), collectionId(c), c.req.param('docId'));
      return c.body(null, 204);
    });
  }
  return r;
}
