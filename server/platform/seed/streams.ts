import { replaceRows } from '../datasets/store';
import { addRevision, createDataFile } from '../files/repository';
import type { Queryable } from '../store';
import { columnsAfterRun } from '../streams/columns';
import { parseCsv } from '../streams/csv';

export const TARGETS_DATASET_ID = '5d3b9e4a-0c6f-4a81-9d2c-7e4f3a5b6c30';

/** One account per connector (embedded platform: accounts hold no credentials). */
export const sampleAccounts = [
  { id: 1, name: 'Uploaded data files', type: 'data-file' },
  { id: 2, name: 'Document store', type: 'document-store' },
  { id: 3, name: 'Web (no credentials)', type: 'http-csv' },
];

const targetsCsv = (rows: string[]) =>
  Buffer.from(['region,quarter,target,owner,updatedOn', ...rows].join('\n') + '\n');
const firstRevision = targetsCsv([
  'North,2026-Q4,120000,Ben Analyst,2026-10-01',
  'South,2026-Q4,95000,Chloe Editor,2026-10-01',
  'East,2026-Q4,88000,Eve Exporter,2026-10-01',
  'West,2026-Q4,101000,Ben Analyst,2026-10-01',
]);
const secondRevision = targetsCsv([
  'North,2026-Q4,125000,Ben Analyst,2026-11-02',
  'South,2026-Q4,97500,Chloe Editor,2026-11-02',
  'East,2026-Q4,90000,Eve Exporter,2026-11-02',
  'West,2026-Q4,101000,Ben Analyst,2026-11-02',
  'Central,2026-Q4,64000,Dev Participant,2026-11-02',
]);

/** Accounts, a CSV data file with two revisions, and a MANUAL stream on it that has run once. */
export async function seedStreams(tx: Queryable) {
  for (const a of sampleAccounts)
    await tx.query('INSERT INTO accounts (id, name, type) VALUES ($1, $2, $3)', [
      a.id,
      a.name,
      a.type,
    ]);
  const upload = (bytes: Buffer) => ({
    bytes,
    contentType: 'text/csv',
    userId: 1,
    uploadTimeMillis: 3,
  });
  const { dataFileId } = await createDataFile(
    tx,
    { name: 'regional-targets.csv', description: 'Quarterly sales targets per region' },
    upload(firstRevision),
  );
  await addRevision(tx, dataFileId, upload(secondRevision));

  const table = await parseCsv(secondRevision.toString('utf8'));
  const columns = columnsAfterRun([], false, table.columns, 'REPLACE');
  await tx.query(
    `INSERT INTO datasets (id, name, description, owner, columns, created, last_updated)
     VALUES ($1, 'Regional targets', 'Loaded by a stream from the data file regional-targets.csv', 1, $2, now(), now())`,
    [TARGETS_DATASET_ID, JSON.stringify(columns)],
  );
  await replaceRows(tx, TARGETS_DATASET_ID, columns, table.rows);
  const [stream] = await tx.query<{ id: number }>(
    `INSERT INTO streams (dataset_id, transport, configuration, account_id, update_method, data_provider,
       advanced_schedule_json, next_run_at, created_at, created_by)
     VALUES ($1, $2, $3, 1, 'REPLACE', 'data-file', $4, NULL, now(), 1) RETURNING id`,
    [
      TARGETS_DATASET_ID,
      JSON.stringify({ type: 'CONNECTOR', description: 'data-file', version: '1' }),
      JSON.stringify([
        { name: 'dataFileId', value: String(dataFileId), type: 'string', category: 'METADATA' },
      ]),
      JSON.stringify({ type: 'MANUAL', timezone: 'UTC' }),
    ],
  );
  await tx.query(
    `INSERT INTO stream_executions (stream_id, state, run_type, started_at, ended_at, rows_inserted, run_number)
     VALUES ($1, 'SUCCESS', 'MANUAL', now(), now(), $2, 1)`,
    [stream!.id, table.rows.length],
  );
}
