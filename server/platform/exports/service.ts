import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  CreateExportBody,
  ExportDetails,
  ExportPreview,
  ExportsAcross,
} from '../../../src/api/contract';
import { listScope, type Actor } from '../access/principal';
import { created, recordEvent } from '../audit/record';
import { PlatformError, badRequest } from '../core/errors';
import { storeFailure } from '../core/store-failure';
import { datasetNotFound, type DatasetRow } from '../datasets/repository';
import type { DatasetService } from '../datasets/service';
import type { JobQueue, Lease } from '../jobs/queue';
import type { Principals } from '../people/principals';
import type { Db, Queryable } from '../store';
import { FileMissingError, type FileStore } from '../store/files';
import { toExportRecord } from './mappers';
import { describePlan, planQuery, QueryPlanError, type QueryPlan } from './query-plan';
import { dropResultTable } from './rows-repository';
import {
  datasetCount,
  earlierSuccess,
  exportListState,
  exportsAcross,
  exportsOf,
  findExport,
  findExportDetails,
  insertExport,
  lockDataset,
  markExportFailed,
  markExportSucceeded,
  runningExport,
  type ExportDetailRow,
  type ExportQuery,
  type ExportRow,
} from './repository';
import {
  decodeCursor,
  downloadName,
  encodeCursor,
  exportNotFound,
  fileNotFound,
  filesOf,
  readPreview,
  targetKind,
  toExportDetails,
} from './reads';
import {
  localKey,
  writeExportFile,
  type ExportPayload,
  type ExportSecrets,
  type ExportSettings,
} from './run-export';

export type { ExportPayload, ExportQuery, ExportRow, ExportSecrets, ExportSettings };

export const EXPORT_JOB = 'export';
/** Published once an export is created: the dashboard's live read (list-live.ts) wakes. */
export const EXPORTS_TOPIC = 'exports';

/** An S3 export's keys, held in this process's memory only until its job takes them. */
const secretsByExport = new Map<string, ExportSecrets>();

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const SEGMENT = /^[A-Za-z0-9!_.*'()=@,+-]+$/;
/** A path's bounds: a segment is a folder name on the local target (file systems allow 255). */
export const MAX_PATH_CHARS = 512;
export const MAX_SEGMENT_CHARS = 200;
/** The most columns an export may name. */
export const MAX_COLUMNS = 1000;
/** A dataset's history: at most MAX_HISTORY exports a read. */
export const MAX_HISTORY = 500;
const DEFAULT_HISTORY = 100;
/** The dashboard's list: at most MAX_ACROSS_LIMIT exports a page, its cursor that long at most. */
export const MAX_ACROSS_LIMIT = 1000;
export const MAX_CURSOR_CHARS = 400;
const DEFAULT_ACROSS = 500;
/** An export's id is at most this long; its files are numbered from 0 to MAX_FILE_NUMBER. */
const MAX_EXPORT_ID_CHARS = 100;
export const MAX_FILE_NUMBER = 999;
/** A preview shows PREVIEW_ROWS rows, read from at most PREVIEW_BYTES of the file (after gunzip). */
export const PREVIEW_ROWS = 20;
export const PREVIEW_BYTES = 256 * 1024;
/** The longest reason a failed export's job writes on it. */
const MAX_REASON_CHARS = 1000;

function bounded(name: string, value: number, min: number, max: number) {
  if (!Number.isInteger(value) || value < min || value > max)
    throw badRequest(`${name}: a whole number from ${min} to ${max}`);
  return value;
}

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
  if (requested.length > MAX_COLUMNS)
    throw badRequest(`queryRequest.query.columns: at most ${MAX_COLUMNS} columns`);
  const known = new Set(dataset.columns.map((c) => c.name));
  for (const [i, c] of requested.entries())
    if (!known.has(c.column))
      throw badRequest(
        `queryRequest.query.columns.${i}.column: the dataset has no column "${c.column}"`,
      );
  const named = requested.length
    ? requested.map((c) => c.column)
    : dataset.columns.map((c) => c.name);
  let plan: QueryPlan | undefined;
  try {
    plan = planQuery(body.queryRequest?.query, dataset.columns, named);
  } catch (error) {
    if (error instanceof QueryPlanError) throw badRequest(error.message);
    throw error;
  }
  const columns = plan ? plan.outputs.map((o) => o.name) : named;
  return { path: p, columns, plan };
}

/** Where exports are queued: the store, the job queue and the platform's target. */
interface ExportQueueing {
  db: Db;
  queue: JobQueue;
  settings: ExportSettings;
}

/**
 * Create Export (4.6) under rules 4.6a, decided in one transaction that locks the dataset row:
 * a running export is returned as is; an earlier success on the same data version, columns and
 * target is returned instead of a new export (a request repeated); otherwise a new export and
 * its job are written. The partial unique index `exports_one_running` backs the first rule in
 * the database. `startedBy` has been allowed to read the dataset.
 */
