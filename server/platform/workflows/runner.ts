import { randomUUID } from 'node:crypto';
import type { RunLogEntry, WorkflowStep } from '../../../src/api/contract';
import { datasetLevel, decide, principalOf } from '../access/policy';
import type { PlatformDeps } from '../core/context';
import { PlatformError } from '../core/errors';
import { getDataset } from '../datasets/repository';
import type { DocumentService } from '../datastores/document-service';
import { toDocumentV2 } from '../datastores/mappers';
import { parsePlan } from '../datastores/query/plan';
import { createExport } from '../exports/service';
import { modelFor, DEFAULT_SYSTEM_MESSAGE } from '../generation/models';
import { generate } from '../generation/providers';
import { formatPrompt } from '../generation/template';
import { LEASE_LOST, type JobHandler, type JobRow, type Lease } from '../jobs/queue';
import type { Queryable } from '../store';
import { getStream } from '../streams/repository';
import { startExecution } from '../streams/run-job';
import { holds, ReferenceError, resolve, type ReferenceContext } from './definition';
import { appendLogs, type RunRow, type StepState } from './repository';

export const WORKFLOW_RUN_JOB = 'workflow-run';
export const workflowJobId = (runId: string, resume = 0) =>
  resume ? `workflow-run-${runId}-r${resume}` : `workflow-run-${runId}`;
export const INTERRUPTED = 'Interrupted: the platform stopped during the run';
/** A run whose process stopped is resumed this many times, then fails with the reason. */
export const MAX_RESUMES = 3;
/** Bytes of one step's output, as JSON, kept on the run. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;
/** How often a waiting step looks for a cancel written by another process. */
const CANCEL_POLL_MS = 500;

/**
 * Steps repeated when a process stopped in their middle: they change nothing outside the run
 * (a `notify`'s outbox row is committed with the step's output; a `wait` waits what is left). Any other step is not run twice: the run fails instead.
 */
const REPEATABLE = new Set<string>([
  'wait',
  'transform',
  'fail',
  'generate',
  'documents.query',
  'notify',
]);

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED']);

interface RunPayload {
  runId: string;
}

class StepFailure extends Error {}
type Effect = (tx: Queryable) => Promise<unknown>;
type LogLine = { level: RunLogEntry['level']; step: string; message: string };
/** A step finished in this process, recorded with the claim of the next. */
interface Done {
  index: number;
  /** What the step writes besides its output, committed with it (a `notify`'s outbox row). */
  effect?: Effect;
  output: unknown;
  lines: LogLine[];
}
/** Steps that may take long write their log lines at once. */
const LIVE = new Set<string>(['wait', 'export', 'stream.run', 'http']);
class Canceled extends Error {}

type Log = (level: RunLogEntry['level'], message: string) => Promise<void>;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Sleeps `ms`; rejects when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolveSleep, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolveSleep();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs workflow runs: each run is a row of the job table (jobs/queue.ts), claimed under a lease.
 * Every step is claimed and finished by a conditional update of the run row inside a transaction
 * that holds the lease, so two processes never run one step twice; step outputs are kept on the
 * run, so a run whose process stopped continues where it was (docs/platform-gaps.md).
 */
export class WorkflowRunner {
  /** Runs of this process, to interrupt at once on a cancel. */
  private readonly cancels = new Map<string, AbortController>();

  constructor(
    private readonly deps: PlatformDeps,
    private readonly documents: DocumentService,
  ) {}

  /** The process that enqueued the run starts it at once. */
  start(runId: string) {
    this.deps.queue.start(workflowJobId(runId));
  }

  cancelLocal(runId: string) {
    this.cancels.get(runId)?.abort();
  }

  handler(): JobHandler {
    return {
      run: (job, lease) => this.run((job.payload as unknown as RunPayload).runId, lease),
      onFailed: (tx, job, reason) => this.interrupted(tx, job, reason),
      background: true,
    };
  }

