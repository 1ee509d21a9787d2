import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { PlatformDeps } from '../core/context';
import type { DatasetRow } from '../datasets/repository';
import type { Lease } from '../jobs/queue';
import type { Db } from '../store';
import { FileStoreError, type FileStore } from '../store/files';
import { csvLines } from './csv';
import type { ExportRow } from './repository';
import { schemaOf, type QueryPlan } from './query-plan';
import { csvBatches, queryBatches } from './rows-repository';

// Writing an export (the job the ExportService queued): its rows read in batches, written as CSV
// to the local target or to S3.

/** The platform's export target and how it writes (EXPORT_TARGET, EXPORT_S3_ENDPOINT, ...). */
export type ExportSettings = Pick<PlatformDeps['exports'], 'batchRows' | 'target' | 's3Endpoint'>;

/** An S3 export's keys (held in memory only, service.ts). */
export interface ExportSecrets {
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
  /** Who asked for it: the job reads the dataset as this user. */
  userId?: number;
  /** The query when it groups, aggregates or orders (query-plan.ts); `columns` are its headers. */
  plan?: QueryPlan;
}

/**
 * Runs of an export's job in all: one whose process dies or stops is run again from the start in
 * whichever process claims it (it writes its object anew and publishes it only when whole).
 */
export const EXPORT_MAX_ATTEMPTS = 3;

/** Why an export's job fails when its payload names no requester (a job an earlier version queued). */
export const QUEUED_WITHOUT_REQUESTER =
  'The export was queued without the user who asked for it; start the export again';
/** Why an S3 export's job fails when this process no longer holds its keys. */
export const SECRETS_GONE =
  'The access key and secret were not available to the job (the platform restarted before it ran); start the export again';

/** Where an export's file goes in its bucket. */
export const objectKey = (row: Pick<ExportRow, 'path' | 'export_id' | 'compression'>) =>
  `${row.path}/${row.export_id}/export/data.csv${row.compression === 'gzip' ? '.gz' : ''}`;

/** Where the local target keeps an export in the file store (on disk: DATA_DIR/buckets/...). */
export function localKey(row: Pick<ExportRow, 'bucket' | 'path' | 'export_id' | 'compression'>) {
  return `buckets/${row.bucket}/${objectKey(row)}`;
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
  db: Db,
  batchRows: number,
  dataset: DatasetRow,
  payload: ExportPayload,
  lease: Lease,
  counter: { rows: number },
): AsyncGenerator<Buffer> {
  const { plan } = payload;
  if (plan && plan.schema !== schemaOf(dataset.columns))
    throw new Error(
      'The dataset’s columns changed since the export was asked for: export it again',
    );
  const indexes = plan
    ? plan.outputs.map((o) => o.index)
    : payload.columns.map((name) => {
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
  const types = dataset.columns.map((c) => c.type);
  const batches = plan
    ? queryBatches(db, payload.exportId, dataset.id, types, plan, batchRows)
    : csvBatches(db, dataset.id, types, indexes, batchRows);
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

/** Where and with what an export's file is written. */
export interface ExportWriting {
  db: Db;
  files: FileStore;
  settings: ExportSettings;
}

/**
 * Writes the export's CSV of `dataset` to its target (S3 with `secrets`, or the local bucket);
 * answers the file's URL and its rows. The file is seen only once whole.
 */
export async function writeExportFile(
  { db, files, settings }: ExportWriting,
  row: ExportRow,
  dataset: DatasetRow,
  payload: ExportPayload,
  lease: Lease,
  secrets: ExportSecrets | undefined,
): Promise<{ url: string; rows: number }> {
  const key = objectKey(row);
  const counter = { rows: 0 };
  const chunks = csvChunks(db, settings.batchRows, dataset, payload, lease, counter);
  // Byte mode: the writer's backpressure holds back the next batch (object mode would queue 16).
  const source = Readable.from(chunks, { objectMode: false });
  const stages: NodeJS.ReadWriteStream[] = row.compression === 'gzip' ? [createGzip()] : [];
  if (payload.target === 's3') {
    if (!secrets) throw new Error(SECRETS_GONE);
    // The S3 SDK is loaded for an S3 export only (a process that never makes one never holds it).
    const [{ S3Client }, { Upload }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/lib-storage'),
    ]);
    const client = new S3Client({
      region: row.region || 'us-east-1',
      endpoint: settings.s3Endpoint,
      forcePathStyle: settings.s3Endpoint !== undefined,
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
    return { url: `s3://${row.bucket}/${key}`, rows: counter.rows };
  }
  // The file store shows it only once whole (a `.partial` file renamed; an S3 multipart upload
  // completed), and leaves nothing of it when it fails.
  const body = (stages[0] ? pipeline(source, stages[0], () => undefined) : source) as Readable;
  await files.put(localKey(row), body).catch((error: unknown) => {
    throw localTargetError(error, row.bucket);
  });
  return { url: `local://${row.bucket}/${key}`, rows: counter.rows };
}
