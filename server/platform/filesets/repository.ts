import type { FilesetSearchBody } from '../../../src/api/contract';
import type { Queryable } from '../store';

export interface FilesetRow {
  id: string;
  name: string;
  description: string;
  owner: number;
  created_by: number;
  created: Date;
  updated: Date;
  file_count: number;
}
export interface FileRow {
  id: string;
  fileset_id: string;
  path: string;
  name: string;
  file_type: string;
  content_type: string;
  size: number;
  hash: string;
  created: Date;
  created_by: number;
}
export interface MatchRow extends FileRow {
  score: number;
  snippet: string | null;
}
export interface NewFile {
  id: string;
  filesetId: string;
  path: string;
  name: string;
  contentType: string;
  /** Its size, and where its bytes are: the file store's key (the row keeps no bytes then). */
  size: number;
  storedKey: string;
  text: string | null;
  hash: string;
  userId: number;
}

/** `file_count` is kept by triggers on the fileset's files (migration 160). */
const filesetColumns = `f.id, f.name, f.description, f.owner, f.created_by, f.created, f.updated,
  f.file_count`;
export const fileColumns = `id, fileset_id, path, name, file_type, content_type, size, hash, created, created_by`;

const filterColumns = {
  name: 'f.name',
  description: 'f.description',
  owner: 'f.owner::text',
  createdBy: 'f.created_by::text',
} as const;
const sortColumns = {
  name: 'f.name',
  created: 'f.created',
  updated: 'f.updated',
  fileCount: 'f.file_count',
} as const;

/** Filter and sort names come from the contract's enums; values always travel as parameters. */
export async function searchFilesets(
  db: Queryable,
  { filters = [], fieldSort = [] }: FilesetSearchBody,
  page: { limit: number; offset: number },
) {
  const params: unknown[] = [];
  const where = filters.map((filter) => {
    params.push(filter.value.map(String));
    const column = filterColumns[filter.field];
    const test =
      filter.operator === 'LIKE'
        ? `EXISTS (SELECT 1 FROM unnest($${params.length}::text[]) v
             WHERE strpos(lower(${column}), lower(v)) > 0)`
        : `${column} = ANY($${params.length}::text[])`;
    return filter.not ? `NOT (${test})` : test;
  });
  const order = [
    ...fieldSort.map((s) => `${sortColumns[s.field]} ${s.order === 'DESC' ? 'DESC' : 'ASC'}`),
    'f.id',
  ];
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ total }] = (await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM filesets f ${whereSql}`,
    params,
  )) as [{ total: number }];
  const rows = await db.query<FilesetRow>(
    `SELECT ${filesetColumns} FROM filesets f ${whereSql}
     ORDER BY ${order.join(', ')} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { rows, total };
}

export async function getFileset(db: Queryable, id: string) {
  const [row] = await db.query<FilesetRow>(
    `SELECT ${filesetColumns} FROM filesets f WHERE f.id = $1`,
    [id],
  );
  return row;
}

/** Which files a listing or a query covers: `prefix` of the path, and only those directly in it. */
export interface PathScope {
  prefix: string;
  immediateChildren?: boolean;
}

/** Files in byte order of their path, after the cursor's path. */
export function listFiles(
  db: Queryable,
  filesetId: string,
  scope: PathScope,
  page: { after: string | null; limit: number },
) {
  return db.query<FileRow>(
    `SELECT ${fileColumns} FROM fileset_files
     WHERE fileset_id = $1 AND starts_with(path, $2)
       AND (NOT $3 OR strpos(substr(path, length($2) + 1), '/') = 0)
       AND ($4::text IS NULL OR path COLLATE "C" > $4::text)
     ORDER BY path COLLATE "C" LIMIT $5`,
    [filesetId, scope.prefix, scope.immediateChildren ?? false, page.after, page.limit],
  );
}

/** A new file, unless its path is taken in the fileset (then undefined). */
export async function insertFile(tx: Queryable, file: NewFile) {
  const [row] = await tx.query<FileRow>(
    `INSERT INTO fileset_files (id, fileset_id, path, name, file_type, content_type, size, hash, created,
       created_by, stored_key, text_content)
     VALUES ($1, $2, $3, $4, 'FILE', $5, $6, $7, now(), $8, $9, $10)
     ON CONFLICT (fileset_id, path) DO NOTHING
     RETURNING ${fileColumns}`,
    [
      file.id,
      file.filesetId,
      file.path,
      file.name,
      file.contentType,
      file.size,
      file.hash,
      file.userId,
      file.storedKey,
      file.text,
    ],
  );
  if (row) await touchFileset(tx, file.filesetId);
  return row;
}

/** A file and where its bytes are: its row's `body` (sample data, the oldest uploads) or the store. */
export async function readFile(db: Queryable, filesetId: string, fileId: string) {
  const [row] = await db.query<FileRow & { body: Uint8Array | null; stored_key: string | null }>(
    `SELECT ${fileColumns}, CASE WHEN stored_key IS NULL THEN body END AS body, stored_key
     FROM fileset_files WHERE fileset_id = $1 AND id = $2`,
    [filesetId, fileId],
  );
  return row;
}

export async function deleteFile(tx: Queryable, filesetId: string, fileId: string) {
  const [row] = await tx.query<FileRow & { stored_key: string | null }>(
    `DELETE FROM fileset_files WHERE fileset_id = $1 AND id = $2 RETURNING ${fileColumns}, stored_key`,
    [filesetId, fileId],
  );
  if (row) await touchFileset(tx, filesetId);
  return row;
}

const touchFileset = (tx: Queryable, id: string) =>
  tx.query('UPDATE filesets SET updated = now() WHERE id = $1', [id]);
