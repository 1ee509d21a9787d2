import { auditRow, changed, created, recordEvent } from '../audit/record';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  allRunsParams,
  runListParams,
  runLogsParams,
  runStatuses,
  runWorkflowBody,
  type RunStatus,
  type WorkflowDefinition,
} from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { badRequest } from '../core/errors';
import { parseWith, query, readJson } from '../core/validate';
import { DocumentService } from '../datastores/document-service';
import { DocumentUpkeep } from '../datastores/upkeep';
import type { Queryable } from '../store';
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
    // No lock on the workflow: its row is read once, version and definition together (and the
    // user's name, in the same statement, with the starts that arrive meanwhile: start-group.ts).
    const { workflow, name } = await workflowToStart(db, c.req.param('id'), user(c), (id, u) =>
      startReads.read(id, u),
    );
    const input = runInput(workflow.definition, body.input);
    const [inputJson, definitionJson] = [input, workflow.definition].map((v) => JSON.stringify(v));
    const stepsJson = JSON.stringify(initialSteps(workflow.definition));
    // The start's own transaction is shared with the starts that arrive meanwhile, a few
    // statements for all (start-group.ts): its run and first line, its job, its audit event.
    const { run: inserted, lines: firstLines } = await starts.write({
      run: {
        id: runId,
        workflowId: workflow.id,
        version: workflow.version,
        input: inputJson!,
        definition: definitionJson!,
        startedBy: user(c),
        steps: stepsJson,
        message: `Run queued by ${name} (workflow version ${workflow.version})`,
      },
      job: { id: workflowJobId(runId), payload: { runId } },
      audit: auditRow(
        user(c),
        'workflow.run',
        { type: 'workflow', id: workflow.id, name: workflow.name },
        created({ run: runId, version: workflow.version }),
      ),
    });
    const row = { ...inserted, workflow_name: workflow.name };
    const chars = inputJson!.length + definitionJson!.length + stepsJson.length;
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
