import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { PlatformDeps } from '../core/context';
import type { DatasetRow } from '../datasets/repository';
import type { Cell } from '../datasets/store';
import type { JobRow, Lease } from '../jobs/queue';
import type { Db, Queryable } from '../store';
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

/** A literal for a COPY statement (which takes no parameters). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The CSV lines of the dataset's rows in (partition, index) order, `batchRows` rows at a time:
 * each live row set (datasets/store.ts) in partition order, read as windows of row_index, which
 * the store writes as 0..n-1. So each batch costs its own, whatever the planner believes: PGlite
 * runs no autovacuum, and on a table it has never analyzed a keyset `LIMIT` read and sorted every
 * remaining row (1,000,000 rows took 65 s).
 * A set marked `plain_csv` (a stream run saw that the engine's CSV writer writes its cells as
 * csv.ts does) is written by the engine: `COPY (SELECT ...) TO STDOUT WITH CSV`, its line ends
 * made CRLF; on PostgreSQL streamed, STREAM_CELLS cells a statement. Any other set comes back
 * as one JSON text a batch (PGlite's per-row decoding cost
 * more than the query) and csv.ts writes it.
 * The default of 5,000 rows a batch (EXPORT_BATCH_ROWS) was as fast as any and the leanest.
 * A set replaced during the export stays readable for RETIRED_GRACE_SECONDS; should it go
 * before the export has read it, the export fails and says so rather than miss rows.
 */
export async function* csvBatches(
  db: Db,
  datasetId: string,
  indexes: readonly number[],
  batchRows: number,
): AsyncGenerator<{ bytes: Buffer; rows: number }> {
  let partition: string | undefined;
  for (;;) {
    const [set] = await db.query<{
      partition_id: string;
      storage: string;
      row_count: number;
      plain_csv: boolean;
    }>(
      `SELECT partition_id, storage, row_count, plain_csv FROM dataset_row_sets
       WHERE dataset_id = $1 AND state = 'live' AND partition_id ${partition === undefined ? '>=' : '>'} $2
       ORDER BY partition_id LIMIT 1`,
      [datasetId, partition ?? ''],
    );
    if (!set) return;
    partition = set.partition_id;
    const fields = indexes.map((i) => `NULLIF(cells->>${Number(i)}, '')`).join(', ');
    const copy = (from: number, to: number) =>
      `COPY (SELECT ${fields} FROM dataset_rows
             WHERE dataset_id = ${literal(datasetId)} AND partition_id = ${literal(set.storage)}
               AND row_index >= ${from} AND row_index < ${to}
             ORDER BY row_index) TO STDOUT WITH (FORMAT csv)`;
    // PostgreSQL streams a plain set's CSV in large pieces (a statement each, few round trips).
    const streamed = set.plain_csv && db.copyToStream ? db.copyToStream.bind(db) : undefined;
    const step = streamed
      ? Math.max(batchRows, Math.floor(STREAM_CELLS / indexes.length))
      : batchRows;
    for (let from = 0; from < set.row_count; from += step) {
      const expected = Math.min(step, set.row_count - from);
      let rows = 0;
      if (streamed) {
        for await (const batch of streamedBatches(streamed(copy(from, from + expected)))) {
          rows += batch.rows;
          yield batch;
        }
      } else {
        let batch: { bytes: Buffer; rows: number };
        if (set.plain_csv) batch = crlf(await db.copyTo(copy(from, from + expected)));
        else {
          const [json] = await db.query<{ cells: string | null; n: number }>(
            `SELECT string_agg(cells::text, ',' ORDER BY row_index) AS cells, count(*)::int AS n
             FROM dataset_rows
             WHERE dataset_id = $1 AND partition_id = $2 AND row_index >= $3 AND row_index < $4`,
            [datasetId, set.storage, from, from + batchRows],
          );
          const cells = json?.cells ? (JSON.parse(`[${json.cells}]`) as Cell[][]) : [];
          batch = { bytes: Buffer.from(csvLines(cells, indexes)), rows: json?.n ?? 0 };
        }
        rows = batch.rows;
        yield batch;
      }
      if (rows !== expected)
        throw new Error('The dataset changed during the export: export it again');
    }
  }
}

/** Cells per streamed COPY statement: its time stays bounded however slow the target. */
const STREAM_CELLS = 1_000_000;
/** Bytes handed on at a time from a streamed COPY. */
const STREAM_CHUNK = 1 << 20;

/**
 * The engine's CSV (LF line ends) with CRLF line ends, and its rows: no value of a plain set
 * holds a line break, so each LF ends a row.
 */
export function crlf(data: Uint8Array): { bytes: Buffer; rows: number } {
  const chunk = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let rows = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  const out = Buffer.allocUnsafe(chunk.length + rows);
  let from = 0;
  let at = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
    at += chunk.copy(out, at, from, i);
    out[at++] = 13;
    out[at++] = 10;
    from = i + 1;
  }
  chunk.copy(out, at, from);
  return { bytes: out, rows };
}

/** A streamed COPY's chunks, CRLF, gathered to about STREAM_CHUNK bytes. */
async function* streamedBatches(chunks: AsyncIterable<Uint8Array>) {
  let held: Buffer[] = [];
  let size = 0;
  let rows = 0;
  for await (const chunk of chunks) {
    const batch = crlf(chunk);
    held.push(batch.bytes);
    size += batch.bytes.length;
    rows += batch.rows;
    if (size >= STREAM_CHUNK) {
      yield { bytes: Buffer.concat(held, size), rows };
      held = [];
      size = 0;
      rows = 0;
    }
  }
  if (size > 0) yield { bytes: Buffer.concat(held, size), rows };
}

/**
 * `source`, one item ahead: the next item is asked for before this one is handed on, so the
 * database (its own thread on PGlite, its own process on PostgreSQL) reads the next batch while
 * this thread writes the CSV of the current one. Two batches at most are held.
 */
export async function* oneAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = source.next();
      // Awaited at the top of the loop; a failure meanwhile is not an unhandled rejection.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    // Stopped early (a failed write, say): the source ends once its pending read settles.
    void next.then(() => source.return(undefined)).catch(() => undefined);
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
  const batches = csvBatches(db, payload.datasetId, indexes, deps.exports.batchRows);
  for await (const batch of oneAhead(batches)) {
    if (lease.signal.aborted)
      throw new Error('Interrupted: the platform stopped during the export');
    counter.rows += batch.rows;
    yield batch.bytes;
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
        // The S3 SDK is loaded for an S3 export only (a process that never makes one never holds it).
        const [{ S3Client }, { Upload }] = await Promise.all([
          import('@aws-sdk/client-s3'),
          import('@aws-sdk/lib-storage'),
        ]);
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
