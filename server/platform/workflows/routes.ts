import { auditRow, changed, created, recordEvent } from '../audit/record';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  allRunsParams,
  runListParams,
  runLogsParams,
  runStatuses,
  runWorkflowBody,
  type RunWorkflowBody,
  type RunStatus,
  type WorkflowDefinition,
} from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { badRequest, conflict } from '../core/errors';
import { parseWith, query, readJson } from '../core/validate';
import { DocumentService } from '../datastores/document-service';
import { DocumentUpkeep } from '../datastores/upkeep';
import { NoRows, type Queryable } from '../store';
import { parseCreate, parseUpdate, runInput } from './definition';
import {
  appendLogs,
  getRun,
  getWorkflow,
  listRuns,
  listWorkflows,
  readLogs,
  toLogEntry,
  toRun,
  toWorkflow,
  withLastRun,
  type StepState,
} from './repository';
import { RunJournal } from './journal';
import { runLive } from './live';
import { StartGroups } from './start-group';
import type { NewRun } from './run-writes';
import { StartReads, workflowToStart } from './start-reads';
import { WORKFLOW_RUN_JOB, WorkflowRunner, workflowJobId } from './runner';

const TERMINAL = new Set<RunStatus>(['COMPLETED', 'FAILED', 'CANCELED']);

/** `status=A,B` or `status=A&status=B`. */
function statusesOf(c: Context<PlatformEnv>) {
  const given = c.req.queries('status') ?? [];
  if (given.join('').trim() === '') return undefined;
  const list = given
    .join(',')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  for (const s of list)
    if (!(runStatuses as readonly string[]).includes(s))
      throw badRequest(`status: "${s}" is not one of ${runStatuses.join(', ')}`);
  return list as RunStatus[];
}

function timeOf(name: string, text: string | undefined) {
  if (text === undefined || text === '') return undefined;
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw badRequest(`${name}: not an ISO date-time`);
  return new Date(t).toISOString();
}

const initialSteps = (definition: WorkflowDefinition): StepState[] =>
  definition.steps.map((s) => ({
    id: s.id,
    name: s.name,
    type: s.type,
    status: 'PENDING',
    startedAt: null,
    finishedAt: null,
    error: null,
  }));

const userName = async (db: Queryable, id: number) =>
  (
    await db.query<{ display_name: string }>('SELECT display_name FROM users WHERE id = $1', [id])
  )[0]?.display_name ?? `user ${id}`;

/**
 * Workflows under `{api_url}/v1` (spec 4.13, gaps.md "Workflows", issue 13). Authentication and
 * the Workflow API grant are checked in core/auth.ts; visibility here (repository.ts).
 */
