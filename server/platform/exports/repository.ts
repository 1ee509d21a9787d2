import type { ListScope } from '../access/principal';
import { datasetInScope, scopeParams, type DatasetRow } from '../datasets/repository';
import type { Queryable } from '../store';

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

/** An export with its dataset's name and the name of who started it: its page. */
export type ExportDetailRow = ExportRow & {
  dataset_name: string;
  started_by_name: string | null;
  /** Runs of its job begun so far, and its state (null: no job wrote it). */
  job_attempts: number | null;
  job_status: string | null;
};

/** The dataset, locked until the transaction ends: exports of it are decided one at a time. */
export async function lockDataset(tx: Queryable, id: string): Promise<DatasetRow | undefined> {
  const [row] = await tx.query<DatasetRow>('SELECT * FROM datasets WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

export async function runningExport(tx: Queryable, datasetId: string) {
  const [row] = await tx.query<ExportRow>(
    `SELECT * FROM exports WHERE dataset_id = $1 AND export_status = 'running'`,
    [datasetId],
  );
  return row;
}

/** The latest success of the same request on the same data version, if any. */
export async function earlierSuccess(
  tx: Queryable,
  datasetId: string,
  fingerprint: string,
  dataVersion: number,
) {
  const [row] = await tx.query<ExportRow>(
    `SELECT * FROM exports WHERE dataset_id = $1 AND export_status = 'success'
       AND request_fingerprint = $2 AND data_version = $3
     ORDER BY started DESC LIMIT 1`,
    [datasetId, fingerprint, dataVersion],
  );
  return row;
}

export async function insertExport(
  tx: Queryable,
  e: {
    exportId: string;
    datasetId: string;
    bucket: string;
    path: string;
    region: string | null;
    compression: string;
    dataVersion: number;
    fingerprint: string;
    startedBy: number;
    query: ExportQuery;
  },
): Promise<ExportRow> {
  const [row] = await tx.query<ExportRow>(
    `INSERT INTO exports (export_id, dataset_id, bucket, path, region, compression, export_format,
       export_status, started, data_version, request_fingerprint, started_by, query_request)
     VALUES ($1, $2, $3, $4, $5, $6, 'csv', 'running', now(), $7, $8, $9, $10) RETURNING *`,
    [
      e.exportId,
      e.datasetId,
      e.bucket,
      e.path,
      e.region,
      e.compression,
      e.dataVersion,
      e.fingerprint,
      e.startedBy,
      JSON.stringify(e.query),
    ],
  );
  return row!;
}

/** A dataset's exports, newest first. */
export const exportsOf = (db: Queryable, datasetId: string, limit: number) =>
  db.query<ExportRow>(
    'SELECT * FROM exports WHERE dataset_id = $1 ORDER BY started DESC, export_id LIMIT $2',
    [datasetId, limit],
  );

export async function findExport(db: Queryable, exportId: string) {
  const [row] = await db.query<ExportRow>('SELECT * FROM exports WHERE export_id = $1', [exportId]);
  return row;
}

export async function findExportDetails(db: Queryable, exportId: string) {
  const [row] = await db.query<ExportDetailRow>(
    `SELECT e.*, d.name AS dataset_name, u.display_name AS started_by_name,
       j.attempts AS job_attempts, j.status AS job_status
     FROM exports e JOIN datasets d ON d.id = e.dataset_id LEFT JOIN users u ON u.id = e.started_by
       LEFT JOIN jobs j ON j.id = e.export_id
     WHERE e.export_id = $1`,
    [exportId],
  );
  return row;
}

/** A running export ends in success with its files (URL → rows). */
export const markExportSucceeded = (
  db: Queryable,
  exportId: string,
  files: Record<string, number>,
) =>
  db.query(
    `UPDATE exports SET export_status = 'success', finished = now(), url_row_count_map = $2
     WHERE export_id = $1 AND export_status = 'running'`,
    [exportId, JSON.stringify(files)],
  );

/** A running export ends failed with the reason; the row as it ended, if it was running. */
export async function markExportFailed(db: Queryable, exportId: string, reason: string) {
  const [row] = await db.query<ExportRow>(
    `UPDATE exports SET export_status = 'failed', finished = now(), error_code = 'EXPORT_FAILED', message = $2
     WHERE export_id = $1 AND export_status = 'running' RETURNING *`,
    [exportId, reason],
  );
  return row;
}

/**
 * A page of the exports of every dataset the scope shows, newest first, before the (started,
 * export_id) cursor: a keyset, so a page costs the same however deep. One more row than `limit`
 * tells that there is a next page.
 */
export const exportsAcross = (
  db: Queryable,
  scope: ListScope,
  cursor: [string, string] | undefined,
  limit: number,
) =>
  db.query<ExportRow & { dataset_name: string; started_text: string }>(
    `SELECT e.*, d.name AS dataset_name, e.started::text AS started_text
     FROM exports e JOIN datasets d ON d.id = e.dataset_id
     WHERE ${datasetInScope(1)}
       AND ($4::timestamptz IS NULL OR (e.started, e.export_id) < ($4::timestamptz, $5::text))
     ORDER BY e.started DESC, e.export_id DESC LIMIT $6`,
    [...scopeParams(scope), cursor?.[0] ?? null, cursor?.[1] ?? '', limit + 1],
  );

/** How many datasets the scope shows. */
export async function datasetCount(db: Queryable, scope: ListScope) {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM datasets d WHERE ${datasetInScope(1)}`,
    scopeParams(scope),
  );
  return row?.n ?? 0;
}

/**
 * The state of the scope's list of exports, in one statement: its exports' count, a sum of
 * hashes of (export, status, dataset name) — an export changes only by its status, once — and
 * the number of datasets it shows; with the ids of its running exports.
 */
export async function exportListState(db: Queryable, scope: ListScope) {
  const [row] = await db.query<{ n: number; h: string; datasets: number; running: string[] }>(
    `SELECT count(e.export_id)::int AS n,
       coalesce(sum(hashtext(e.export_id || ':' || e.export_status || ':' || d.name)::bigint), 0)::text AS h,
       (SELECT count(*)::int FROM datasets d WHERE ${datasetInScope(1)}) AS datasets,
       coalesce(array_agg(e.export_id ORDER BY e.export_id)
         FILTER (WHERE e.export_status IN ('running', 'exporting')), '{}') AS running
     FROM exports e JOIN datasets d ON d.id = e.dataset_id
     WHERE ${datasetInScope(1)}`,
    scopeParams(scope),
  );
  const { n = 0, h = '0', datasets = 0, running = [] } = row ?? {};
  return { n, h, datasets, running };
}
