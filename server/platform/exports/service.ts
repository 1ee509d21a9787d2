import { created, recordEvent } from '../audit/record';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { CreateExportBody } from '../../../src/api/contract';
import type { PlatformDeps } from '../core/context';
import { badRequest } from '../core/errors';
import { datasetNotFound, type DatasetRow } from '../datasets/repository';
import type { Cell } from '../datasets/store';
import type { JobRow, Lease } from '../jobs/queue';
import type { Queryable } from '../store';
import { csvLines } from './csv';

export const EXPORT_JOB = 'export';

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
interface ExportPayload {
  exportId: string;
  datasetId: string;
  columns: string[];
  includeBOM: boolean;
  target: 'local' | 's3';
}

/** The secrets of a request live in this process's memory only, until its job has used them. */
const secretsByExport = new Map<string, Secrets>();

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

/**
 * The dataset's rows in (partition, index) order, `batchRows` at a time: each live row set
 * (datasets/store.ts) in partition order, read as windows of row_index, which the store writes
 * as 0..n-1. So each batch costs its own, whatever the planner believes: PGlite runs no
 * autovacuum, and on a table it has never analyzed a keyset `LIMIT` read and sorted every
 * remaining row (1,000,000 rows took 65 s). A batch comes back as one JSON text, not one result
 * row per dataset row: PGlite's per-row decoding cost more than the query itself.
 * The default of 5,000 rows a batch (EXPORT_BATCH_ROWS) was as fast as any and the leanest:
 * batches of 20,000 outlive V8's young generation (twice the GC time, ~170 MiB more rss).
 * A set replaced during the export stays readable for RETIRED_GRACE_SECONDS; should it go
 * before the export has read it, the export fails and says so rather than miss rows.
 */
async function* rowBatches(
  db: Queryable,
  datasetId: string,
  batchRows: number,
): AsyncGenerator<Cell[][]> {
  let partition: string | undefined;
  for (;;) {
    const [set] = await db.query<{ partition_id: string; storage: string; row_count: number }>(
      `SELECT partition_id, storage, row_count FROM dataset_row_sets
       WHERE dataset_id = $1 AND state = 'live' AND partition_id ${partition === undefined ? '>=' : '>'} $2
       ORDER BY partition_id LIMIT 1`,
      [datasetId, partition ?? ''],
    );
    if (!set) return;
    partition = set.partition_id;
    for (let from = 0; from < set.row_count; from += batchRows) {
      const [batch] = await db.query<{ cells: string | null; n: number }>(
        `SELECT string_agg(cells::text, ',' ORDER BY row_index) AS cells, count(*)::int AS n
         FROM dataset_rows
         WHERE dataset_id = $1 AND partition_id = $2 AND row_index >= $3 AND row_index < $4`,
        [datasetId, set.storage, from, from + batchRows],
      );
      if ((batch?.n ?? 0) !== Math.min(batchRows, set.row_count - from))
        throw new Error('The dataset changed during the export: export it again');
      if (batch?.cells) yield JSON.parse(`[${batch.cells}]`) as Cell[][];
    }
  }
}

/** The CSV: header, then the chosen columns of every row; memory stays flat whatever the count. */
async function* csvChunks(
  deps: PlatformDeps,
  payload: ExportPayload,
  lease: Lease,
  counter: { rows: number },
): AsyncGenerator<Buffer> {
  const { db } = deps;
  const [dataset] = await db.query<DatasetRow>('SELECT * FROM datasets WHERE id = $1', [
    payload.datasetId,
  ]);
  if (!dataset) throw new Error('The dataset was deleted during the export');
  const indexes = payload.columns.map((name) => {
    const i = dataset.columns.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`The dataset no longer has the column "${name}"`);
    return i;
  });
  const header = csvLines(
    [payload.columns],
    payload.columns.map((_, i) => i),
  );
  yield Buffer.from((payload.includeBOM ? '\uFEFF' : '') + header);
  let lastBeat = Date.now();
  for await (const rows of rowBatches(db, payload.datasetId, deps.exports.batchRows)) {
    if (lease.signal.aborted)
      throw new Error('Interrupted: the platform stopped during the export');
    counter.rows += rows.length;
    yield Buffer.from(csvLines(rows, indexes));
    if (Date.now() - lastBeat > 5_000) {
      await lease.heartbeat();
      lastBeat = Date.now();
    }
  }
}

const fileSystemReasons: Record<string, string> = {
  ENOTDIR: 'a file stands where one of its folders should be',
  EEXIST: 'a file stands where one of its folders should be',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
  ENAMETOOLONG: 'a name is too long for the file system',
};

