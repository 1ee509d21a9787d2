import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import Papa from 'papaparse';
import type {
  ExportDetails,
  ExportFile,
  ExportPreview,
  ExportsAcross,
} from '../../../src/api/contract';
import { datasetForUser, visibleDatasetSql } from '../access/policy';
import type { PlatformDeps } from '../core/context';
import { PlatformError, badRequest } from '../core/errors';
import type { Queryable } from '../store';
import { toExportRecord } from './mappers';
import { FileMissingError } from '../store/files';
import { storeFailure } from '../core/store-failure';
import { localKey } from './run-export';
import { objectKey, type ExportRow } from './service';

/** Bounds of the reads below (issue 25). */
export const MAX_ACROSS_LIMIT = 1000;
export const PREVIEW_ROWS = 20;
/** A preview reads at most this much of a file (after gunzip), whatever its rows' width. */
export const PREVIEW_BYTES = 256 * 1024;

type DetailRow = ExportRow & { dataset_name: string; started_by_name: string | null };

const exportNotFound = (id: string) =>
  new PlatformError(404, `No export ${id}`, { errorCode: 'EXPORT_NOT_FOUND' });
const fileNotFound = (message: string) =>
  new PlatformError(404, message, { errorCode: 'EXPORT_FILE_NOT_FOUND' });

/**
 * The export, as the acting user: 404 when it does not exist or its dataset is one the user may
 * not read (the two are not told apart, as for datasets).
 */
async function exportForUser(db: Queryable, userId: number, exportId: string) {
  if (exportId.length > 100) throw badRequest('exportId: at most 100 characters');
  const [row] = await db.query<DetailRow>(
    `SELECT e.*, d.name AS dataset_name, u.display_name AS started_by_name
     FROM exports e JOIN datasets d ON d.id = e.dataset_id LEFT JOIN users u ON u.id = e.started_by
     WHERE e.export_id = $1`,
    [exportId],
  );
  if (!row) throw exportNotFound(exportId);
  try {
    await datasetForUser(db, userId, row.dataset_id, 'read');
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw exportNotFound(exportId);
    throw error;
  }
  return row;
}

/** The target the export was made for: its request's, else its URL's scheme, else the platform's. */
function targetKind(deps: PlatformDeps, row: ExportRow): 'local' | 's3' {
  try {
    const kind = (JSON.parse(row.request_fingerprint) as { target?: unknown }).target;
    if (kind === 'local' || kind === 's3') return kind;
  } catch {
    // seeded rows carry no request
  }
  const url = Object.keys(row.url_row_count_map)[0];
  if (url) return url.startsWith('local://') ? 'local' : 's3';
  return deps.exports.target;
}

/** The files, in URL order (their number `n` is the position in it); only local ones are handed out. */
function filesOf(row: ExportRow): ExportFile[] {
  const local = `local://${row.bucket}/${objectKey(row)}`;
  return Object.keys(row.url_row_count_map)
    .sort()
    .map((url) => ({
      url,
      rows: row.url_row_count_map[url]!,
      name: url.slice(url.lastIndexOf('/') + 1),
      downloadable: url === local,
    }));
}

export async function exportDetails(
  deps: PlatformDeps,
  userId: number,
  exportId: string,
): Promise<ExportDetails> {
  const row = await exportForUser(deps.db, userId, exportId);
  return {
    record: toExportRecord(row),
    datasetId: row.dataset_id,
    datasetName: row.dataset_name,
    startedBy:
      row.started_by === null
        ? null
        : { id: row.started_by, name: row.started_by_name ?? `User ${row.started_by}` },
    target: {
      kind: targetKind(deps, row),
      bucket: row.bucket,
      path: row.path,
      region: row.region,
    },
    query: row.query_request ?? null,
    files: filesOf(row),
  };
}

