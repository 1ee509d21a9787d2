import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  FILE_QUERY_LIMITS,
  type FilesetSearchBody,
  type fileQueryBody,
} from '../../../src/api/contract';
import { enforce } from '../access/enforce';
import {
  decideFileset,
  filesetDecisions,
  filesetRefused,
  type FilesetOperation,
} from '../access/filesets';
import { hide, type Actor } from '../access/principal';
import { created, recordEvent } from '../audit/record';
import { conflict, notFound } from '../core/errors';
import { storeFailure } from '../core/store-failure';
import { MAX_BODY_BYTES } from '../core/validate';
import type { Principals } from '../people/principals';
import type { Db } from '../store';
import type { FileStore } from '../store/files';
import { decodeCursor, directoryPrefix, encodeCursor, pathPrefix } from './paths';
import {
  deleteFile,
  getFileset,
  insertFile,
  listFiles,
  readFile,
  searchFilesets,
  type FileRow,
  type FilesetRow,
} from './repository';
import { queryFiles } from './search-repository';
import { contentTypeOf, searchableText } from './text';

/** A file as an upload brings it: its bytes and type, its name and its path in the fileset. */
export interface FilesetUpload {
  bytes: Uint8Array;
  contentType: string;
  name: string;
  path: string;
}

/**
 * Reads an upload's body, at most `limit` bytes of file (413 past that); called only once the
 * upload is allowed, so a refused one is never read.
 */
export type ReadUpload = (limit: number) => Promise<FilesetUpload>;

/** A file's bytes to answer: in memory (kept in its row) or streamed from the file store. */
export interface FilesetDownload {
  file: FileRow;
  body: Uint8Array<ArrayBuffer> | Readable;
}

/** The largest file one upload brings, and the bounds of a page, a listing and a query. */
const MAX_FILE_BYTES = MAX_BODY_BYTES;
const DEFAULT_SEARCH_PAGE = 50;
const MAX_SEARCH_PAGE = 100;
const DEFAULT_LISTING = 100;
const MAX_LISTING = 1000;
const DEFAULT_TOP_K = 10;

/** A fileset file's bytes: `fileset-files/<fileset>/<file>` of the file store. */
const fileKey = (filesetId: string, fileId: string) => `fileset-files/${filesetId}/${fileId}`;

const fileNotFound = (fileId: string, filesetId: string) =>
  notFound(`No file ${fileId} in fileset ${filesetId}`);

/**
 * Filesets and their files (spec 2.6, 4.7; gaps.md "Filesets and data files"). Every path to a
 * fileset goes through here as its acting user: every user reads every fileset and its files;
 * files are uploaded and deleted by the fileset's owner and Admins (access/filesets.ts).
 */