async function queueExport(
  { db, queue, settings }: ExportQueueing,
  datasetId: string,
  body: CreateExportBody,
  startedBy: number,
): Promise<ExportRow> {
  const { target } = settings;
  validTarget(body, datasetId);
  const result = await db.transaction(async (tx) => {
    const dataset = await lockDataset(tx, datasetId);
    if (!dataset) throw datasetNotFound(datasetId);
    const { path: objectPath, columns, plan } = validate(body, dataset, target);
    const compression = body.compression ?? 'none';
    const includeBOM = body.queryRequest?.includeBOM ?? false;
    const fingerprint = JSON.stringify({
      target,
      endpoint: target === 's3' ? (settings.s3Endpoint ?? '') : '',
      bucket: body.bucket,
      path: objectPath,
      region: body.region ?? '',
      compression,
      includeBOM,
      columns,
      ...(plan ? { query: body.queryRequest?.query } : {}),
    });
    const running = await runningExport(tx, datasetId);
    if (running) return { row: running, started: false };
    if (body.queryRequest?.useCache !== false) {
      const previous = await earlierSuccess(tx, datasetId, fingerprint, dataset.data_version);
      if (previous) return { row: previous, started: false };
    }
    const exportId = randomUUID();
    const row = await insertExport(tx, {
      exportId,
      datasetId,
      bucket: body.bucket,
      path: objectPath,
      region: body.region ?? null,
      compression,
      dataVersion: dataset.data_version,
      fingerprint,
      startedBy,
      query: {
        columns,
        allColumns: !body.queryRequest?.query?.columns?.length,
        includeBOM,
        useCache: body.queryRequest?.useCache !== false,
        ...(plan
          ? { request: body.queryRequest?.query, summary: describePlan(plan, dataset.columns) }
          : {}),
      },
    });
    const payload: ExportPayload = {
      exportId,
      datasetId,
      columns,
      includeBOM,
      target,
      userId: startedBy,
      ...(plan ? { plan } : {}),
    };
    await queue.enqueue(tx, EXPORT_JOB, { ...payload }, exportId);
    await recordEvent(
      tx,
      startedBy,
      'export.started',
      { type: 'export', id: exportId, name: `${dataset.name}: ${objectPath}`, parent: dataset.id },
      created({ dataset: dataset.id, bucket: body.bucket, path: objectPath, target, compression }),
    );
    return { row, started: true };
  });
  if (result.started) {
    if (target === 's3')
      secretsByExport.set(result.row.export_id, {
        accessKeyId: body.awsAccessKey!,
        secretAccessKey: body.awsAccessSecret!,
        sessionToken: body.sessionToken,
      });
    queue.start(result.row.export_id);
    queue.signals.publish(EXPORTS_TOPIC);
  }
  return result.row;
}

/**
 * Exports (4.6, 4.6a, 2.4) of datasets as CSV files, run as durable jobs: started, listed and
 * read by a user who may read the dataset (an export of a dataset they may not read is not
 * found), and written by the job as the user who asked for it.
 */