  private async readRun(db: Queryable, runId: string, lock = false) {
    const [row] = await db.query<RunRow>(
      `SELECT * FROM workflow_runs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [runId],
    );
    return row;
  }

  private async run(runId: string, lease: Lease) {
    const { db } = this.deps;
    const cancel = new AbortController();
    this.cancels.set(runId, cancel);
    const signal = AbortSignal.any([lease.signal, cancel.signal]);
    try {
      let done: Done | undefined;
      for (;;) {
        if (lease.signal.aborted) throw new Error(INTERRUPTED);
        const next = await this.advance(lease, runId, done);
        if (!next) return;
        const { run, index, state } = next;
        const step = run.definition!.steps[index]!;
        // Lines of quick steps are written with the step's outcome (one transaction a step);
        // a step that may take long writes its lines at once, for the live log.
        const buffered: LogLine[] = [];
        const live = LIVE.has(step.type);
        const log: Log = async (level, message) => {
          if (!live) buffered.push({ level, step: step.id, message });
          else
            await db.transaction((tx) =>
              appendLogs(tx, runId, [{ level, step: step.id, message }]),
            );
        };
        const ctx: ReferenceContext = {
          input: run.input,
          outputs: Object.fromEntries(
            run.steps.slice(0, index).map((s) => [s.id, s.output ?? null]),
          ),
        };
        const t0 = Date.now();
        let output: unknown;
        let effect: Effect | undefined;
        try {
          output = await this.execute(step, ctx, run, state, log, signal, (e) => (effect = e));
          if (Buffer.byteLength(JSON.stringify(output ?? null)) > MAX_OUTPUT_BYTES)
            throw new StepFailure(`its output is larger than ${MAX_OUTPUT_BYTES} bytes as JSON`);
        } catch (error) {
          if (lease.signal.aborted) throw new Error(INTERRUPTED, { cause: error });
          if (cancel.signal.aborted || error instanceof Canceled)
            return await this.finish(lease, runId, 'CANCELED', null, index, buffered);
          const known =
            error instanceof StepFailure ||
            error instanceof ReferenceError ||
            error instanceof PlatformError;
          if (!known)
            this.deps.log(`workflow run ${runId} step ${step.id}: ${(error as Error).stack}`);
          const message = `Step ${step.id} failed: ${(error as Error).message}`;
          return await this.finish(lease, runId, 'FAILED', message, index, buffered);
        }
        buffered.push({
          level: 'INFO',
          step: step.id,
          message: `Step ${step.id} completed in ${Date.now() - t0} ms`,
        });
        done = { index, output: output ?? null, lines: buffered, effect };
      }
    } finally {
      this.cancels.delete(runId);
    }
  }

  /**
   * One transaction under the lease: records the step just `done` (its output, `next_step`
   * moved on, by a conditional update), then ends the run (all done, or a cancel asked for) or
   * claims the next step (PENDING → IN_PROGRESS). Undefined when there is nothing to run here.
   */
  private advance(lease: Lease, runId: string, done: Done | undefined) {
    return this.deps.db.transaction(
      async (tx): Promise<{ run: RunRow; index: number; state: StepState } | undefined> => {
        await lease.hold(tx);
        const run = await this.readRun(tx, runId, true);
        if (!run || TERMINAL.has(run.status)) return undefined;
        const definition = run.definition!;
        const steps = [...run.steps];
        const lines: LogLine[] = [];
        if (run.status === 'QUEUED')
          lines.push(
            {
              level: 'INFO',
              step: definition.steps[0]!.id,
              message: `Run started (workflow version ${run.version}, ${definition.steps.length} step${definition.steps.length === 1 ? '' : 's'})`,
            },
            {
              level: 'DEBUG',
              step: definition.steps[0]!.id,
              message: `Input: ${JSON.stringify(run.input)}`,
            },
          );
        let index = run.next_step;
        if (done) {
          if (run.next_step !== done.index || steps[done.index]?.status !== 'IN_PROGRESS')
            throw new Error(LEASE_LOST);
          steps[done.index] = {
            ...steps[done.index]!,
            status: 'COMPLETED',
            finishedAt: new Date().toISOString(),
            output: done.output,
          };
          lines.push(...done.lines);
          await done.effect?.(tx);
          index = done.index + 1;
        }
        const step = definition.steps[index];
        const ending = !step || run.cancel_requested_by !== null;
        let state = steps[index];
        if (step && state && !ending) {
          if (state.status === 'IN_PROGRESS') {
            // The process that started this step stopped in its middle.
            if (!REPEATABLE.has(step.type)) {
              await this.save(tx, run, steps, index, lines);
              await this.finishIn(
                tx,
                runId,
                'FAILED',
                `Step ${step.id} was interrupted when the platform stopped; a ${step.type} step is not repeated, as it may already have done its work: run the workflow again`,
                index,
              );
              return undefined;
            }
            lines.push({
              level: 'WARN',
              step: step.id,
              message: `Step ${step.id} resumed after an interruption`,
            });
          } else {
            state = { ...state, status: 'IN_PROGRESS', startedAt: new Date().toISOString() };
            steps[index] = state;
            lines.push({
              level: 'INFO',
              step: step.id,
              message: `Step ${step.id} started (${step.type}: ${step.name})`,
            });
          }
        }
        await this.save(tx, run, steps, index, lines);
        if (ending) {
          await this.finishIn(
            tx,
            runId,
            step ? 'CANCELED' : 'COMPLETED',
            null,
            step ? index : undefined,
          );
          return undefined;
        }
        return { run: { ...run, steps, next_step: index }, index, state: state! };
      },
    );
  }

  /** Writes the run's steps and next step (only where it was: a conditional update) and lines. */
  private async save(
    tx: Queryable,
    run: RunRow,
    steps: StepState[],
    index: number,
    lines: LogLine[],
  ) {
    const updated = await tx.query(
      `UPDATE workflow_runs SET status = 'IN_PROGRESS', steps = $2, next_step = $3
       WHERE id = $1 AND next_step = $4 AND status = $5 RETURNING id`,
      [run.id, JSON.stringify(steps), index, run.next_step, run.status],
    );
    if (!updated.length) throw new Error(LEASE_LOST);
    await appendLogs(tx, run.id, lines);
  }

  private finish(
    lease: Lease,
    runId: string,
    status: 'COMPLETED' | 'FAILED' | 'CANCELED',
    error: string | null,
    index: number,
    lines: LogLine[],
  ) {
    return this.deps.db.transaction(async (tx) => {
      await lease.hold(tx);
      await appendLogs(tx, runId, lines);
      await this.finishIn(tx, runId, status, error, index);
    });
  }

  /** Ends a run (the step at `index` failed or was canceled; the ones after it are skipped). */
  async finishIn(
    tx: Queryable,
    runId: string,
    status: 'COMPLETED' | 'FAILED' | 'CANCELED',
    error: string | null,
    index?: number,
  ) {
    const run = await this.readRun(tx, runId, true);
    if (!run || TERMINAL.has(run.status)) return;
    const now = new Date().toISOString();
    const steps = run.steps.map((s, i): StepState => {
      if (index === undefined || i < index) return s;
      if (i === index)
        return {
          ...s,
          status: status === 'FAILED' ? 'FAILED' : 'CANCELED',
          startedAt: s.startedAt ?? (status === 'CANCELED' ? null : now),
          finishedAt: now,
          error: status === 'FAILED' ? error : null,
        };
      return { ...s, status: 'SKIPPED' };
    });
    await tx.query(
      `UPDATE workflow_runs SET status = $2, error = $3, finished_at = clock_timestamp(), steps = $4
       WHERE id = $1`,
      [runId, status, status === 'FAILED' ? error : null, JSON.stringify(steps)],
    );
    const last = run.definition?.steps[Math.min(index ?? Infinity, steps.length - 1)]?.id ?? '';
    const took = seconds(Date.now() - new Date(run.started_at).getTime());
    const lines: Array<{ level: RunLogEntry['level']; step: string; message: string }> = [];
    if (status === 'FAILED') {
      lines.push({ level: 'ERROR', step: last, message: error ?? 'failed' });
      lines.push({
        level: 'ERROR',
        step: last,
        message: index === undefined ? 'Run failed' : `Run failed at step ${last} after ${took}`,
      });
    } else if (status === 'CANCELED') {
      if (index !== undefined && run.steps[index]?.status === 'IN_PROGRESS')
        lines.push({ level: 'INFO', step: last, message: `Step ${last} interrupted` });
      lines.push({ level: 'INFO', step: last, message: `Run canceled after ${took}` });
    } else lines.push({ level: 'INFO', step: last, message: `Run completed in ${took}` });
    await appendLogs(tx, runId, lines);
  }

  /**
   * The run's job failed without its outcome: its process stopped (a clean stop, or a lease that
   * expired). The run is resumed by a new job (claimable at once) up to MAX_RESUMES times, then
   * fails with the reason; it is never left IN_PROGRESS.
   */
  private async interrupted(tx: Queryable, job: JobRow, reason: string) {
    const { runId } = job.payload as unknown as RunPayload;
    const run = await this.readRun(tx, runId, true);
    if (!run || TERMINAL.has(run.status)) return;
    const step = run.definition?.steps[Math.min(run.next_step, run.steps.length - 1)]?.id ?? '';
    if (run.resumes >= MAX_RESUMES) {
      await this.finishIn(
        tx,
        runId,
        'FAILED',
        `${reason} (after ${MAX_RESUMES} resumes)`,
        run.status === 'QUEUED' ? 0 : run.next_step,
      );
      return;
    }
    await tx.query('UPDATE workflow_runs SET resumes = resumes + 1 WHERE id = $1', [runId]);
    await appendLogs(tx, runId, [
      { level: 'WARN', step, message: `${reason}; the run will resume` },
    ]);
    await tx.query(
      `INSERT INTO jobs (id, kind, payload, created_at) VALUES ($1, $2, $3, now() - interval '1 minute')`,
      [workflowJobId(runId, run.resumes + 1), WORKFLOW_RUN_JOB, JSON.stringify({ runId })],
    );
  }

  private async cancelRequested(runId: string) {
    const [row] = await this.deps.db.query<{ requested: boolean }>(
      `SELECT cancel_requested_by IS NOT NULL OR status = 'CANCELED' AS requested FROM workflow_runs WHERE id = $1`,
      [runId],
    );
    return row?.requested ?? true;
  }

  /** Waits until `deadline` (ms epoch), looking for a cancel from another process meanwhile. */
  private async waitUntil(runId: string, deadline: number, signal: AbortSignal) {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      await sleep(Math.min(left, CANCEL_POLL_MS), signal);
      if (await this.cancelRequested(runId)) throw new Canceled();
    }
  }

  /** Polls `check` until it answers a value, as long as `timeoutSeconds` and cancels allow. */
  private async poll<T>(
    runId: string,
    timeoutSeconds: number,
    signal: AbortSignal,
    check: () => Promise<T | undefined>,
  ): Promise<T> {
    const deadline = Date.now() + timeoutSeconds * 1000;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline)
        throw new StepFailure(`not finished within ${timeoutSeconds} s (timeoutSeconds)`);
      await this.waitUntil(runId, Math.min(deadline, Date.now() + 200), signal);
    }
  }

  private async execute(
    step: WorkflowStep,
    ctx: ReferenceContext,
    run: RunRow,
    state: StepState,
    log: Log,
    signal: AbortSignal,
    /** A write committed together with the step's output (so a repeated step writes it once). */
    defer: (effect: Effect) => void,
  ): Promise<unknown> {
    const { deps } = this;
    const userId = run.started_by ?? 1;
    switch (step.type) {
      case 'wait': {
        const started = new Date(state.startedAt ?? Date.now()).getTime();
        const deadline = started + step.seconds * 1000;
        await log('INFO', `Waiting ${step.seconds} s`);
        await this.waitUntil(run.id, deadline, signal);
        return { waitedSeconds: step.seconds };
      }
      case 'transform':
        return transform(step, ctx);
      case 'fail': {
        const condition = step.when;
        if (holds(condition, ctx)) throw new StepFailure(resolve(step.message, ctx));
        await log('DEBUG', 'The condition does not hold: the run goes on');
        return { failed: false };
      }
      case 'notify': {
        const to = String(resolve(step.to, ctx));
        const message = String(resolve(step.message, ctx));
        const subject = step.subject
          ? String(resolve(step.subject, ctx))
          : `${run.workflow_name ?? 'Workflow'}: ${step.name}`;
        const id = randomUUID();
        defer((tx) =>
          tx.query(
            `INSERT INTO outbox (id, recipient, subject, body, created_at, recipient_user_id)
             VALUES ($1, $2, $3, $4, now(), NULL)`,
            [id, to, subject.slice(0, 500), message],
          ),
        );
        await log('INFO', `Sent ${step.channel ?? 'email'} notification to ${to}`);
        return { messageId: id, to, subject, channel: step.channel ?? 'email' };
      }
      case 'generate': {
        const model = modelFor(deps.generation, step.model);
        const template = resolve(step.promptTemplate, ctx, { dottedOnly: true });
        const input = step.input === undefined ? '' : String(resolve(step.input, ctx));
        const parameters = Object.fromEntries(
          Object.entries(resolve(step.parameters ?? {}, ctx)).map(([k, v]) => [k, String(v)]),
        );
        const prompt = formatPrompt(template, {
          input,
          system: DEFAULT_SYSTEM_MESSAGE,
          parameters,
        });
        const result = await generate(
          deps.generation,
          model,
          {
            prompt,
            system: model.systemPrompt ? DEFAULT_SYSTEM_MESSAGE : undefined,
            temperature: undefined,
            maxTokens: step.maxTokens,
            responseFormat: undefined,
            reasoningConfig: undefined,
            modelConfiguration: undefined,
          },
          signal,
        );
        await log(
          'INFO',
          `Generated ${result.usage.outputTokens} tokens with ${model.id} (${result.usage.inputTokens} in)`,
        );
        return { output: result.outputs[0] ?? '', modelId: model.id, usage: result.usage };
      }
      case 'documents.create': {
        const collectionId = String(resolve(step.collectionId, ctx));
        const content = resolve(step.document, ctx);
        const row = await this.documents.createOne(collectionId, userId, content);
        await log('INFO', `Created document ${row.id} in collection ${collectionId}`);
        return toDocumentV2(row);
      }
      case 'documents.query': {
        const collectionId = String(resolve(step.collectionId, ctx));
        const filter = resolve(step.filter ?? {}, ctx);
        const plan = parsePlan({ orderby: step.orderby, limit: step.limit ?? 100 });
        const result = await this.documents.query(collectionId, userId, filter, plan);
        const documents = result.kind === 'documents' ? result.rows.map(toDocumentV2) : result.rows;
        await log('INFO', `Found ${documents.length} documents in collection ${collectionId}`);
        return { documents, count: documents.length };
      }
      case 'export': {
        const datasetId = String(resolve(step.datasetId, ctx));
        const dataset = await getDataset(deps.db, datasetId);
        const principal = await principalOf(deps.db, userId);
        const decision = decide(principal, await datasetLevel(deps.db, principal, dataset), 'read');
        if (!decision.allowed)
          throw new StepFailure(`the user who started the run may not read dataset ${datasetId}`);
        const row = await createExport(deps, dataset.id, {
          bucket: step.bucket ?? 'workflows',
          path: step.path === undefined ? undefined : String(resolve(step.path, ctx)),
          compression: step.compression,
        });
        await log('INFO', `Export ${row.export_id} of dataset ${dataset.name} started`);
        const done = await this.poll(run.id, step.timeoutSeconds ?? 300, signal, async () => {
          const [e] = await deps.db.query<{
            export_status: string;
            message: string;
            url_row_count_map: Record<string, number>;
          }>('SELECT export_status, message, url_row_count_map FROM exports WHERE export_id = $1', [
            row.export_id,
          ]);
          return e && e.export_status !== 'running' ? e : undefined;
        });
        if (done.export_status !== 'success')
          throw new StepFailure(`export ${row.export_id} ${done.export_status}: ${done.message}`);
        const rows = Object.values(done.url_row_count_map ?? {}).reduce((a, b) => a + b, 0);
        await log('INFO', `Export ${row.export_id} finished: ${rows} rows`);
        return { exportId: row.export_id, status: done.export_status, rows };
      }
      case 'stream.run': {
        const stream = await getStream(deps.db, String(resolve(step.streamId, ctx)));
        const dataset = await getDataset(deps.db, stream.dataset_id);
        const principal = await principalOf(deps.db, userId);
        const decision = decide(principal, await datasetLevel(deps.db, principal, dataset), 'edit');
        if (!decision.allowed)
          throw new StepFailure(
            `the user who started the run may not update dataset ${dataset.id} of stream ${stream.id}`,
          );
        const execution = await startExecution(deps, stream, 'MANUAL', userId);
        await log('INFO', `Stream ${stream.id} execution ${execution.id} started`);
        const done = await this.poll(run.id, step.timeoutSeconds ?? 300, signal, async () => {
          const [e] = await deps.db.query<{
            state: string;
            rows_inserted: number;
            error_message: string | null;
          }>('SELECT state, rows_inserted, error_message FROM stream_executions WHERE id = $1', [
            execution.id,
          ]);
          return e && e.state !== 'ACTIVE' ? e : undefined;
        });
        if (done.state !== 'SUCCESS')
          throw new StepFailure(
            `stream ${stream.id} execution ${execution.id} ended in ${done.state}: ${done.error_message ?? ''}`,
          );
        await log('INFO', `Stream ${stream.id} inserted ${done.rows_inserted} rows`);
        return { executionId: execution.id, state: done.state, rowsInserted: done.rows_inserted };
      }
      case 'http':
        return this.http(step, ctx, log, signal);
    }
  }

  private async http(
    step: Extract<WorkflowStep, { type: 'http' }>,
    ctx: ReferenceContext,
    log: Log,
    signal: AbortSignal,
  ) {
    const raw = String(resolve(step.url, ctx));
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new StepFailure(`"${raw}" is not an absolute URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new StepFailure(`only http and https URLs, not ${url.protocol}`);
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (!this.deps.workflowsHttpAllowedHosts.has(host))
      throw new StepFailure(
        `the host ${host} is not in WORKFLOWS_HTTP_ALLOWED_HOSTS (an http step may call only the hosts named there)`,
      );
    const body = step.body === undefined ? undefined : JSON.stringify(resolve(step.body, ctx));
    const headers = {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...resolve(step.headers ?? {}, ctx),
    };
    const attempts = (step.retries ?? 0) + 1;
    for (let attempt = 1; ; attempt++) {
      const t0 = Date.now();
      let failure: string;
      try {
        await log('DEBUG', `${step.method} ${url.origin}${url.pathname}`);
        const response = await fetch(url, {
          method: step.method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.any([
            signal,
            AbortSignal.timeout((step.timeoutSeconds ?? 30) * 1000),
          ]),
        });
        const text = await readSome(response, MAX_OUTPUT_BYTES / 2);
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        if (response.ok) {
          await log(
            'INFO',
            `${step.method} ${url.host}${url.pathname} answered ${response.status} in ${Date.now() - t0} ms`,
          );
          return { status: response.status, body: parsed };
        }
        failure = `${response.status} ${response.statusText} from ${url.host}`;
      } catch (error) {
        if (signal.aborted) throw error;
        failure = `no answer from ${url.host}: ${(error as Error).message}`;
      }
      if (attempt >= attempts)
        throw new StepFailure(`${failure}${attempts > 1 ? ` after ${attempts} attempts` : ''}`);
      const delay = 500 * 2 ** (attempt - 1);
      await log(
        'WARN',
        `Attempt ${attempt} of ${attempts} failed: ${failure}; retrying in ${seconds(delay)}`,
      );
      await sleep(delay, signal);
    }
  }
}

/** At most `limit` bytes of a response body as text; the rest is not read. */
async function readSome(response: Response, limit: number) {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= limit) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/**
 * `transform`: the source is an earlier step's output (`from`) or the run input; `require`
 * names keys it must have, `select` keeps keys (of each item of a list, or of `{documents}`),
 * `set` adds keys whose values may hold references.
 */
function transform(step: Extract<WorkflowStep, { type: 'transform' }>, ctx: ReferenceContext) {
  const source = step.from === undefined ? ctx.input : ctx.outputs[step.from];
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  const pick = (item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const object = item as Record<string, unknown>;
    // Documents keep their fields under `content`.
    const fields =
      object.content && typeof object.content === 'object'
        ? { ...object, ...(object.content as Record<string, unknown>) }
        : object;
    if (!step.select) return fields;
    return Object.fromEntries(step.select.filter((k) => k in fields).map((k) => [k, fields[k]]));
  };
  const list = Array.isArray(source)
    ? source
    : source &&
        typeof source === 'object' &&
        Array.isArray((source as { documents?: unknown }).documents)
      ? (source as { documents: unknown[] }).documents
      : undefined;
  const where = step.from === undefined ? 'input' : `steps.${step.from}.output`;
  if (step.require) {
    const items = list ?? [source];
    const missing = new Set<string>();
    for (const item of items) {
      const fields = pick(item) as Record<string, unknown> | null;
      for (const key of step.require)
        if (!fields || typeof fields !== 'object' || empty(fields[key])) missing.add(key);
    }
    if (missing.size)
      throw new StepFailure(`${[...missing].map((k) => `${where}.${k}`).join(', ')} required`);
  }
  const set = step.set ? resolve(step.set, ctx) : {};
  if (list) return { items: list.map(pick), count: list.length, ...set };
  const picked = pick(source);
  return { ...(picked && typeof picked === 'object' ? picked : { value: picked }), ...set };
}
