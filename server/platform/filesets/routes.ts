import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createFileRequest,
  fileQueryBody,
  filesetSearchBody,
  queryBool,
  queryInt,
} from '../../../src/api/contract';
import { filesetFor } from '../access/filesets';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { downloadHeaders } from '../core/download';
import { badRequest, conflict, notFound } from '../core/errors';
import { isMultipart, readMultipart } from '../core/multipart';
import { MAX_BODY_BYTES, body, parseWith, query } from '../core/validate';
import { toFileset, toFilesetFile, toQueryMatch } from './mappers';
import {
  decodeCursor,
  directoryPrefix,
  encodeCursor,
  fileName,
  filePath,
  pathPrefix,
} from './paths';
import { deleteFile, insertFile, listFiles, readFile, searchFilesets } from './repository';
import { queryFiles } from './search';
import { storeFailure } from '../core/store-failure';
import type { FileStore } from '../store/files';
import { contentTypeOf, searchableText } from './text';

/** A fileset file's bytes: `fileset-files/<fileset>/<file>` of the file store. */
const fileKey = (filesetId: string, fileId: string) => `fileset-files/${filesetId}/${fileId}`;

async function storeBytes(files: FileStore, key: string, bytes: Uint8Array) {
  await files.put(key, Readable.from([bytes])).catch((error: unknown) => {
    throw storeFailure(error, 'the file');
  });
}

const searchParams = z.object({
  limit: queryInt(1, 100).optional(),
  offset: queryInt(0, 1_000_000).optional(),
});
const listParams = z.object({
  directoryPath: z.string().max(1024, 'at most 1024 characters').optional(),
  immediateChildren: queryBool.optional(),
  limit: queryInt(1, 1000).optional(),
  next: z.string().max(4096, 'at most 4096 characters').optional(),
});

/** The `file` part and the `createFileRequest` part (JSON `{directoryPath}`) of an upload. */
async function readUpload(c: Context<PlatformEnv>) {
  if (!isMultipart(c.req.header('content-type')))
    throw badRequest('body: expected multipart/form-data with a part "file"');
  const { file, fields } = await readMultipart(c, {
    part: 'file',
    limit: MAX_BODY_BYTES,
    textParts: ['createFileRequest'],
  });
  let request: unknown = {};
  const raw = fields.createFileRequest;
  if (raw !== undefined && raw.trim() !== '') {
    try {
      request = JSON.parse(raw);
    } catch {
      throw badRequest('createFileRequest: not valid JSON');
    }
  }
  const { directoryPath } = parseWith(createFileRequest, request, 'createFileRequest');
  const name = fileName(file.filename);
  return {
    file,
    name,
    path: filePath(directoryPrefix(directoryPath, 'createFileRequest.directoryPath'), name),
  };
}

/**
 * Filesets and their files (spec 2.6, 4.7; gaps.md "Filesets and data files"). Who may read a
 * fileset or change its files is access/filesets.ts's to say, for every path.
 */
export function filesetRoutes({ db, files }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  const base = '/api/files/v1/filesets';

  r.post(`${base}/search`, async (c) => {
    const { limit = 50, offset = 0 } = query(c, searchParams);
    const request = await body(c, filesetSearchBody.optional(), { optional: true });
    const { rows, total } = await searchFilesets(db, request ?? {}, { limit, offset });
    return c.json({ fileSets: rows.map(toFileset), pageContext: { offset, limit, total } });
  });

  r.get(`${base}/:id`, async (c) =>
    c.json(toFileset(await filesetFor(db, c.get('userId'), c.req.param('id'), 'read'))),
  );

  r.post(`${base}/:id/files/search`, async (c) => {
    const fileset = await filesetFor(db, c.get('userId'), c.req.param('id'), 'read');
    const params = query(c, listParams);
    const limit = params.limit ?? 100;
    const rows = await listFiles(
      db,
      fileset.id,
      {
        prefix: directoryPrefix(params.directoryPath, 'directoryPath'),
        immediateChildren: params.immediateChildren,
      },
      { after: decodeCursor(params.next), limit: limit + 1 },
    );
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? encodeCursor(page[page.length - 1]!.path) : null;
    return c.json({ files: page.map(toFilesetFile), pageContext: { next } });
  });

  r.post(`${base}/:id/files`, async (c) => {
    // Decided before the body is read.
    const fileset = await filesetFor(db, c.get('userId'), c.req.param('id'), 'uploadFile');
    const { file, name, path } = await readUpload(c);
    const id = randomUUID();
    const key = fileKey(fileset.id, id);
    // The bytes first, then the row that names them: a row never names bytes that are not there.
    await storeBytes(files, key, file.bytes);
    const row = await db
      .transaction((tx) =>
        insertFile(tx, {
          id,
          filesetId: fileset.id,
          path,
          name,
          contentType: contentTypeOf(file.contentType, name),
          size: file.bytes.byteLength,
          storedKey: key,
          text: searchableText(file.bytes),
          hash: createHash('sha256').update(file.bytes).digest('hex'),
          userId: c.get('userId'),
        }),
      )
      .catch(async (error: unknown) => {
        await files.delete(key).catch(() => undefined);
        throw error;
      });
    if (!row) {
      await files.delete(key).catch(() => undefined);
      throw conflict(`A file ${path} already exists in fileset ${fileset.id}`);
    }
    return c.json(toFilesetFile(row));
  });

  r.get(`${base}/:id/files/:fileId/download`, async (c) => {
    const fileset = await filesetFor(db, c.get('userId'), c.req.param('id'), 'read');
    const fileId = c.req.param('fileId');
    const file = await readFile(db, fileset.id, fileId);
    if (!file) throw notFound(`No file ${fileId} in fileset ${fileset.id}`);
    const headers = downloadHeaders(file.name, file.content_type);
    if (!file.stored_key) return c.body(new Uint8Array(file.body ?? []), 200, headers);
    const bytes = await files.get(file.stored_key).catch((error: unknown) => {
      throw storeFailure(error, `file ${fileId}`);
    });
    return c.body(Readable.toWeb(bytes) as ReadableStream, 200, {
      ...headers,
      'content-length': String(file.size),
    });
  });

  r.delete(`${base}/:id/files/:fileId`, async (c) => {
    const fileset = await filesetFor(db, c.get('userId'), c.req.param('id'), 'deleteFile');
    const fileId = c.req.param('fileId');
    const row = await db.transaction((tx) => deleteFile(tx, fileset.id, fileId));
    if (!row) throw notFound(`No file ${fileId} in fileset ${fileset.id}`);
    // A store that fails now leaves bytes no row names: the file is gone all the same.
    if (row.stored_key) await files.delete(row.stored_key).catch(() => undefined);
    return c.body(null, 204);
  });

  r.post(`${base}/:id/query`, async (c) => {
    const fileset = await filesetFor(db, c.get('userId'), c.req.param('id'), 'read');
    const request = await body(c, fileQueryBody);
    const prefixes = [
      directoryPrefix(request.directoryPath, 'directoryPath'),
      pathPrefix(request.pathPrefixFilter, 'pathPrefixFilter'),
    ].filter(Boolean);
    const rows = await queryFiles(db, fileset.id, {
      query: request.query,
      prefixes,
      topK: request.topK ?? 10,
    });
    return c.json({ matches: rows.map(toQueryMatch) });
  });

  return r;
}