export class ExportService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly datasets: DatasetService,
    private readonly queue: JobQueue,
    private readonly files: FileStore,
    private readonly settings: ExportSettings,
  ) {}

  /** An export of a dataset the actor may read, or the running or earlier one it repeats. */
  async start(actor: Actor, datasetId: string, body: CreateExportBody): Promise<ExportRow> {
    const { dataset } = await this.datasets.open(actor, datasetId, 'read');
    const queueing = { db: this.db, queue: this.queue, settings: this.settings };
    return queueExport(queueing, dataset.id, body, actor.userId);
  }

  /** A dataset's exports, newest first. */
  async history(actor: Actor, datasetId: string, limit = DEFAULT_HISTORY): Promise<ExportRow[]> {
    bounded('limit', limit, 1, MAX_HISTORY);
    const { dataset } = await this.datasets.open(actor, datasetId, 'read');
    return exportsOf(this.db, dataset.id, limit);
  }

  /**
   * Every export of the datasets the actor may read, newest first, `limit` at a time (`before`:
   * the previous page's `next`). `datasetCount` is the number of datasets they may read (the
   * dashboard says how many it watches).
   */
  async across(
    actor: Actor,
    { limit = DEFAULT_ACROSS, before }: { limit?: number; before?: string },
  ): Promise<ExportsAcross> {
    bounded('limit', limit, 1, MAX_ACROSS_LIMIT);
    if (before !== undefined && before.length > MAX_CURSOR_CHARS)
      throw badRequest(`before: at most ${MAX_CURSOR_CHARS} characters`);
    const cursor = before === undefined ? undefined : decodeCursor(before);
    const scope = listScope(await this.principals.of(actor));
    const rows = await exportsAcross(this.db, scope, cursor, limit);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      exports: page.map((row) => ({
        datasetId: row.dataset_id,
        datasetName: row.dataset_name,
        record: toExportRecord(row),
      })),
      datasetCount: await datasetCount(this.db, scope),
      next: rows.length > limit && last ? encodeCursor(last.started_text, last.export_id) : null,
    };
  }

  /**
   * The version of the actor's list of exports (`across`), which changes whenever the list does,
   * and the ids of its running exports: what the dashboard's live read follows.
   */
  async listVersion(actor: Actor): Promise<{ version: string; running: string[] }> {
    const scope = listScope(await this.principals.of(actor));
    const { n, h, datasets, running } = await exportListState(this.db, scope);
    const version = createHash('sha256')
      .update(`${n}/${h}/${datasets}/${running.join(',')}`)
      .digest('base64url')
      .slice(0, 22);
    return { version, running };
  }

  /** An export's page: what it wrote, where, for whom, and its files. */
  async details(actor: Actor, exportId: string): Promise<ExportDetails> {
    const row = await this.#find(actor, exportId);
    return toExportDetails(row, targetKind(row, this.settings.target));
  }

  /** The bytes of an export's local file, named for its dataset (core/download.ts sets the headers). */
  async download(actor: Actor, exportId: string, n: number) {
    const { row, file, bytes } = await this.#openFile(actor, exportId, n);
    return {
      name: downloadName(row, file),
      contentType: row.compression === 'gzip' ? 'application/gzip' : 'text/csv; charset=utf-8',
      body: Readable.toWeb(bytes) as ReadableStream<Uint8Array>,
    };
  }

  /** The first PREVIEW_ROWS rows of an export's local file. */
  async preview(actor: Actor, exportId: string, n: number): Promise<ExportPreview> {
    const { row, bytes } = await this.#openFile(actor, exportId, n);
    return readPreview(bytes, row.compression === 'gzip', exportId, {
      rows: PREVIEW_ROWS,
      bytes: PREVIEW_BYTES,
    });
  }

  /**
   * An export's job, as the user who asked for it: they must still be able to read the dataset
   * (else the export fails, saying so). Its rows are written to the target and the export ends
   * in success with its file; a failure fails the job, and `fail` records why.
   */
  async write(actor: Actor, payload: ExportPayload, lease: Lease) {
    const row = await findExport(this.db, payload.exportId);
    if (!row) return;
    const { dataset } = await this.datasets.open(actor, row.dataset_id, 'read');
    const secrets = secretsByExport.get(row.export_id);
    secretsByExport.delete(row.export_id);
    const writing = { db: this.db, files: this.files, settings: this.settings };
    const { url, rows } = await writeExportFile(writing, row, dataset, payload, lease, secrets);
    // Only while this process holds the job: one taken over by another writes the outcome there.
    await this.db.transaction(async (tx) => {
      await lease.hold(tx);
      await markExportSucceeded(tx, row.export_id, { [url]: rows });
    });
  }

  /**
   * The end of an export whose job failed, in the queue's transaction `tx`: a running export
   * ends failed with the reason, and what a process that died mid-export wrote of it goes. It
   * decides nothing: the export was decided when it started.
   */
  async fail(_actor: Actor, payload: ExportPayload, reason: string, tx: Queryable = this.db) {
    secretsByExport.delete(payload.exportId);
    // A query's scratch table, should the last attempt's process have stopped before dropping it.
    if (payload.plan) await dropResultTable(tx, payload.exportId);
    const row = await markExportFailed(tx, payload.exportId, reason.slice(0, MAX_REASON_CHARS));
    if (row && payload.target === 'local')
      await this.files.discardPartial(localKey(row)).catch(() => undefined);
  }

  /**
   * An export whose job is queued again (its process died or stopped), in the queue's
   * transaction `tx`: it stays running, and what the cut-off attempt wrote of its file goes.
   */
  async retrying(_actor: Actor, payload: ExportPayload, tx: Queryable = this.db) {
    const row = await findExport(tx, payload.exportId);
    if (row && payload.target === 'local')
      await this.files.discardPartial(localKey(row)).catch(() => undefined);
  }

  /**
   * The export, as the actor: 404 when it does not exist or its dataset is one they may not read
   * (the two are not told apart, as for datasets).
   */
  async #find(actor: Actor, exportId: string): Promise<ExportDetailRow> {
    if (exportId.length > MAX_EXPORT_ID_CHARS)
      throw badRequest(`exportId: at most ${MAX_EXPORT_ID_CHARS} characters`);
    const row = await findExportDetails(this.db, exportId);
    if (!row) throw exportNotFound(exportId);
    try {
      await this.datasets.open(actor, row.dataset_id, 'read');
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) throw exportNotFound(exportId);
      throw error;
    }
    return row;
  }

  /** A local file of the export: its bytes from the file store (a missing one is a 404 before any byte). */
  async #openFile(actor: Actor, exportId: string, n: number) {
    bounded('n', n, 0, MAX_FILE_NUMBER);
    const row = await this.#find(actor, exportId);
    const file = filesOf(row)[n];
    if (!file) throw fileNotFound(`Export ${exportId} has no file ${n}`);
    if (!file.downloadable)
      throw fileNotFound(
        `Export ${exportId} wrote ${file.url}, outside the platform's local target: read it from its bucket`,
      );
    const bytes = await this.files.get(localKey(row)).catch((error: unknown) => {
      if (error instanceof FileMissingError)
        throw fileNotFound(`The file of export ${exportId} is no longer in its bucket`);
      throw storeFailure(error, `export ${exportId}`);
    });
    return { row, file, bytes };
  }
}
