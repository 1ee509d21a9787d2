import type { Readable } from 'node:stream';
import { PREVIEW_MAX_BYTES, type RevisionPreview } from '../../../src/api/contract/files';
import {
  dataFileDecisions,
  dataFileRefused,
  decideDataFile,
  unsafeDownloadConflict,
  type DataFileOperation,
} from '../access/data-files';
import { enforce } from '../access/enforce';
import { hide, listScope, type Actor } from '../access/principal';
import { created, recordEvent } from '../audit/record';
import { badRequest, conflict, notFound } from '../core/errors';
import type { Principals } from '../people/principals';
import type { Db } from '../store';
import type { FileStore } from '../store/files';
import { revisionBytes, revisionHeadBytes } from './bytes';
import { toFilePermissions } from './mappers';
import { previewOf } from './preview';
import {
  addRevision,
  dataFileId,
  dataFileNotFound,
  dataFilesById,
  deleteRevisionRow,
  findDataFile,
  findRevision,
  insertDataFile,
  listDataFiles,
  revisionHead,
  revisionsOf,
  type DataFileRow,
  type RevisionRow,
  type RevisionUpload,
} from './repository';
import { streamUpload, type UploadBody } from './upload-stream';

/** What wakes the background scan of uploads (scan.ts). */
export interface UploadScanner {
  wake(): void;
}

/** A data file with its revisions, newest first (none unless asked for). */
export interface DataFileWithRevisions {
  file: DataFileRow;
  revisions: RevisionRow[];
}

/** A revision's bytes to answer: in memory (kept in its row) or streamed from the file store. */
export interface DataFileDownload {
  file: DataFileRow;
  revision: RevisionRow;
  body: Uint8Array<ArrayBuffer> | Readable;
}

/** A page of the list: at most this many files (the contract's own bound is the same). */
const MAX_PAGE = 500;
const DEFAULT_PAGE = 100;

/**
 * Data files and their revisions (spec 2.7, 4.12; gaps.md "Filesets and data files"). Every path
 * to a data file (routes, a stream's connector) goes through here as its acting user: 404 when
 * they may not see it (access/data-files.ts), 403 naming what is needed. Uploads stream to the
 * file store (FILE_STORE), hashed on the way, bounded by MAX_UPLOAD_MB, and answer before their
 * virus scan (PENDING until the background scan says SAFE or UNSAFE).
 */
