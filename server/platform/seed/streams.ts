import { z } from 'zod';
import { account, dataset, fileMetadata } from '../../../src/api/contract';
import { replaceRows } from '../datasets/store';
import { addRevision, createDataFile } from '../files/repository';
import type { Queryable } from '../store';
import { columnsAfterRun } from '../streams/columns';
import { parseCsv } from '../streams/csv';
import { readBytes, readData } from './load';

/** `data/streams.json`: the accounts, a data file with its revisions (CSV files), and the dataset its stream loads. */
const sample = readData(
  'streams.json',
  z.strictObject({
    accounts: z.array(account.strict()),
    dataFile: fileMetadata
      .pick({ name: true })
      .extend({ description: z.string(), revisions: z.array(z.string()).min(1) })
      .strict(),
    dataset: dataset.pick({ id: true, name: true, description: true, owner: true }).strict(),
  }),
);

export const TARGETS_DATASET_ID = sample.dataset.id;

/** Accounts, a CSV data file with two revisions, and a MANUAL stream on it that has run once. */
export async function seedStreams(tx: Queryable) {
  for (const a of sample.accounts)
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
  const [first, ...later] = sample.dataFile.revisions.map(readBytes);
  const { name, description } = sample.dataFile;
  const { dataFileId } = await createDataFile(tx, { name, description }, upload(first!));
  for (const revision of later) await addRevision(tx, dataFileId, upload(revision));

  const table = await parseCsv((later.at(-1) ?? first!).toString('utf8'));
  const columns = columnsAfterRun([], false, table.columns, 'REPLACE');
  await tx.query(
    `INSERT INTO datasets (id, name, description, owner, columns, created, last_updated)
     VALUES ($1, $2, $3, $4, $5, now(), now())`,
    [
      TARGETS_DATASET_ID,
      sample.dataset.name,
      sample.dataset.description,
      sample.dataset.owner,
      JSON.stringify(columns),
    ],
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