/** A local file of the export: its bytes from the file store (a missing one is a 404 before any byte). */
async function openFile(deps: PlatformDeps, userId: number, exportId: string, n: number) {
  const row = await exportForUser(deps.db, userId, exportId);
  const file = filesOf(row)[n];
  if (!file) throw fileNotFound(`Export ${exportId} has no file ${n}`);
  if (!file.downloadable)
    throw fileNotFound(
      `Export ${exportId} wrote ${file.url}, outside the platform's local target: read it from its bucket`,
    );
  const bytes = await deps.files.get(localKey(row)).catch((error: unknown) => {
    if (error instanceof FileMissingError)
      throw fileNotFound(`The file of export ${exportId} is no longer in its bucket`);
    throw storeFailure(error, `export ${exportId}`);
  });
  return { row, file, bytes };
}

const downloadName = (row: DetailRow, file: ExportFile) => {
  const base = row.dataset_name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || 'export';
  return `${base} ${row.export_id.slice(0, 8)}.${file.name.split('.').slice(1).join('.')}`;
};

/** The bytes of an export's local file, named for its dataset (core/download.ts sets the headers). */
export async function exportFileDownload(
  deps: PlatformDeps,
  userId: number,
  exportId: string,
  n: number,
) {
  const { row, file, bytes } = await openFile(deps, userId, exportId, n);
  return {
    name: downloadName(row, file),
    contentType: row.compression === 'gzip' ? 'application/gzip' : 'text/csv; charset=utf-8',
    body: Readable.toWeb(bytes) as ReadableStream<Uint8Array>,
  };
}

/** The first {@link PREVIEW_ROWS} rows, read from at most {@link PREVIEW_BYTES} of the file. */
export async function exportFilePreview(
  deps: PlatformDeps,
  userId: number,
  exportId: string,
  n: number,
): Promise<ExportPreview> {
  const { row, bytes: source } = await openFile(deps, userId, exportId, n);
  const stream = row.compression === 'gzip' ? source.pipe(createGunzip()) : source;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= PREVIEW_BYTES) {
        ended = false;
        break;
      }
    }
  } catch {
    throw fileNotFound(`The file of export ${exportId} could not be read`);
  } finally {
    source.destroy();
  }
  const text = Buffer.concat(chunks)
    .subarray(0, PREVIEW_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  // A read cut short may end inside a row: that row is left out.
  const whole = ended ? parsed : parsed.slice(0, -1);
  const [columns = [], ...rows] = whole;
  return {
    columns,
    rows: rows.slice(0, PREVIEW_ROWS),
    more: rows.length > PREVIEW_ROWS || !ended,
  };
}

const encodeCursor = (started: string, id: string) =>
  Buffer.from(JSON.stringify([started, id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((v) => typeof v === 'string') &&
      !Number.isNaN(Date.parse(value[0] as string))
    )
      return value as [string, string];
  } catch {
    // answered below
  }
  throw badRequest('before: not a cursor this list gave (use its `next`)');
}

/**
 * Every export of the datasets the acting user may read, newest first, `limit` at a time: a
 * keyset on (started, export_id), so a page costs the same however deep. `datasetCount` is the
 * number of datasets the user may read (the dashboard says how many it watches).
 */
export async function listExportsAcross(
  db: Queryable,
  userId: number,
  { limit, before }: { limit: number; before?: string },
): Promise<ExportsAcross> {
  const cursor = before === undefined ? undefined : decodeCursor(before);
  const rows = await db.query<ExportRow & { dataset_name: string; started_text: string }>(
    `SELECT e.*, d.name AS dataset_name, e.started::text AS started_text
     FROM exports e JOIN datasets d ON d.id = e.dataset_id
     WHERE ${visibleDatasetSql('$1')}
       AND ($2::timestamptz IS NULL OR (e.started, e.export_id) < ($2::timestamptz, $3::text))
     ORDER BY e.started DESC, e.export_id DESC LIMIT $4`,
    [userId, cursor?.[0] ?? null, cursor?.[1] ?? '', limit + 1],
  );
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM datasets d WHERE ${visibleDatasetSql('$1')}`,
    [userId],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    exports: page.map((row) => ({
      datasetId: row.dataset_id,
      datasetName: row.dataset_name,
      record: toExportRecord(row),
    })),
    datasetCount: count?.n ?? 0,
    next: rows.length > limit && last ? encodeCursor(last.started_text, last.export_id) : null,
  };
}
