import type { Connector as ConnectorInfo, CreateStreamBody } from '../../../src/api/contract';
import type { DatasetOperation } from '../access/datasets';
import { actingAs, listScope, type Actor } from '../access/principal';
import { created, recordEvent } from '../audit/record';
import { PlatformError, badRequest, notFound } from '../core/errors';
import { getDataset } from '../datasets/repository';
import type { DatasetService } from '../datasets/service';
import {
  discardStaged,
  discardStagedOf,
  finishLive,
  publishPartition,
  publishReplace,
  type StagedRows,
} from '../datasets/staged-rows';
import { createDataset } from '../datasets/store';
import { LEASE_LOST, type JobQueue, type Lease } from '../jobs/queue';
import type { Principals } from '../people/principals';
import type { Db, Queryable } from '../store';
import { columnsAfterRun } from './columns';
import { connectorFor, connectorList } from './connectors';
import { redactCredentials, type OutboundPolicy } from './connectors/outbound';
import type { SourceServices } from './connectors/types';
import {
  activeExecution,
  advanceSchedule,
  dueStreams,
  failActiveExecution,
  failExecutionsWithoutJob,
  finishExecution,
  getAccount,
  getExecution,
  getStream,
  insertExecution,
  insertStream,
  listAccounts,
  listExecutions,
  listStreams,
  partitionTaken,
  recordRowsRead,
  type ExecutionRow,
  type StreamRow,
} from './repository';
import { INTERRUPTED, enqueueExecution, streamRunJobId } from './run-job';
import { dateIn, nextRunAt, parseSchedule } from './schedule';
import { stageSource } from './stage-source';
import { SourceError } from './table';

/** A stream whose scheduled run has come, and the owner it runs as. */
export interface DueStream {
  streamId: number;
  owner: Actor;
}

/** A page of streams or executions holds at most MAX_PAGE, from at most MAX_OFFSET on. */
export const MAX_PAGE = 500;
export const MAX_OFFSET = 1_000_000;
const DEFAULT_STREAMS = 100;
const DEFAULT_EXECUTIONS = 50;
/** The longest reason a failed run's job writes on its execution. */
const MAX_REASON_CHARS = 1000;

export interface Page {
  limit?: number;
  offset?: number;
}

const scheduleOf = (stream: StreamRow) => {
  try {
    return parseSchedule(stream.advanced_schedule_json);
  } catch {
    return null;
  }
};

/**
 * Streams (4.3): a connector, its configuration and schedule, the dataset it loads, and its
 * executions. A stream is seen with read access to its dataset and run with edit access (a
 * stream of a dataset the user may not see is not found, as the dataset would be). Its source
 * is read as the user who creates it, who starts a run, or, for a scheduled run, its owner,
 * through the service of the area that holds it (the document store, data files), which
 * decides: who may not read it cannot create the stream (403), and a run they start ends in
 * ERROR naming what is needed.
 */
