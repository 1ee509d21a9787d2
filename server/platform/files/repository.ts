import { createHash } from 'node:crypto';
import type { ListScope } from '../access/principal';
import { created, recordEvent } from '../audit/record';
import { notFound } from '../core/errors';
import type { Queryable } from '../store';

export interface DataFileRow {
  id: number;
  name: string;
  description: string;
  responsible_user_id: number;
  datetime_created: number;
  existing: boolean;
}
export interface RevisionRow {
  id: number;
  data_file_id: number;
  content_type: string;
  upload_user_id: number;
  size_bytes: number;
  upload_time_millis: number;
  md5_hash: string;
  sha256_hash: string;
  datetime_uploaded: number;
  scan_state: string;
}
export interface RevisionUpload {
  /** The bytes in memory (sample data), or bytes already in the file store with their size and hashes. */
  bytes?: Uint8Array;
  stored?: { key: string; sizeBytes: number; md5: string; sha256: string };
  contentType: string;
  userId: number;
  /** How long the upload took to arrive (2.7 uploadTimeMillis). */
  uploadTimeMillis: number;
}

const revisionColumns = `id, data_file_id, content_type, upload_user_id, size_bytes, upload_time_millis,
  md5_hash, sha256_hash, datetime_uploaded, scan_state`;

export const dataFileNotFound = (id: string | number) => notFound(`No data file ${id}`);

/** Ids in paths are integers (2.7); anything else names no data file. */
export const dataFileId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : -1);

export async function addRevision(
  tx: Queryable,
  fileId: number,
  upload: RevisionUpload,
): Promise<number> {
  const bytes = upload.bytes;
  const digest = (algorithm: string) =>
    bytes ? createHash(algorithm).update(bytes).digest('hex') : '';
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO data_file_revisions (data_file_id, content_type, upload_user_id, size_bytes, upload_time_millis,
       md5_hash, sha256_hash, datetime_uploaded, scan_state, body, stored_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', $9, $10) RETURNING id`,
    [
      fileId,
      upload.contentType,
      upload.userId,
      upload.stored?.sizeBytes ?? bytes?.byteLength ?? 0,
      upload.uploadTimeMillis,
      upload.stored?.md5 ?? digest('md5'),
      upload.stored?.sha256 ?? digest('sha256'),
      Date.now(),
      bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null,
      upload.stored?.key ?? null,
    ],
  );
  return row!.id;
}

/** A new data file and its first revision (its activity event is the caller's to record). */
export async function insertDataFile(
  tx: Queryable,
  file: { name: string; description: string },
  upload: RevisionUpload,
): Promise<{ dataFileId: number; revisionId: number }> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO data_files (name, description, responsible_user_id, datetime_created)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [file.name, file.description, upload.userId, Date.now()],
  );
  const revisionId = await addRevision(tx, row!.id, upload);
  return { dataFileId: row!.id, revisionId };
}

/** A new data file with its upload event, as the sample data writes it (seed/streams.ts). */
export async function createDataFile(
  tx: Queryable,
  file: { name: string; description: string },
  upload: RevisionUpload,
): Promise<{ dataFileId: number; revisionId: number }> {
  const ids = await insertDataFile(tx, file, upload);
  await recordEvent(
    tx,
    upload.userId,
    'data-file.uploaded',
    { type: 'data-file', id: ids.dataFileId, name: file.name },
    created({ revision: ids.revisionId, contentType: upload.contentType }),
  );
  return ids;
}

/** `id` as it came in the path: text that is not an integer names no data file. */
export async function findDataFile(
  db: Queryable,
  id: string | number,
): Promise<DataFileRow | undefined> {
  const [row] = await db.query<DataFileRow>('SELECT * FROM data_files WHERE id = $1', [
    dataFileId(String(id)),
  ]);
  return row;
}

/**
 * SQL over `data_files f`: true for a file the list scope shows (access/principal.ts: all, or
 * the user's own: data files are not shared). `at` is the first of its two parameters, given by
 * `dataFileScopeParams`.
 */
const dataFileInScope = (at: number) =>
  `($${at}::boolean OR f.responsible_user_id = $${at + 1}::int)`;
const dataFileScopeParams = (scope: ListScope): [boolean, number] =>
  scope.all ? [true, 0] : [false, scope.userId];

