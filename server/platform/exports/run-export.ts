import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { PlatformDeps } from '../core/context';
import type { DatasetRow } from '../datasets/repository';
import type { Cell } from '../datasets/store';
import type { JobRow, Lease } from '../jobs/queue';
import type { Queryable } from '../store';
import { FileStoreError } from '../store/files';
import { csvLines } from './csv';
import {
  objectKey,
  SECRETS_GONE,
  secretsByExport,
  type ExportPayload,
  type ExportRow,
} from './service';

// Writing an export (the job `createExport` queued): its rows read in batches, written as CSV to
// the local target or to S3; split from service.ts, which decides and records exports.

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

/**
 * A failure of the file store that holds the local target, said without the server's paths or
 * the store's bucket (FileStoreError carries only a reason).
 */
export function localTargetError(error: unknown, bucket: string): unknown {
  if (!(error instanceof FileStoreError)) return error;
  return new Error(`The local bucket "${bucket}" cannot be written: ${error.reason}`);
}

/** Where the local target keeps an export in the file store (on disk: DATA_DIR/buckets/...). */
export function localKey(row: Pick<ExportRow, 'bucket' | 'path' | 'export_id' | 'compression'>) {
  return `buckets/${row.bucket}/${objectKey(row)}`;
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
        // The file store shows it only once whole (a `.partial` file renamed; an S3 multipart
        // upload completed), and leaves nothing of it when it fails.
        const body = (
          stages[0] ? pipeline(source, stages[0], () => undefined) : source
        ) as Readable;
        await deps.files.put(localKey(row), body).catch((error: unknown) => {
          throw localTargetError(error, row.bucket);
        });
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
      // What a process that died mid-export wrote of it goes (issue 23).
      if (row && payload.target === 'local')
        await deps.files.discardPartial(localKey(row)).catch(() => undefined);
    },
  };
}
