import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ACKNOWLEDGE_UNSAFE_PARAM,
  dataFileExpand,
  PREVIEW_MAX_LINES,
  queryBool,
  queryInt,
} from '../../../src/api/contract';
import { dataFileAccess } from '../../../src/api/contract/file-access';
import { actorOf, type PlatformEnv } from '../core/http';
import { downloadHeaders } from '../core/download';
import { query } from '../core/validate';
import { toFileMetadata, type Expand } from './mappers';
import type { DataFileService } from './service';
import { uploadBody } from './upload-stream';

const uploadParams = z.object({
  name: z.string().trim().min(1).max(255),
  description: z.string().max(4000).optional(),
});
const expandParam = z
  .string()
  .optional()
  .transform((v, ctx): Expand => {
    const parts = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const out: Expand = new Set();
    for (const part of parts) {
      const ok = dataFileExpand.safeParse(part);
      if (ok.success) out.add(ok.data);
      else
        ctx.addIssue({ code: 'custom', message: `expected revisions or metadata, not "${part}"` });
    }
    return out;
  });
const previewParams = z.object({ lines: queryInt(1, PREVIEW_MAX_LINES).optional() });
const detailsParams = z.object({ expand: expandParam });
/** gaps.md: an UNSAFE revision downloads only when the caller says they know. */
const downloadParams = z.object({ [ACKNOWLEDGE_UNSAFE_PARAM]: queryBool.optional() });
const listParams = detailsParams.extend({
  limit: queryInt(1, 500).optional(),
  offset: queryInt(0, 1_000_000).optional(),
  /** gaps.md: files whose name contains this text, case-insensitive (the console's search). */
  nameLike: z.string().trim().max(255).optional(),
  /** `ids=a,b`: only those files, in that order (public clients send it). */
  ids: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const ids = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0 || ids.length > 500 || ids.some((id) => !/^\d{1,9}$/.test(id))) {
        ctx.addIssue({
          code: 'custom',
          message: 'expected 1 to 500 data file ids, comma-separated',
        });
        return z.NEVER;
      }
      return ids.map(Number);
    }),
});

const DATA_FILES = '/api/data/v1/data-files';

/**
 * Data files and their revisions (spec 2.7, 4.12; gaps.md "Filesets and data files"), and what
 * the caller may do with one. An upload's body is handed over unread: the service decides, then
 * streams it to the file store (the raw body as sent, or the `file` part of a multipart body).
 * A custom app mounts the same routes under its own `base` (apps/app-paths.ts).
 */
export function dataFileRoutes({ dataFiles }: { dataFiles: DataFileService }, base = DATA_FILES) {
  const r = new Hono<PlatformEnv>();

  r.post(base, async (c) => {
    const file = query(c, uploadParams);
    return c.json(await dataFiles.upload(actorOf(c), file, uploadBody(c)));
  });

  r.get(`${base}/details`, async (c) => {
    const { expand, ...params } = query(c, listParams);
    const files = await dataFiles.list(actorOf(c), { ...params, withRevisions: expand.size > 0 });
    return c.json(files.map(({ file, revisions }) => toFileMetadata(file, revisions, expand)));
  });

  r.put(`${base}/:id`, async (c) =>
    c.json(await dataFiles.revise(actorOf(c), c.req.param('id'), uploadBody(c))),
  );

  r.get(`${base}/:id/details`, async (c) => {
    const { expand } = query(c, detailsParams);
    const { file, revisions } = await dataFiles.details(
      actorOf(c),
      c.req.param('id'),
      expand.size > 0,
    );
    return c.json(toFileMetadata(file, revisions, expand));
  });

  const download = async (c: Context<PlatformEnv>, revisionId?: string) => {
    const { acknowledgeUnsafe } = query(c, downloadParams);
    const { file, revision, body } = await dataFiles.download(
      actorOf(c),
      c.req.param('id')!,
      revisionId,
      { acknowledgeUnsafe },
    );
    const headers = {
      ...downloadHeaders(file.name, revision.content_type),
      'content-length': String(revision.size_bytes),
    };
    if (body instanceof Uint8Array) return c.body(body, 200, headers);
    return c.body(Readable.toWeb(body) as ReadableStream, 200, headers);
  };
  // gaps.md: the first lines of a CSV or text revision, read through its access check.
  r.get(`${base}/:id/revisions/:revisionId/preview`, async (c) => {
    const { lines } = query(c, previewParams);
    const { id, revisionId } = c.req.param();
    return c.json(await dataFiles.preview(actorOf(c), id, revisionId, lines));
  });
  // gaps.md: deleting a revision (the last one deletes the file), and the read-only permissions.
  r.delete(`${base}/:id/revisions/:revisionId`, async (c) => {
    const { id, revisionId } = c.req.param();
    return c.json(await dataFiles.deleteRevision(actorOf(c), id, revisionId));
  });
  r.get(`${base}/:id/permissions`, async (c) =>
    c.json(await dataFiles.permissions(actorOf(c), c.req.param('id'))),
  );
  r.get(`${base}/:id`, (c) => download(c));
  r.get(`${base}/:id/revisions/:revisionId`, (c) => download(c, c.req.param('revisionId')));

  // What the caller may do with one data file (ours, gaps.md), for the console to disable the rest.
  if (base === DATA_FILES)
    r.get('/api/access/v1/data-files/:id', async (c) =>
      c.json(dataFileAccess.parse(await dataFiles.access(actorOf(c), c.req.param('id')))),
    );

  return r;
}
