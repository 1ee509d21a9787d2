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
import { filesetAccess } from '../../../src/api/contract/file-access';
import { actorOf, type PlatformEnv } from '../core/http';
import { downloadHeaders } from '../core/download';
import { badRequest } from '../core/errors';
import { isMultipart, readMultipart } from '../core/multipart';
import { body, parseWith, query } from '../core/validate';
import { toFileset, toFilesetFile, toQueryMatch } from './mappers';
import { directoryPrefix, fileName, filePath } from './paths';
import type { FilesetService, FilesetUpload } from './service';

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
async function readUpload(c: Context<PlatformEnv>, limit: number): Promise<FilesetUpload> {
  if (!isMultipart(c.req.header('content-type')))
    throw badRequest('body: expected multipart/form-data with a part "file"');
  const { file, fields } = await readMultipart(c, {
    part: 'file',
    limit,
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
    bytes: file.bytes,
    contentType: file.contentType,
    name,
    path: filePath(directoryPrefix(directoryPath, 'createFileRequest.directoryPath'), name),
  };
}

/**
 * Filesets and their files (spec 2.6, 4.7; gaps.md "Filesets and data files"), and what the
 * caller may do with one. An upload's body is read only once the service allows it.
 */
export function filesetRoutes({ filesets }: { filesets: FilesetService }) {
  const r = new Hono<PlatformEnv>();
  const base = '/api/files/v1/filesets';

  r.post(`${base}/search`, async (c) => {
    const page = query(c, searchParams);
    const request = await body(c, filesetSearchBody.optional(), { optional: true });
    const { rows, total, limit, offset } = await filesets.search(actorOf(c), request ?? {}, page);
    return c.json({ fileSets: rows.map(toFileset), pageContext: { offset, limit, total } });
  });

  r.get(`${base}/:id`, async (c) =>
    c.json(toFileset(await filesets.get(actorOf(c), c.req.param('id')))),
  );

  r.post(`${base}/:id/files/search`, async (c) => {
    const params = query(c, listParams);
    const { files, next } = await filesets.files(actorOf(c), c.req.param('id'), params);
    return c.json({ files: files.map(toFilesetFile), pageContext: { next } });
  });

  r.post(`${base}/:id/files`, async (c) => {
    const file = await filesets.upload(actorOf(c), c.req.param('id'), (limit) =>
      readUpload(c, limit),
    );
    return c.json(toFilesetFile(file));
  });

  r.get(`${base}/:id/files/:fileId/download`, async (c) => {
    const { id, fileId } = c.req.param();
    const { file, body } = await filesets.download(actorOf(c), id, fileId);
    const headers = downloadHeaders(file.name, file.content_type);
    if (body instanceof Uint8Array) return c.body(body, 200, headers);
    return c.body(Readable.toWeb(body) as ReadableStream, 200, {
      ...headers,
      'content-length': String(file.size),
    });
  });

  r.delete(`${base}/:id/files/:fileId`, async (c) => {
    const { id, fileId } = c.req.param();
    await filesets.deleteFile(actorOf(c), id, fileId);
    return c.body(null, 204);
  });

  r.post(`${base}/:id/query`, async (c) => {
    const request = await body(c, fileQueryBody);
    const matches = await filesets.query(actorOf(c), c.req.param('id'), request);
    return c.json({ matches: matches.map(toQueryMatch) });
  });

  // What the caller may do with one fileset (ours, gaps.md), for the console to disable the rest.
  r.get('/api/access/v1/filesets/:id', async (c) =>
    c.json(filesetAccess.parse(await filesets.access(actorOf(c), c.req.param('id')))),
  );

  return r;
}
