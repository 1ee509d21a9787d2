import { created, recordEvent } from '../audit/record';
import type { CreateStreamBody } from '../../../src/api/contract';
import { principalOf } from '../access/policy';
import type { PlatformDeps } from '../core/context';
import { PlatformError, badRequest } from '../core/errors';
import { getDataset } from '../datasets/repository';
import {
  discardStaged,
  publishPartition,
  publishReplace,
  type StagedRows,
} from '../datasets/staged-rows';
import { createDataset } from '../datasets/store';
import { LEASE_LOST, type Lease } from '../jobs/queue';
import type { Db, Queryable } from '../store';
import { columnsAfterRun } from './columns';
import { connectorFor } from './connectors';
import { redactCredentials } from './connectors/outbound';
import {
  finishExecution,
  getAccount,
  recordRowsRead,
  getStream,
  insertStream,
  type ExecutionRow,
  type StreamRow,
} from './repository';
import { dateIn, nextRunAt, parseSchedule } from './schedule';
import { stageSource } from './stage-source';
import { SourceError } from './table';

/** The reason of a run whose process stopped before the job table knew of it. */
export const INTERRUPTED = 'Interrupted: the platform stopped during the run';

/**
 * 4.3: every reference is checked before anything is written; the stream's dataset is created with
 * it. The creator must be able to read the source (issue 23: the connector checks, as `userId`).
 */
export async function createStream(
  db: Db,
  input: CreateStreamBody,
  userId: number,
): Promise<StreamRow> {
  const schedule = parseSchedule(input.advancedScheduleJson);
  const connector = connectorFor(input.transport.description, input.transport.version);
  const account = await getAccount(db, input.account.id);
  if (!account) throw badRequest(`account.id: no account ${input.account.id}`);
  if (account.type !== connector.key)
    throw badRequest(
      `account.id: account ${account.id} is for ${account.type} streams, not ${connector.key}`,
    );
  await connector.validate(input.configuration, db, await principalOf(db, userId));
  const id = await db.transaction(async (tx) => {
    const datasetId = await createDataset(tx, {
      name: input.dataSource.name.trim(),
      description: input.dataSource.description ?? '',
      owner: userId,
      columns: [],
    });
    const streamId = await insertStream(tx, {
      ...input,
      datasetId,
      nextRunAt: nextRunAt(schedule, new Date(), true),
      createdBy: userId,
    });
    await recordEvent(
      tx,
      userId,
      'stream.created',
      { type: 'stream', id: streamId, name: input.dataSource.name.trim() },
      created({
        dataset: datasetId,
        transport: input.transport.description,
        updateMethod: input.updateMethod,
        configuration: input.configuration,
      }),
    );
    return streamId;
  });
  return getStream(db, id);
}

const scheduleOf = (stream: StreamRow) => {
  try {
    return parseSchedule(stream.advanced_schedule_json);
  } catch {
    return null;
  }
};

/** APPEND: the partition is the execution's date in the schedule's time zone, or `exec-<id>` when that is taken. */
async function partitionFor(tx: Queryable, stream: StreamRow, execution: ExecutionRow) {
  const date = dateIn(new Date(execution.started_at), scheduleOf(stream)?.timezone ?? 'UTC');
  const [taken] = await tx.query(
    'SELECT 1 FROM dataset_partitions WHERE dataset_id = $1 AND partition_id = $2',
    [stream.dataset_id, date],
  );
  return taken ? `exec-${execution.id}` : date;
}

/**
 * Runs as `actorId` (who started the run; for a scheduled run, the stream's owner): the connector
 * reads the source only when that user may (issue 23), or the run ends in ERROR naming what is
 * needed. Reads the source and stages its rows out of sight, a small statement at a time (other
 * requests get the database in between); then one short transaction, which first makes sure this
 * process still holds the run's lease (no outcome after a takeover), makes them the dataset's rows
 * and writes the execution's outcome.
 */
export async function runExecution(
  deps: PlatformDeps,
  streamId: number,
  execution: ExecutionRow,
  lease: Lease,
  jobId: string,
  actorId: number,
) {
  const { db } = deps;
  let staged: StagedRows | undefined;
  try {
    const stream = await getStream(db, streamId);
    const source = await connectorFor(stream.transport.description).read(stream.configuration, db, {
      actor: await principalOf(db, actorId),
      outbound: { allowedPrivateHosts: deps.allowedPrivateHosts },
      files: deps.files,
    });
    const table = await stageSource(db, stream.dataset_id, source, jobId, (n) =>
      recordRowsRead(db, execution.id, n),
    );
    staged = table.staged;
    const rows = staged;
    await db.transaction(async (tx) => {
      await lease.hold(tx);
      const dataset = await getDataset(tx, stream.dataset_id);
      const columns = columnsAfterRun(
        dataset.columns,
        dataset.row_count > 0,
        table.columns,
        stream.update_method,
      );
      let partitionId: string | null = null;
      if (stream.update_method === 'REPLACE') await publishReplace(tx, rows, columns);
      else {
        partitionId = await partitionFor(tx, stream, execution);
        await publishPartition(tx, rows, partitionId, columns);
      }
      await finishExecution(tx, execution.id, {
        state: 'SUCCESS',
        rowsInserted: rows.rowCount,
        partitionId,
      });
    });
    staged = undefined;
  } catch (error) {
    if (staged) await discardStaged(db, staged).catch(() => undefined);
    if ((error as Error).message === LEASE_LOST) return;
    const known = error instanceof SourceError || error instanceof PlatformError;
    if (!known)
      deps.log(
        redactCredentials(
          `stream ${streamId} execution ${execution.id}: ${(error as Error).stack ?? String(error)}`,
        ),
      );
    const errorMessage = redactCredentials(
      known ? error.message : `The run failed: ${(error as Error).message}`,
    );
    await db.transaction(async (tx) => {
      await lease.hold(tx);
      await finishExecution(tx, execution.id, { state: 'ERROR', errorMessage });
    });
  }
}