/** The files of `ids` that exist and the scope shows, in the order asked. */
export async function dataFilesById(db: Queryable, ids: number[], scope: ListScope) {
  const rows = await db.query<DataFileRow>(
    `SELECT * FROM data_files f WHERE id = ANY($1::int[]) AND ${dataFileInScope(2)}`,
    [ids, ...dataFileScopeParams(scope)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The files the scope shows, oldest first; `nameLike` keeps the files whose name contains it,
 * whatever the case.
 */
export const listDataFiles = (
  db: Queryable,
  p: { scope: ListScope; limit: number; offset: number; nameLike?: string },
) =>
  db.query<DataFileRow>(
    `SELECT * FROM data_files f WHERE ($3::text IS NULL OR name ILIKE $3) AND ${dataFileInScope(4)}
     ORDER BY id LIMIT $1 OFFSET $2`,
    [
      p.limit,
      p.offset,
      p.nameLike ? likePattern(p.nameLike) : null,
      ...dataFileScopeParams(p.scope),
    ],
  );

/** Newest first: the first revision of a file is its current one. */
export const revisionsOf = (db: Queryable, fileIds: number[]) =>
  db.query<RevisionRow>(
    `SELECT ${revisionColumns} FROM data_file_revisions WHERE data_file_id = ANY($1::int[]) ORDER BY id DESC`,
    [fileIds],
  );

/** A revision and where its bytes are; without `revisionId`, the current revision. */
export async function findRevision(db: Queryable, fileId: number, revisionId?: string) {
  const [row] = await db.query<
    RevisionRow & { body: Uint8Array | null; stored_key: string | null }
  >(
    `SELECT ${revisionColumns}, CASE WHEN stored_key IS NULL THEN body END AS body, stored_key
     FROM data_file_revisions
     WHERE data_file_id = $1 AND ($2::int IS NULL OR id = $2) ORDER BY id DESC LIMIT 1`,
    [fileId, revisionId === undefined ? null : dataFileId(revisionId)],
  );
  if (!row)
    throw notFound(
      revisionId === undefined
        ? `Data file ${fileId} has no revision`
        : `No revision ${revisionId} of data file ${fileId}`,
    );
  return row;
}

/**
 * A revision's row and, for bytes kept in the row, at most `max` of them from its start (never
 * the whole of a large one); undefined when the file has no such revision.
 */
export async function revisionHead(db: Queryable, fileId: number, revisionId: number, max: number) {
  const [row] = await db.query<
    RevisionRow & { head: Uint8Array | null; stored_key: string | null }
  >(
    `SELECT ${revisionColumns}, stored_key,
       CASE WHEN stored_key IS NULL THEN substring(body from 1 for $3) END AS head
     FROM data_file_revisions WHERE data_file_id = $1 AND id = $2`,
    [fileId, revisionId, max],
  );
  return row;
}

/**
 * Deletes one revision; the newest remaining one becomes current, and deleting the last one
 * deletes the file (gaps.md). Undefined when the file has no such revision.
 */
export async function deleteRevisionRow(tx: Queryable, fileId: number, revisionId: string) {
  const [gone] = await tx.query<{ stored_key: string | null }>(
    'DELETE FROM data_file_revisions WHERE data_file_id = $1 AND id = $2 RETURNING stored_key',
    [fileId, dataFileId(revisionId)],
  );
  if (!gone) return undefined;
  const [left] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM data_file_revisions WHERE data_file_id = $1',
    [fileId],
  );
  const fileDeleted = (left?.n ?? 0) === 0;
  if (fileDeleted) await tx.query('DELETE FROM data_files WHERE id = $1', [fileId]);
  return { storedKey: gone.stored_key, fileDeleted };
}

/** Revisions still PENDING their scan, after `after` in id order, `batch` at a time. */
export const pendingRevisions = (db: Queryable, after: number, batch: number) =>
  db.query<{ id: number; body: Uint8Array | null; stored_key: string | null }>(
    `SELECT id, CASE WHEN stored_key IS NULL THEN body END AS body, stored_key
     FROM data_file_revisions WHERE scan_state = 'PENDING' AND id > $2 ORDER BY id LIMIT $1`,
    [batch, after],
  );

/** A scan's outcome, written only while the revision is still PENDING (two scanners agree). */
export const markScanned = (db: Queryable, id: number, state: 'SAFE' | 'UNSAFE') =>
  db.query(
    `UPDATE data_file_revisions SET scan_state = $2 WHERE id = $1 AND scan_state = 'PENDING'`,
    [id, state],
  );
