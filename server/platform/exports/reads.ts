import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import Papa from 'papaparse';
import type { ExportDetails, ExportFile, ExportPreview } from '../../../src/api/contract';
import { PlatformError, badRequest } from '../core/errors';
import { toExportRecord } from './mappers';
import type { ExportDetailRow, ExportRow } from './repository';
import { EXPORT_MAX_ATTEMPTS, objectKey } from './run-export';

// What an export's page, its files and the dashboard's list are made of (the ExportService
// reads them).

export const exportNotFound = (id: string) =>
  new PlatformError(404, `No export ${id}`, { errorCode: 'EXPORT_NOT_FOUND' });
export const fileNotFound = (message: string) =>
  new PlatformError(404, message, { errorCode: 'EXPORT_FILE_NOT_FOUND' });

/** The target the export was made for: its request's, else its URL's scheme, else `fallback`. */
export function targetKind(row: ExportRow, fallback: 'local' | 's3'): 'local' | 's3' {
  try {
    const kind = (JSON.parse(row.request_fingerprint) as { target?: unknown }).target;
    if (kind === 'local' || kind === 's3') return kind;
  } catch {
    // seeded rows carry no request
  }
  const url = Object.keys(row.url_row_count_map)[0];
  if (url) return url.startsWith('local://') ? 'local' : 's3';
  return fallback;
}

/** The files, in URL order (their number `n` is the position in it); only local ones are handed out. */
export function filesOf(row: ExportRow): ExportFile[] {
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

/** An export's page: its record, dataset, who started it, its target, request and files. */
export const toExportDetails = (row: ExportDetailRow, target: 'local' | 's3'): ExportDetails => ({
  record: toExportRecord(row),
  datasetId: row.dataset_id,
  datasetName: row.dataset_name,
  startedBy:
    row.started_by === null
      ? null
      : { id: row.started_by, name: row.started_by_name ?? `User ${row.started_by}` },
  target: { kind: target, bucket: row.bucket, path: row.path, region: row.region },
  query: row.query_request ?? null,
  files: filesOf(row),
  ...attemptOf(row),
});

/** The run of the export's job under way, next (queued again) or last; none without a job. */
function attemptOf(row: ExportDetailRow): Pick<ExportDetails, 'attempt' | 'maxAttempts'> {
  if (row.job_attempts === null) return {};
  const attempt = row.job_status === 'queued' ? row.job_attempts + 1 : row.job_attempts;
  return { attempt: Math.max(attempt, 1), maxAttempts: EXPORT_MAX_ATTEMPTS };
}

/** A download's name: the dataset's, the export's id and the file's extensions. */
export const downloadName = (row: ExportDetailRow, file: ExportFile) => {
  const base = row.dataset_name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || 'export';
  return `${base} ${row.export_id.slice(0, 8)}.${file.name.split('.').slice(1).join('.')}`;
};

/**
 * The first `bounds.rows` rows of an export's file, read from at most `bounds.bytes` of it
 * (after gunzip), whatever its rows' width.
 */
export async function readPreview(
  source: Readable,
  compressed: boolean,
  exportId: string,
  bounds: { rows: number; bytes: number },
): Promise<ExportPreview> {
  const stream = compressed ? source.pipe(createGunzip()) : source;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= bounds.bytes) {
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
    .subarray(0, bounds.bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  // A read cut short may end inside a row: that row is left out.
  const whole = ended ? parsed : parsed.slice(0, -1);
  const [columns = [], ...rows] = whole;
  return {
    columns,
    rows: rows.slice(0, bounds.rows),
    more: rows.length > bounds.rows || !ended,
  };
}

export const encodeCursor = (started: string, id: string) =>
  Buffer.from(JSON.stringify([started, id])).toString('base64url');

export function decodeCursor(cursor: string): [string, string] {
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