export class FilesetService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly fileStore: FileStore,
  ) {}

  /** The fileset, once the actor may take `operation` on it: 404 when unknown. */
  async open(actor: Actor, id: string, operation: FilesetOperation): Promise<FilesetRow> {
    return (await this.#decided(actor, id, operation)).fileset;
  }

  /** Filesets by the filters and sort asked (every user reads every fileset). */
  async search(
    _actor: Actor,
    request: FilesetSearchBody,
    page: { limit?: number; offset?: number },
  ) {
    const limit = Math.min(page.limit ?? DEFAULT_SEARCH_PAGE, MAX_SEARCH_PAGE);
    const offset = page.offset ?? 0;
    return { ...(await searchFilesets(this.db, request, { limit, offset })), limit, offset };
  }

  async get(actor: Actor, id: string): Promise<FilesetRow> {
    return this.open(actor, id, 'read');
  }

  /**
   * A page of the fileset's files in byte order of their path, under `directoryPath` (only those
   * directly in it with `immediateChildren`), after the cursor `next`; and the next page's cursor.
   */
  async files(
    actor: Actor,
    id: string,
    params: { directoryPath?: string; immediateChildren?: boolean; limit?: number; next?: string },
  ) {
    const fileset = await this.open(actor, id, 'read');
    const limit = Math.min(params.limit ?? DEFAULT_LISTING, MAX_LISTING);
    const rows = await listFiles(
      this.db,
      fileset.id,
      {
        prefix: directoryPrefix(params.directoryPath, 'directoryPath'),
        immediateChildren: params.immediateChildren,
      },
      { after: decodeCursor(params.next), limit: limit + 1 },
    );
    const files = rows.slice(0, limit);
    const next = rows.length > limit ? encodeCursor(files[files.length - 1]!.path) : null;
    return { files, next };
  }

  /**
   * A new file in the fileset: decided before the body is read. The bytes go first, then the
   * row that names them, so a row never names bytes that are not there; a path already taken is
   * 409.
   */
  async upload(actor: Actor, id: string, read: ReadUpload): Promise<FileRow> {
    const fileset = await this.open(actor, id, 'uploadFile');
    const upload = await read(MAX_FILE_BYTES);
    const fileId = randomUUID();
    const key = fileKey(fileset.id, fileId);
    await this.fileStore.put(key, Readable.from([upload.bytes])).catch((error: unknown) => {
      throw storeFailure(error, 'the file');
    });
    const row = await this.db
      .transaction(async (tx) => {
        const inserted = await insertFile(tx, {
          id: fileId,
          filesetId: fileset.id,
          path: upload.path,
          name: upload.name,
          contentType: contentTypeOf(upload.contentType, upload.name),
          size: upload.bytes.byteLength,
          storedKey: key,
          text: searchableText(upload.bytes),
          hash: createHash('sha256').update(upload.bytes).digest('hex'),
          userId: actor.userId,
        });
        if (inserted)
          await recordEvent(
            tx,
            actor.userId,
            'fileset.file-uploaded',
            { type: 'fileset', id: fileset.id },
            created({ file: fileId, path: upload.path, size: upload.bytes.byteLength }),
          );
        return inserted;
      })
      .catch(async (error: unknown) => {
        await this.fileStore.delete(key).catch(() => undefined);
        throw error;
      });
    if (!row) {
      await this.fileStore.delete(key).catch(() => undefined);
      throw conflict(`A file ${upload.path} already exists in fileset ${fileset.id}`);
    }
    return row;
  }

  async download(actor: Actor, id: string, fileId: string): Promise<FilesetDownload> {
    const fileset = await this.open(actor, id, 'read');
    const file = await readFile(this.db, fileset.id, fileId);
    if (!file) throw fileNotFound(fileId, fileset.id);
    const { body, stored_key, ...row } = file;
    if (!stored_key) return { file: row, body: new Uint8Array(body ?? []) };
    const bytes = await this.fileStore.get(stored_key).catch((error: unknown) => {
      throw storeFailure(error, `file ${fileId}`);
    });
    return { file: row, body: bytes };
  }

  async deleteFile(actor: Actor, id: string, fileId: string): Promise<void> {
    const fileset = await this.open(actor, id, 'deleteFile');
    const row = await this.db.transaction((tx) => deleteFile(tx, fileset.id, fileId));
    if (!row) throw fileNotFound(fileId, fileset.id);
    // A store that fails now leaves bytes no row names: the file is gone all the same.
    if (row.stored_key) await this.fileStore.delete(row.stored_key).catch(() => undefined);
  }

  /** Full-text search of the fileset's files (4.7): the `topK` best matches, best first. */
  async query(actor: Actor, id: string, request: z.infer<typeof fileQueryBody>) {
    const fileset = await this.open(actor, id, 'read');
    const prefixes = [
      directoryPrefix(request.directoryPath, 'directoryPath'),
      pathPrefix(request.pathPrefixFilter, 'pathPrefixFilter'),
    ].filter(Boolean);
    return queryFiles(this.db, fileset.id, {
      query: request.query,
      prefixes,
      topK: Math.min(request.topK ?? DEFAULT_TOP_K, FILE_QUERY_LIMITS.topK),
    });
  }

  /** What the actor may do with the fileset, for the console to disable the rest. */
  async access(actor: Actor, id: string) {
    const { fileset, principal } = await this.#decided(actor, id, 'read');
    return { operations: filesetDecisions(principal, fileset) };
  }

  /** The fileset and who asks, once the policy allows `operation`. */
  async #decided(actor: Actor, id: string, operation: FilesetOperation) {
    const principal = await this.principals.of(actor);
    const fileset = await getFileset(this.db, id);
    enforce(
      fileset ? decideFileset(principal, fileset, operation) : hide,
      () => notFound(`No fileset ${id}`),
      () => filesetRefused(operation, fileset!.name),
    );
    return { fileset: fileset!, principal };
  }
}
