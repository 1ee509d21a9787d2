import { created, recordEvent } from '../audit/record';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { dataFileExpand, PREVIEW_MAX_LINES, queryInt } from '../../../src/api/contract';
import { dataFileFor } from '../access/data-files';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { downloadHeaders } from '../core/download';
import { badRequest } from '../core/errors';
import { query } from '../core/validate';
import { toFileMetadata, type Expand } from './mappers';
import {
  addRevision,
  createDataFile,
  dataFilesById,
  listDataFiles,
  findRevision,
  revisionsOf,
  type RevisionUpload,
} from './repository';
import { deleteRevision, filePermissions } from './manage';
import { previewRevision } from './preview';
import { scanPending } from './scan';
import { revisionBytes } from './bytes';
import { streamUpload } from './upload-stream';

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

/**
 * The file's bytes, its content type and how long it took to arrive (2.7): a raw body as sent, or
 * the `file` part of a `multipart/form-data` body (gaps.md: both), never the envelope. The bytes
 * stream to the file store (FILE_STORE), hashed on the way; over MAX_UPLOAD_MB is 413, before the
 * body is read when its length is declared.
 */
async function upload(c: Context<PlatformEnv>, deps: PlatformDeps): Promise<RevisionUpload> {
  const started = Date.now();
  const streamed = await streamUpload(c, deps.files, deps.maxUploadBytes);
  if (streamed.sizeBytes === 0) {
    await deps.files.delete(streamed.key).catch(() => undefined);
    throw badRequest('body: the data file is empty');
  }
  const { key, sizeBytes, md5, sha256 } = streamed;
  return {
    stored: { key, sizeBytes, md5, sha256 },
    contentType: streamed.contentType,
    userId: c.get('userId'),
    uploadTimeMillis: Date.now() - started,
  };
}

/** An upload whose row could not be written leaves no file behind. */
async function orForget<T>(
  deps: PlatformDeps,
  content: RevisionUpload,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (content.stored) await deps.files.delete(content.stored.key).catch(() => undefined);
    throw error;
  }
}

/**
 * Data files and their revisions (spec 2.7, 4.12; gaps.md "Filesets and data files"). Who may read
 * or change one is access/data-files.ts's to say, for every path.
 */
export function dataFileRoutes(deps: PlatformDeps) {
  const { db, jobs } = deps;
  const r = new Hono<PlatformEnv>();
  // Uploads answer before their scan: PENDING until the background scan says SAFE or UNSAFE. A
  // scan a stop cut short is taken up again at the next start, and every minute.
  let scanning = false;
  let again = false;
  const scan = () => {
    if (scanning) {
      again = true; // the running scan looks again before it ends
      return;
    }
    scanning = true;
    jobs.run('scan data files', async () => {
      try {
        do {
          again = false;
          await scanPending(db, deps.files);
        } while (again);
      } finally {
        scanning = false;
      }
    });
  };
  scan();
  jobs.every('scan data files', 60_000, () => scanPending(db, deps.files));
  const base = '/api/data/v1/data-files';

  r.post(base, async (c) => {
    const { name, description } = query(c, uploadParams);
    const content = await upload(c, deps);
    const { dataFileId } = await orForget(deps, content, () =>
      db.transaction((tx) => createDataFile(tx, { name, description: description ?? '' }, content)),
    );
    scan();
    return c.json({ dataFileId });
  });

  r.get(`${base}/details`, async (c) => {
    const { expand, limit, offset, ids, nameLike } = query(c, listParams);
    const files = ids
      ? await dataFilesById(db, ids, c.get('userId'))
      : await listDataFiles(db, {
          viewerId: c.get('userId'),
          limit: limit ?? 100,
          offset: offset ?? 0,
          nameLike,
        });
    const revisions = expand.size
      ? await revisionsOf(
          db,
          files.map((f) => f.id),
        )
      : [];
    return c.json(
      files.map((f) =>
        toFileMetadata(
          f,
          revisions.filter((rev) => rev.data_file_id === f.id),
          expand,
        ),
      ),
    );
  });

  r.put(`${base}/:id`, async (c) => {
    // Decided before the body is read: a refused upload is never stored.
    const file = await dataFileFor(db, c.get('userId'), c.req.param('id'), 'revise');
    const content = await upload(c, deps);
    const revisionId = await orForget(deps, content, () =>
      db.transaction(async (tx) => {
        const id = await addRevision(tx, file.id, content);
        await recordEvent(
          tx,
          c.get('userId'),
          'data-file.revised',
          { type: 'data-file', id: file.id, name: file.name },
          created({ revision: id, contentType: content.contentType }),
        );
        return id;
      }),
    );
    scan();
    return c.json({ revisionId });
  });

  r.get(`${base}/:id/details`, async (c) => {
    const file = await dataFileFor(db, c.get('userId'), c.req.param('id'), 'read');
    const { expand } = query(c, detailsParams);
    return c.json(
      toFileMetadata(file, expand.size ? await revisionsOf(db, [file.id]) : [], expand),
    );
  });

  const download = async (c: Context<PlatformEnv>, fileId: string, revisionId?: string) => {
    const file = await dataFileFor(db, c.get('userId'), fileId, 'read');
    const revision = await findRevision(db, file.id, revisionId);
    const headers = {
      ...downloadHeaders(file.name, revision.content_type),
      'content-length': String(revision.size_bytes),
    };
    if (!revision.stored_key) return c.body(new Uint8Array(revision.body ?? []), 200, headers);
    // Streamed from the file store: a large revision never sits whole in memory.
    const bytes = await revisionBytes(deps.files, revision);
    return c.body(Readable.toWeb(bytes) as ReadableStream, 200, headers);
  };
  // gaps.md: the first lines of a CSV or text revision, read through its access check.
  r.get(`${base}/:id/revisions/:revisionId/preview`, async (c) => {
    const { lines } = query(c, previewParams);
    return c.json(
      await previewRevision(
        deps,
        c.get('userId'),
        c.req.param('id'),
        c.req.param('revisionId'),
        lines,
      ),
    );
  });
  // gaps.md: deleting a revision (the last one deletes the file), and the read-only permissions.
  r.delete(`${base}/:id/revisions/:revisionId`, async (c) => {
    const id = c.req.param('id');
    return c.json(await deleteRevision(deps, c.get('userId'), id, c.req.param('revisionId')));
  });
  r.get(`${base}/:id/permissions`, async (c) =>
    c.json(await filePermissions(db, c.get('userId'), c.req.param('id'))),
  );
  r.get(`${base}/:id`, (c) => download(c, c.req.param('id')));
  r.get(`${base}/:id/revisions/:revisionId`, (c) =>
    download(c, c.req.param('id'), c.req.param('revisionId')),
  );

  return r;
}
