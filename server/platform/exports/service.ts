import { created, recordEvent } from '../audit/record';
import { randomUUID } from 'node:crypto';
import type { CreateExportBody } from '../../../src/api/contract';
import type { PlatformDeps } from '../core/context';
import { badRequest } from '../core/errors';
import { datasetNotFound, type DatasetRow } from '../datasets/repository';
import type { Queryable } from '../store';

export const EXPORT_JOB = 'export';
/** Published once an export is created: the dashboard's live read (list-live.ts) wakes. */
export const EXPORTS_TOPIC = 'exports';

export interface ExportRow {
  export_id: string;
  dataset_id: string;
  bucket: string;
  path: string;
  region: string | null;
  compression: string;
  export_format: string;
  export_status: string;
  error_code: string;
  message: string;
  started: Date;
  finished: Date | null;
  url_row_count_map: Record<string, number>;
  data_version: number;
  request_fingerprint: string;
  started_by: number | null;
  query_request: ExportQuery | null;
}

/** What an export asked for, kept for its page (no secret in it). */
export interface ExportQuery {
  columns: string[];
  allColumns: boolean;
  includeBOM: boolean;
  useCache: boolean;
}

interface Secrets {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** What the job needs besides the export row; kept in the job payload (no secret in it). */
export interface ExportPayload {
  exportId: string;
  datasetId: string;
  columns: string[];
  includeBOM: boolean;
  target: 'local' | 's3';
}

/** The secrets of a request live in this process's memory only, until its job has used them. */
/** An S3 export's keys, held in this process's memory only until its job takes them. */
export const secretsByExport = new Map<string, Secrets>();

export const SECRETS_GONE =
  'The access key and secret were not available to the job (the platform restarted before it ran); start the export again';

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const SEGMENT = /^[A-Za-z0-9!_.*'()=@,+-]+$/;
/** A path's bounds: a segment is a folder name on the local target (file systems allow 255). */
export const MAX_PATH_CHARS = 512;
export const MAX_SEGMENT_CHARS = 200;

export const objectKey = (row: Pick<ExportRow, 'path' | 'export_id' | 'compression'>) =>
  `${row.path}/${row.export_id}/export/data.csv${row.compression === 'gzip' ? '.gz' : ''}`;

/** `bucket` and `path` (none: the dataset's id), checked before anything reads or writes. */
function validTarget(body: CreateExportBody, datasetId: string) {
  if (!BUCKET.test(body.bucket) || body.bucket.includes('..'))
    throw badRequest(
      'bucket: 3 to 63 lower-case letters, digits, dots or hyphens, starting and ending with a letter or digit, no ".."',
    );
  const p = (body.path ?? datasetId).replace(/^\/+|\/+$/g, '');
  if (p.length > MAX_PATH_CHARS) throw badRequest(`path: at most ${MAX_PATH_CHARS} characters`);
  const segments = p.split('/');
  if (segments.some((s) => s.length > MAX_SEGMENT_CHARS))
    throw badRequest(`path: at most ${MAX_SEGMENT_CHARS} characters between two "/"`);
  if (segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..'))
    throw badRequest(
      'path: segments of letters, digits and -_.!*\'()=@,+ separated by "/" (no "." or "..")',
    );
  if (body.region !== undefined && !/^[a-z0-9-]{0,40}$/.test(body.region))
    throw badRequest('region: lower-case letters, digits and hyphens, like eu-west-1');
  return p;
}

function validate(body: CreateExportBody, dataset: DatasetRow, target: 'local' | 's3') {
  const p = validTarget(body, dataset.id);
  if (target === 's3' && (!body.awsAccessKey || !body.awsAccessSecret))
    throw badRequest('awsAccessKey and awsAccessSecret are required to write to the bucket');
  const requested = body.queryRequest?.query?.columns ?? [];
  if (requested.length > 1000) throw badRequest('queryRequest.query.columns: at most 1000 columns');
  const known = new Set(dataset.columns.map((c) => c.name));
  for (const [i, c] of requested.entries())
    if (!known.has(c.column))
      throw badRequest(
        `queryRequest.query.columns.${i}.column: the dataset has no column "${c.column}"`,
      );
  const columns = requested.length
    ? requested.map((c) => c.column)
    : dataset.columns.map((c) => c.name);
  return { path: p, columns };
}

/**
 * Create Export (4.6) under rules 4.6a, decided in one transaction that locks the dataset row:
 * a running export is returned as is; an earlier success on the same data version, columns and
 * target is returned instead of a new export; otherwise a new export and its job are written.
 * The partial unique index `exports_one_running` backs the first rule in the database.
 */
export async function createExport(
  deps: PlatformDeps,
  datasetId: string,
  body: CreateExportBody,
  /** The acting user: the export's page names who started it. */
  startedBy: number,
) {
  const target = deps.exports.target;
  validTarget(body, datasetId);
  const result = await deps.db.transaction(async (tx) => {
    const [dataset] = await tx.query<DatasetRow>(
      'SELECT * FROM datasets WHERE id = $1 FOR UPDATE',
      [datasetId],
    );
    if (!dataset) throw datasetNotFound(datasetId);
    const { path: objectPath, columns } = validate(body, dataset, target);
    const compression = body.compression ?? 'none';
    const includeBOM = body.queryRequest?.includeBOM ?? false;
    const fingerprint = JSON.stringify({
      target,
      endpoint: target === 's3' ? (deps.exports.s3Endpoint ?? '') : '',
      bucket: body.bucket,
      path: objectPath,
      region: body.region ?? '',
      compression,
      includeBOM,
      columns,
    });
    const [running] = await tx.query<ExportRow>(
      `SELECT * FROM exports WHERE dataset_id = $1 AND export_status = 'running'`,
      [datasetId],
    );
    if (running) return { row: running, started: false };
    if (body.queryRequest?.useCache !== false) {
      const [previous] = await tx.query<ExportRow>(
        `SELECT * FROM exports WHERE dataset_id = $1 AND export_status = 'success'
           AND request_fingerprint = $2 AND data_version = $3
         ORDER BY started DESC LIMIT 1`,
        [datasetId, fingerprint, dataset.data_version],
      );
      if (previous) return { row: previous, started: false };
    }
    const exportId = randomUUID();
    const query: ExportQuery = {
      columns,
      allColumns: !body.queryRequest?.query?.columns?.length,
      includeBOM,
      useCache: body.queryRequest?.useCache !== false,
    };
    const [row] = await tx.query<ExportRow>(
      `INSERT INTO exports (export_id, dataset_id, bucket, path, region, compression, export_format,
         export_status, started, data_version, request_fingerprint, started_by, query_request)
       VALUES ($1, $2, $3, $4, $5, $6, 'csv', 'running', now(), $7, $8, $9, $10) RETURNING *`,
      [
        exportId,
        datasetId,
        body.bucket,
        objectPath,
        body.region ?? null,
        compression,
        dataset.data_version,
        fingerprint,
        startedBy,
        JSON.stringify(query),
      ],
    );
    const payload: ExportPayload = { exportId, datasetId, columns, includeBOM, target };
    await deps.queue.enqueue(tx, EXPORT_JOB, { ...payload }, exportId);
    await recordEvent(
      tx,
      startedBy,
      'export.started',
      { type: 'export', id: exportId, name: `${dataset.name}: ${objectPath}`, parent: dataset.id },
      created({ dataset: dataset.id, bucket: body.bucket, path: objectPath, target, compression }),
    );
    return { row: row!, started: true };
  });
  if (result.started) {
    if (target === 's3')
      secretsByExport.set(result.row.export_id, {
        accessKeyId: body.awsAccessKey!,
        secretAccessKey: body.awsAccessSecret!,
        sessionToken: body.sessionToken,
      });
    deps.queue.start(result.row.export_id);
    deps.queue.signals.publish(EXPORTS_TOPIC);
  }
  return result.row;
}

export async function listExports(db: Queryable, datasetId: string, limit: number) {
  const [dataset] = await db.query('SELECT id FROM datasets WHERE id = $1', [datasetId]);
  if (!dataset) throw datasetNotFound(datasetId);
  return db.query<ExportRow>(
    'SELECT * FROM exports WHERE dataset_id = $1 ORDER BY started DESC, export_id LIMIT $2',
    [datasetId, limit],
  );
}