export class StreamService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly datasets: DatasetService,
    private readonly queue: JobQueue,
    private readonly sources: SourceServices,
    private readonly outbound: OutboundPolicy,
    private readonly log: (line: string) => void,
  ) {}

  /** The connectors the wizard offers: the same for every user. */
  connectors(_actor: Actor): Promise<ConnectorInfo[]> {
    return Promise.resolve(connectorList());
  }

  /** The accounts the wizard offers: the same for every user (they hold no credentials). */
  accounts(_actor: Actor) {
    return listAccounts(this.db);
  }

  /** The streams of the datasets the actor may see, by id. */
  async list(actor: Actor, params: Page & { datasetId?: string }) {
    const { limit, offset } = this.#page(params, DEFAULT_STREAMS);
    const scope = listScope(await this.principals.of(actor));
    return listStreams(this.db, { datasetId: params.datasetId, limit, offset }, scope);
  }

  /**
   * Every reference is checked before anything is written; the stream's dataset, the actor's, is
   * created with it. The actor must be able to read the source (the connector asks).
   */
  async create(actor: Actor, input: CreateStreamBody): Promise<StreamRow> {
    const schedule = parseSchedule(input.advancedScheduleJson);
    const connector = connectorFor(input.transport.description, input.transport.version);
    const account = await getAccount(this.db, input.account.id);
    if (!account) throw badRequest(`account.id: no account ${input.account.id}`);
    if (account.type !== connector.key)
      throw badRequest(
        `account.id: account ${account.id} is for ${account.type} streams, not ${connector.key}`,
      );
    await connector.validate(input.configuration, { actor, services: this.sources });
    const name = input.dataSource.name.trim();
    const id = await this.db.transaction(async (tx) => {
      const datasetId = await createDataset(tx, {
        name,
        description: input.dataSource.description ?? '',
        owner: actor.userId,
        columns: [],
      });
      const streamId = await insertStream(tx, {
        ...input,
        datasetId,
        nextRunAt: nextRunAt(schedule, new Date(), true),
        createdBy: actor.userId,
      });
      await recordEvent(
        tx,
        actor.userId,
        'stream.created',
        { type: 'stream', id: streamId, name },
        created({
          dataset: datasetId,
          transport: input.transport.description,
          updateMethod: input.updateMethod,
          configuration: input.configuration,
        }),
      );
      return streamId;
    });
    return getStream(this.db, id);
  }

  async get(actor: Actor, id: string): Promise<StreamRow> {
    return this.#open(actor, id, 'read');
  }

  /** The stream's run history, newest first. */
  async executions(actor: Actor, id: string, page: Page) {
    const stream = await this.#open(actor, id, 'read');
    const { limit, offset } = this.#page(page, DEFAULT_EXECUTIONS);
    return listExecutions(this.db, stream.id, limit, offset);
  }

  async execution(actor: Actor, id: string, executionId: string): Promise<ExecutionRow> {
    const stream = await this.#open(actor, id, 'read');
    return getExecution(this.db, stream.id, executionId);
  }

  /**
   * What a live read of one execution follows: the topic its job wakes (claimed, ended), its
   * state now, read again without deciding again (the stream's read was decided here), and the
   * stream's read decided again (`recheck`: a 404 once the actor may no longer read it).
   */
  async watchExecution(actor: Actor, id: string, executionId: string) {
    const stream = await this.#open(actor, id, 'read');
    const first = await getExecution(this.db, stream.id, executionId);
    return {
      topic: `job:${streamRunJobId(first.id)}`,
      current: () => getExecution(this.db, stream.id, String(first.id)),
      recheck: () => this.#open(actor, id, 'read'),
    };
  }

  /**
   * A MANUAL run, as the actor, who needs edit access to the stream's dataset: the ACTIVE
   * execution comes back at once (409 while one is ACTIVE) and the run goes on in the background
   * (ACTIVE → SUCCESS or ERROR), reading the source as the actor.
   */
  async start(actor: Actor, id: string): Promise<ExecutionRow> {
    const stream = await this.#open(actor, id, 'edit');
    const execution = await enqueueExecution(
      { db: this.db, queue: this.queue },
      stream.id,
      'MANUAL',
      actor.userId,
    );
    this.queue.start(streamRunJobId(execution.id));
    return execution;
  }

  /**
   * The streams whose next run has come (INTERVAL and DAILY; MANUAL ones have none), each with
   * its owner: the schedule's own read, by no user; each run is started as its owner
   * (`startScheduled`).
   */
  async due(): Promise<DueStream[]> {
    return (await dueStreams(this.db)).map((stream) => ({
      streamId: stream.id,
      owner: actingAs(stream.created_by),
    }));
  }

  /**
   * A SCHEDULED run, as the stream's owner (no one else starts one: 404 as for a stream they may
   * not see). Moving the stream's next run on is the claim (a conditional UPDATE): of several
   * processes, one fires each scheduled run; undefined when another did, or it is not due. The
   * owner then needs edit access to the dataset, as for a manual run: refused, the run is
   * skipped (the schedule has moved on) with the 403 or 404 that says why.
   */
  async startScheduled(actor: Actor, id: number): Promise<ExecutionRow | undefined> {
    const stream = await getStream(this.db, id);
    if (stream.created_by !== actor.userId) throw notFound(`No stream ${id}`);
    if (!stream.next_run_at || new Date(stream.next_run_at).getTime() > Date.now()) return;
    let next: Date | null = null;
    try {
      next = nextRunAt(parseSchedule(stream.advanced_schedule_json), new Date());
    } catch {
      // a schedule stored before a stricter rule: the stream is left to manual runs
    }
    if (!(await advanceSchedule(this.db, stream, next))) return;
    // An owner who may no longer change the dataset gets a run in ERROR saying so, where the
    // stream's history shows it, rather than a schedule that silently stops loading.
    let refusal: PlatformError | undefined;
    try {
      await this.#open(actor, String(id), 'edit');
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      refusal = error;
    }
    if (refusal)
      return this.db.transaction(async (tx) => {
        const execution = await insertExecution(tx, stream.id, 'SCHEDULED');
        await failActiveExecution(
          tx,
          execution.id,
          `The scheduled run acts as the stream's owner, user ${actor.userId}, who ${
            refusal.status === 404
              ? 'may no longer see its dataset'
              : `may not load it (${refusal.message})`
          }`.slice(0, MAX_REASON_CHARS),
        );
        await recordEvent(
          tx,
          actor.userId,
          'stream.run',
          { type: 'stream', id: stream.id },
          created({ execution: execution.id, runType: 'SCHEDULED' }),
        );
        return execution;
      });
    const execution = await enqueueExecution(
      { db: this.db, queue: this.queue },
      stream.id,
      'SCHEDULED',
      actor.userId,
    );
    this.queue.start(streamRunJobId(execution.id));
    return execution;
  }

  /**
   * Runs cut off by a dead process end through their job's lease (jobs/queue.ts); only runs from
   * before the job table have none: they end in ERROR ("Interrupted"), at start, by no user.
   */
  async failRunsWithoutJob() {
    await failExecutionsWithoutJob(this.db, INTERRUPTED);
  }

  /**
   * A run's job, as `actor` (who started the run; for a scheduled run, the stream's owner): the
   * connector reads the source only when that user may, or the run ends in ERROR naming what is
   * needed. Reads the source and stages its rows out of sight, a small statement at a time (other
   * requests get the database in between); then one short transaction, which first makes sure
   * this process still holds the run's lease (no outcome after a takeover), makes them the
   * dataset's rows and writes the execution's outcome. An execution no longer ACTIVE is left.
   */
  async run(actor: Actor, executionId: number, lease: Lease, jobId: string) {
    const execution = await activeExecution(this.db, executionId);
    if (!execution) return;
    const { db } = this;
    let staged: StagedRows | undefined;
    try {
      const stream = await getStream(db, execution.stream_id);
      const source = await connectorFor(stream.transport.description).read(stream.configuration, {
        actor,
        services: this.sources,
        outbound: this.outbound,
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
          partitionId = await this.#partitionFor(tx, stream, execution);
          await publishPartition(tx, rows, partitionId, columns);
        }
        await finishExecution(tx, execution.id, {
          state: 'SUCCESS',
          rowsInserted: rows.rowCount,
          partitionId,
        });
      });
      staged = undefined;
      // Live now: what the writer left to do once live (the position index) is done.
      await finishLive(db, rows).catch((error: unknown) =>
        this.log(
          `stream run ${execution.id}: the rows are live, their index not built: ${String(error)}`,
        ),
      );
    } catch (error) {
      if (staged) await discardStaged(db, staged).catch(() => undefined);
      if ((error as Error).message === LEASE_LOST) return;
      const known = error instanceof SourceError || error instanceof PlatformError;
      if (!known)
        this.log(
          redactCredentials(
            `stream ${execution.stream_id} execution ${execution.id}: ${(error as Error).stack ?? String(error)}`,
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

  /**
   * A run whose job is queued again (its process died), in the queue's transaction `tx`: it stays
   * ACTIVE and starts again from nothing, what the cut-off attempt staged set aside unseen.
   */
  async retryRun(_actor: Actor, _executionId: number, jobId: string, tx: Queryable = this.db) {
    await discardStagedOf(tx, jobId);
  }

  /**
   * The end of a run whose job failed (its process stopped, its lease expired), in the queue's
   * transaction `tx`: an execution still ACTIVE ends in ERROR with the reason. It decides
   * nothing: the run was decided when it started.
   */
  async failRun(_actor: Actor, executionId: number, reason: string, tx: Queryable = this.db) {
    await failActiveExecution(tx, executionId, reason.slice(0, MAX_REASON_CHARS));
  }

  /**
   * The stream, when the actor may take `operation` on the dataset it loads; a stream of a
   * dataset they may not see is not found, as the dataset would be.
   */
  async #open(actor: Actor, id: string, operation: DatasetOperation): Promise<StreamRow> {
    const stream = await getStream(this.db, id);
    try {
      await this.datasets.open(actor, stream.dataset_id, operation);
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) throw notFound(`No stream ${id}`);
      throw error;
    }
    return stream;
  }

  /** APPEND: the execution's date in the schedule's time zone, or `exec-<id>` when that is taken. */
  async #partitionFor(tx: Queryable, stream: StreamRow, execution: ExecutionRow) {
    const date = dateIn(new Date(execution.started_at), scheduleOf(stream)?.timezone ?? 'UTC');
    return (await partitionTaken(tx, stream.dataset_id, date)) ? `exec-${execution.id}` : date;
  }

  #page(page: Page, defaultLimit: number) {
    const { limit = defaultLimit, offset = 0 } = page;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
      throw badRequest(`limit: a whole number from 1 to ${MAX_PAGE}`);
    if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET)
      throw badRequest(`offset: a whole number from 0 to ${MAX_OFFSET}`);
    return { limit, offset };
  }
}