export function workflowRoutes(deps: PlatformDeps) {
  const { db } = deps;
  const documents = new DocumentService(db, new DocumentUpkeep(db, deps.jobs, deps.log));
  const journal = new RunJournal(deps.queue.signals);
  const runner = new WorkflowRunner(deps, documents, journal);
  const starts = new StartGroups(db, deps.queue);
  const startReads = new StartReads(db);
  deps.queue.register(WORKFLOW_RUN_JOB, runner.handler());
  const r = new Hono<PlatformEnv>();
  const user = (c: Context<PlatformEnv>) => c.get('userId');

  /**
   * Run `runId` of workflow `id` written for `userId`. No lock on the workflow, and mostly no
   * read: the input is checked against the workflow as this process read it last, and the run is
   * written only where that still holds (its version, the user's sight of it), in the write's own
   * statement; else the workflow is read again and the start tried once more (start-reads.ts).
   * The write is shared with the starts that arrive meanwhile, a few statements for all
   * (start-group.ts): its run and first line, its job, its audit event.
   */
  async function startRun(id: string, userId: number, body: RunWorkflowBody, runId: string) {
    for (let attempt = 0; ; attempt++) {
      const last = attempt === 0 ? startReads.last(id) : undefined;
      const workflow =
        last ?? (await workflowToStart(db, id, userId, (i, u) => startReads.read(i, u)));
      let input: unknown;
      try {
        input = runInput(workflow.definition, body.input);
      } catch (error) {
        if (!last) throw error;
        // Checked again against the workflow as it is now.
        startReads.forget(id);
        continue;
      }
      const run: NewRun = {
        id: runId,
        workflowId: workflow.id,
        version: workflow.version,
        input: JSON.stringify(input),
        definition: JSON.stringify(workflow.definition),
        startedBy: userId,
        steps: JSON.stringify(initialSteps(workflow.definition)),
      };
      try {
        const written = await starts.write({
          run,
          job: { id: workflowJobId(runId), payload: { runId } },
          audit: auditRow(
            userId,
            'workflow.run',
            { type: 'workflow', id: workflow.id, name: workflow.name },
            created({ run: runId, version: workflow.version }),
          ),
        });
        return { workflow, run, written };
      } catch (error) {
        // The workflow changed, or went out of the user's sight, since it was read.
        if (!(error instanceof NoRows)) throw error;
        startReads.forget(id);
        if (attempt >= 2) throw conflict(`Workflow ${id} kept changing; start the run again`);
      }
    }
  }

  r.get('/v1/workflows', async (c) => c.json((await listWorkflows(db, user(c))).map(toWorkflow)));

  r.post('/v1/workflows', async (c) => {
    const input = parseCreate(await readJson(c));
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO workflows (id, name, description, version, definition, owner, created_on, updated_on)
       VALUES ($1, $2, $3, 1, $4, $5, now(), now())`,
        [id, input.name, input.description ?? '', JSON.stringify(input.definition), user(c)],
      );
      await recordEvent(
        tx,
        user(c),
        'workflow.created',
        { type: 'workflow', id, name: input.name },
        created({ description: input.description ?? '', definition: input.definition }),
      );
    });
    return c.json(toWorkflow(await withLastRun(db, id)), 201);
  });

  // Runs across workflows; registered before `/v1/workflows/:id` so that "runs" is not an id.
  r.get('/v1/workflows/runs', async (c) => {
    const params = query(c, allRunsParams);
    const { rows, total } = await listRuns(db, user(c), {
      workflowId: params.workflowId,
      statuses: statusesOf(c),
      sort: params.sort,
      from: timeOf('from', params.from),
      to: timeOf('to', params.to),
      limit: params.limit ?? 100,
      offset: params.offset ?? 0,
    });
    c.header('X-Total-Count', String(total));
    return c.json(rows.map((row) => toRun(row)));
  });

  r.get('/v1/workflows/runs/:runId', async (c) =>
    c.json(toRun(await getRun(db, c.req.param('runId'), user(c)), { outputs: true })),
  );

  r.post('/v1/workflows/runs/:runId/cancel', async (c) => {
    const run = await getRun(db, c.req.param('runId'), user(c));
    const name = await userName(db, user(c));
    await db.transaction(async (tx) => {
      const [current] = await tx.query<{ status: RunStatus; steps: StepState[] }>(
        'SELECT status, steps FROM workflow_runs WHERE id = $1 FOR UPDATE',
        [run.id],
      );
      if (!current || TERMINAL.has(current.status)) return;
      await recordEvent(
        tx,
        user(c),
        'workflow.canceled',
        { type: 'workflow', id: run.workflow_id, name: run.workflow_name },
        { run: [undefined, run.id], status: [current.status, 'CANCELED'] },
      );
      if (current.status === 'QUEUED') {
        await tx.query(
          `UPDATE workflow_runs SET status = 'CANCELED', finished_at = clock_timestamp(),
             cancel_requested_by = $2, steps = $3 WHERE id = $1`,
          [
            run.id,
            user(c),
            JSON.stringify(current.steps.map((s) => ({ ...s, status: 'SKIPPED' }))),
          ],
        );
        await appendLogs(tx, run.id, [
          { level: 'WARN', step: '', message: `Canceled by ${name} before it started` },
        ]);
        return;
      }
      await tx.query('UPDATE workflow_runs SET cancel_requested_by = $2 WHERE id = $1', [
        run.id,
        user(c),
      ]);
      await appendLogs(tx, run.id, [
        { level: 'WARN', step: '', message: `Cancel requested by ${name}` },
      ]);
    });
    runner.changed(run.id);
    runner.cancelLocal(run.id);
    // A run of this process (or one looking for cancels) ends within moments: answer its end.
    const until = Date.now() + 3000;
    let answer = await getRun(db, run.id, user(c));
    while (!TERMINAL.has(answer.status) && Date.now() < until) {
      await new Promise((done) => setTimeout(done, 100));
      answer = await getRun(db, run.id, user(c));
    }
    return c.json(toRun(answer, { outputs: true }));
  });

  r.get('/v1/workflows/runs/:runId/logs', async (c) => {
    const { after = 0, limit = 1000 } = query(c, runLogsParams);
    const run = await getRun(db, c.req.param('runId'), user(c));
    const entries = (await readLogs(db, run.id, after, limit)).map(toLogEntry);
    return c.json({ entries, next: entries.at(-1)?.seq ?? after });
  });

  r.get('/v1/workflows/runs/:runId/live', (c) => runLive(c, deps, journal));

  r.get('/v1/workflows/:id', async (c) => {
    const row = await getWorkflow(db, c.req.param('id'), user(c));
    return c.json(toWorkflow(await withLastRun(db, row.id)));
  });

  r.put('/v1/workflows/:id', async (c) => {
    const changes = parseUpdate(await readJson(c));
    const id = await db.transaction(async (tx) => {
      const row = await getWorkflow(tx, c.req.param('id'), user(c), true);
      await tx.query(
        `UPDATE workflows SET name = $2, description = $3, definition = $4, version = version + 1,
           updated_on = now() WHERE id = $1`,
        [
          row.id,
          changes.name ?? row.name,
          changes.description ?? row.description,
          JSON.stringify(changes.definition ?? row.definition),
        ],
      );
      await recordEvent(
        tx,
        user(c),
        'workflow.changed',
        { type: 'workflow', id: row.id, name: changes.name ?? row.name },
        changed({ ...row, version: row.version }, { ...changes, version: row.version + 1 }),
      );
      return row.id;
    });
    return c.json(toWorkflow(await withLastRun(db, id)));
  });

  r.post('/v1/workflows/:id/runs', async (c) => {
    const body = parseWith(runWorkflowBody, (await readJson(c, { optional: true })) ?? {});
    const runId = randomUUID();
    const { workflow, run, written } = await startRun(c.req.param('id'), user(c), body, runId);
    const { run: inserted, lines: firstLines } = written;
    const row = { ...inserted, workflow_name: workflow.name };
    const chars = run.input.length + run.definition.length + run.steps.length;
    journal.started(row, workflow.owner, firstLines, chars);
    runner.start(row);
    return c.json(toRun(row), 202);
  });

  r.get('/v1/workflows/:id/runs', async (c) => {
    const params = query(c, runListParams);
    const workflow = await getWorkflow(db, c.req.param('id'), user(c));
    const { rows, total } = await listRuns(db, user(c), {
      workflowId: workflow.id,
      statuses: statusesOf(c),
      sort: params.sort,
      limit: params.limit ?? 100,
      offset: params.offset ?? 0,
    });
    c.header('X-Total-Count', String(total));
    return c.json(rows.map((row) => toRun(row)));
  });

  return r;
}