/**
 * A file-system failure of the local object store, said without the server's own paths (Node
 * puts them in the message of every such error): any error of a file-system call becomes this.
 */
export function localTargetError(error: unknown, bucket: string): unknown {
  const failure = error as NodeJS.ErrnoException | undefined;
  const code = typeof failure?.code === 'string' ? failure.code : undefined;
  if (!code || (failure?.syscall === undefined && failure?.path === undefined)) return error;
  const reason = fileSystemReasons[code] ?? 'the file system refused it';
  return new Error(`The local bucket "${bucket}" cannot be written: ${reason} (${code})`);
}

/** Where the local target writes an export: its folder, and the file inside it. */
export function localFile(
  dataDir: string,
  row: Pick<ExportRow, 'bucket' | 'path' | 'export_id' | 'compression'>,
) {
  return path.join(dataDir, 'buckets', row.bucket, ...objectKey(row).split('/'));
}

/**
 * An export that failed, or whose process died and whose job another process took over, leaves
 * no `.partial` file (nor the empty folders made for it) in the bucket.
 */
async function removePartial(dataDir: string, row: Parameters<typeof localFile>[1]) {
  const file = localFile(dataDir, row);
  await fs.promises.rm(`${file}.partial`, { force: true }).catch(() => undefined);
  // Only empty folders go: a finished file (or anything else) keeps its folder.
  for (let dir = path.dirname(file), i = 0; i < 2; i++, dir = path.dirname(dir))
    await fs.promises.rmdir(dir).catch(() => undefined);
}

export function exportHandler(deps: PlatformDeps) {
  return {
    async run(job: JobRow, lease: Lease) {
      const payload = job.payload as unknown as ExportPayload;
      const [row] = await deps.db.query<ExportRow>('SELECT * FROM exports WHERE export_id = $1', [
        payload.exportId,
      ]);
      if (!row) return;
      const key = objectKey(row);
      const counter = { rows: 0 };
      // Byte mode: the writer's backpressure holds back the next batch (object mode would queue 16).
      const source = Readable.from(csvChunks(deps, payload, lease, counter), { objectMode: false });
      const stages: NodeJS.ReadWriteStream[] = row.compression === 'gzip' ? [createGzip()] : [];
      let url: string;
      if (payload.target === 's3') {
        const secrets = secretsByExport.get(row.export_id);
        secretsByExport.delete(row.export_id);
        if (!secrets) throw new Error(SECRETS_GONE);
        const client = new S3Client({
          region: row.region || 'us-east-1',
          endpoint: deps.exports.s3Endpoint,
          forcePathStyle: deps.exports.s3Endpoint !== undefined,
          credentials: secrets,
          maxAttempts: 2,
        });
        try {
          const body = stages.length ? source.pipe(stages[0]!) : source;
          source.on('error', (e) => (body as Readable).destroy(e));
          const upload = new Upload({
            client,
            params: {
              Bucket: row.bucket,
              Key: key,
              Body: body as Readable,
              ContentType: 'text/csv',
            },
            queueSize: 2,
            partSize: 5 * 1024 * 1024,
          });
          lease.signal.addEventListener('abort', () => void upload.abort());
          await upload.done();
        } finally {
          client.destroy();
        }
        url = `s3://${row.bucket}/${key}`;
      } else {
        const file = localFile(deps.dataDir, row);
        const partial = `${file}.partial`;
        try {
          await fs.promises.mkdir(path.dirname(file), { recursive: true });
          await pipeline([source, ...stages, fs.createWriteStream(partial)]);
          await fs.promises.rename(partial, file);
        } catch (error) {
          // The folder may be what failed: a clean-up that cannot run must not hide the reason.
          await removePartial(deps.dataDir, row);
          throw localTargetError(error, row.bucket);
        }
        url = `local://${row.bucket}/${key}`;
      }
      await deps.db.query(
        `UPDATE exports SET export_status = 'success', finished = now(), url_row_count_map = $2
         WHERE export_id = $1 AND export_status = 'running'`,
        [row.export_id, JSON.stringify({ [url]: counter.rows })],
      );
    },
    async onFailed(tx: Queryable, job: JobRow, reason: string) {
      const payload = job.payload as unknown as ExportPayload;
      secretsByExport.delete(payload.exportId);
      const [row] = await tx.query<ExportRow>(
        `UPDATE exports SET export_status = 'failed', finished = now(), error_code = 'EXPORT_FAILED', message = $2
         WHERE export_id = $1 AND export_status = 'running' RETURNING *`,
        [payload.exportId, reason.slice(0, 1000)],
      );
      if (row && payload.target === 'local') await removePartial(deps.dataDir, row);
    },
  };
}