export class DataFileService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly files: FileStore,
    private readonly maxUploadBytes: number,
    private readonly scanner: UploadScanner,
  ) {}

  /** The data file, once the actor may take `operation` on it. */
  async open(actor: Actor, id: string | number, operation: DataFileOperation) {
    return (await this.#decided(actor, id, operation)).file;
  }

  /** A new data file of the actor's (any user may upload one): its id. */
  async upload(actor: Actor, file: { name: string; description?: string }, body: UploadBody) {
    const content = await this.#receive(actor, body);
    const { dataFileId } = await this.#orForget(content, () =>
      this.db.transaction(async (tx) => {
        const ids = await insertDataFile(
          tx,
          { name: file.name, description: file.description ?? '' },
          content,
        );
        await recordEvent(
          tx,
          actor.userId,
          'data-file.uploaded',
          { type: 'data-file', id: ids.dataFileId, name: file.name },
          created({ revision: ids.revisionId, contentType: content.contentType }),
        );
        return ids;
      }),
    );
    this.scanner.wake();
    return { dataFileId };
  }

  /** A new revision of the file: decided before the body is read, so a refused one is never stored. */
  async revise(actor: Actor, id: string, body: UploadBody) {
    const file = await this.open(actor, id, 'revise');
    const content = await this.#receive(actor, body);
    const revisionId = await this.#orForget(content, () =>
      this.db.transaction(async (tx) => {
        const revision = await addRevision(tx, file.id, content);
        await recordEvent(
          tx,
          actor.userId,
          'data-file.revised',
          { type: 'data-file', id: file.id, name: file.name },
          created({ revision, contentType: content.contentType }),
        );
        return revision;
      }),
    );
    this.scanner.wake();
    return { revisionId };
  }

  async details(actor: Actor, id: string, withRevisions: boolean): Promise<DataFileWithRevisions> {
    const file = await this.open(actor, id, 'read');
    return { file, revisions: withRevisions ? await revisionsOf(this.db, [file.id]) : [] };
  }

  /**
   * The files the actor may read: those of `ids` in the order asked, or a page of all of them
   * (oldest first, `nameLike` in their name).
   */
  async list(
    actor: Actor,
    params: {
      ids?: number[];
      limit?: number;
      offset?: number;
      nameLike?: string;
      withRevisions: boolean;
    },
  ): Promise<DataFileWithRevisions[]> {
    const scope = listScope(await this.principals.of(actor));
    const files = params.ids
      ? await dataFilesById(this.db, params.ids.slice(0, MAX_PAGE), scope)
      : await listDataFiles(this.db, {
          scope,
          limit: Math.min(params.limit ?? DEFAULT_PAGE, MAX_PAGE),
          offset: params.offset ?? 0,
          nameLike: params.nameLike,
        });
    const revisions =
      params.withRevisions && files.length
        ? await revisionsOf(
            this.db,
            files.map((f) => f.id),
          )
        : [];
    return files.map((file) => ({
      file,
      revisions: revisions.filter((rev) => rev.data_file_id === file.id),
    }));
  }

  /**
   * A revision's bytes (without `revisionId`, the current one's); a large one is never whole in
   * memory. One the virus scan found UNSAFE only when `acknowledgeUnsafe` says so (409).
   */
  async download(
    actor: Actor,
    id: string,
    revisionId?: string,
    { acknowledgeUnsafe = false }: { acknowledgeUnsafe?: boolean } = {},
  ): Promise<DataFileDownload> {
    const file = await this.open(actor, id, 'read');
    const { body, stored_key, ...revision } = await findRevision(this.db, file.id, revisionId);
    const unsafe = unsafeDownloadConflict(revision, file.id, acknowledgeUnsafe);
    if (unsafe) throw conflict(unsafe);
    if (!stored_key) return { file, revision, body: new Uint8Array(body ?? []) };
    const bytes = await revisionBytes(this.files, {
      id: revision.id,
      data_file_id: file.id,
      body: null,
      stored_key,
    });
    return { file, revision, body: bytes };
  }

  /**
   * A revision's bytes for a reader that may read them more than once (a stream run reads a CSV
   * as it stages it, and again should its types change): `read` opens them from the start.
   * Without `revisionId`, the current revision.
   */
  async contents(actor: Actor, id: string | number, revisionId?: string) {
    const file = await this.open(actor, id, 'read');
    const row = await findRevision(this.db, file.id, revisionId);
    return { file, revision: row, read: () => revisionBytes(this.files, row) };
  }

  /**
   * The first lines of a CSV or text revision (gaps.md): the read is bounded to
   * PREVIEW_MAX_BYTES of its start, whatever its size.
   */
  async preview(
    actor: Actor,
    id: string,
    revisionIdText: string,
    lines?: number,
  ): Promise<RevisionPreview> {
    const file = await this.open(actor, id, 'read');
    const revisionId = dataFileId(revisionIdText);
    const row = await revisionHead(this.db, file.id, revisionId, PREVIEW_MAX_BYTES);
    if (!row) throw notFound(`No revision ${revisionId} of data file ${file.id}`);
    const head = await revisionHeadBytes(this.files, row, PREVIEW_MAX_BYTES);
    return previewOf(file, row, head, lines);
  }

  /**
   * Deletes one revision (gaps.md): the newest remaining one becomes current; deleting the last
   * one deletes the file. Bytes in the file store go once the rows are gone.
   */
  async deleteRevision(actor: Actor, id: string, revisionId: string) {
    const file = await this.open(actor, id, 'delete');
    const { storedKey, fileDeleted } = await this.db.transaction(async (tx) => {
      const gone = await deleteRevisionRow(tx, file.id, revisionId);
      if (!gone) throw notFound(`No revision ${revisionId} of data file ${file.id}`);
      await recordEvent(
        tx,
        actor.userId,
        'data-file.revision-deleted',
        { type: 'data-file', id: String(file.id), name: file.name },
        gone.fileDeleted
          ? { revision: [revisionId, undefined], file: [file.name, undefined] }
          : { revision: [revisionId, undefined] },
      );
      return gone;
    });
    // A store that fails now leaves an object no row names: the answer is still the row's.
    if (storedKey) await this.files.delete(storedKey).catch(() => undefined);
    return { fileDeleted };
  }

  /** Who may use the file (gaps.md): its responsible user, read-only. */
  async permissions(actor: Actor, id: string) {
    return toFilePermissions(await this.open(actor, id, 'read'));
  }

  /** What the actor may do with the file, for the console to disable the rest. */
  async access(actor: Actor, id: string) {
    const { file, principal } = await this.#decided(actor, id, 'read');
    return { operations: dataFileDecisions(principal, file) };
  }

  /** The file and who asks, once the policy allows `operation`. */
  async #decided(actor: Actor, id: string | number, operation: DataFileOperation) {
    const principal = await this.principals.of(actor);
    const file = await findDataFile(this.db, id);
    enforce(
      file ? decideDataFile(principal, file, operation) : hide,
      () => dataFileNotFound(id),
      () => dataFileRefused(operation, file!.id),
    );
    return { file: file!, principal };
  }

  /** The upload's bytes in the file store, hashed: 413 over MAX_UPLOAD_MB, 400 when empty. */
  async #receive(actor: Actor, body: UploadBody): Promise<RevisionUpload> {
    const started = Date.now();
    const streamed = await streamUpload(body, this.files, this.maxUploadBytes);
    if (streamed.sizeBytes === 0) {
      await this.files.delete(streamed.key).catch(() => undefined);
      throw badRequest('body: the data file is empty');
    }
    const { key, sizeBytes, md5, sha256 } = streamed;
    return {
      stored: { key, sizeBytes, md5, sha256 },
      contentType: streamed.contentType,
      userId: actor.userId,
      uploadTimeMillis: Date.now() - started,
    };
  }

  /** An upload whose row could not be written leaves no file behind. */
  async #orForget<T>(content: RevisionUpload, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (content.stored) await this.files.delete(content.stored.key).catch(() => undefined);
      throw error;
    }
  }
}
