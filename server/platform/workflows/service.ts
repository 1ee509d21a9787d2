import { randomUUID } from 'node:crypto';
import {
  WORKFLOW_LIMITS,
  type CreateWorkflowBody,
  type RunSort,
  type RunStatus,
  type RunWorkflowBody,
  type UpdateWorkflowBody,
  type WorkflowDefinition,
  type WorkflowUserPermission,
} from '../../../src/api/contract';
import { enforce } from '../access/enforce';
import { actingAs, type Actor, type Decision, type Principal } from '../access/principal';
import {
  decideWorkflow,
  decideWorkflowGrant,
  rolesSeeingEveryWorkflow,
  workflowPermissions,
  workflowScope,
  type WorkflowOperation,
  type WorkflowScope,
} from '../access/workflows';
import { auditRow, changed, created, recordEvent } from '../audit/record';
import { conflict, notFound, type PlatformError } from '../core/errors';
import type { Principals } from '../people/principals';
import { NoRows, type Db } from '../store';
import { checkDefinition, runInput } from './definition';
import { GroupedPrincipals } from './grouped-principals';
import type { RunJournal } from './journal';
import {
  appendLogs,
  cancelQueuedRun,
  displayNameOf,
  findRun,
  findWorkflow,
  insertWorkflow,
  listRuns,
  listWorkflows,
  lockRun,
  readLogs,
  readRunAndLogs,
  requestCancel,
  runNotFound,
  updateWorkflow,
  withLastRun,
  workflowNotFound,
  type LogRow,
  type RunRow,
  type StepState,
  type WorkflowRow,
} from './repository';
import { ownerAndMembersOf, roleNames } from './permission-repository';
import { runTopic } from './run-state';
import type { NewRun } from './run-repository';
import { workflowJobId, type WorkflowRunner } from './runner';
import type { StartGroups, Started } from './start-group';
import type { StartReads } from './start-reads';

const TERMINAL = new Set<RunStatus>(['COMPLETED', 'FAILED', 'CANCELED']);
/** A runs page when none is asked for. */
const RUNS_PAGE = 100;
/** A cancel's answer waits this long for the run's end (a run of this process ends within moments). */
const CANCEL_WAIT_MS = 3000;
const CANCEL_POLL_MS = 100;
/** A live read's log lines in one read. */
const LIVE_PAGE = 1000;
/** Times a start is tried against a workflow that changes under it. */
const START_ATTEMPTS = 3;
/** The most users a workflow's permissions name (its owner first). */
export const MAX_WORKFLOW_USERS = 500;

/** Which runs a list holds, and which of them. */
export interface RunListOptions {
  statuses?: RunStatus[];
  sort?: RunSort;
  limit?: number;
  offset?: number;
}
export interface AllRunsOptions extends RunListOptions {
  workflowId?: string;
  /** ISO times: runs started at or after `from`, before `to`. */
  from?: string;
  to?: string;
}

/** A run a live read follows: its id, number and topic, and a read of its state and lines. */
export interface RunFollow {
  id: string;
  number: number | undefined;
  topic: string;
  /**
   * The run and its lines after `after` in one snapshot (`more`: a full page, read again);
   * from what this process wrote when `journal` (the reader was told of this process's writes
   * alone), else from the store. Undefined: the run is gone.
   */
  read(after: number, journal: boolean): Promise<LiveReadOfRun | undefined>;
}
export interface LiveReadOfRun {
  run: RunRow;
  lines: LogRow[];
  more: boolean;
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

const grantRefusal = (principal: Principal) => (needed: string) =>
  `User ${principal.id} lacks the ${needed}: an administrator gives it through a role (Security, Roles, Grants)`;

/**
 * Workflows and their runs: every path to them (the /v1 routes, a custom app's, the live read)
 * comes here as its acting user, who needs the Workflow API grant (403 naming it) and sees the
 * workflows the policy lets them see (access/workflows.ts; others are 404). A run is started
 * here and run by the runner (runner.ts), each built once by the composition root.
 */
export class WorkflowService {
  /** Who acts, loaded once for the calls that arrive together (a burst of starts). */
  readonly #principals: GroupedPrincipals;

  constructor(
    private readonly db: Db,
    principals: Principals,
    private readonly runner: WorkflowRunner,
    /** Runs as this process wrote them: the live reads of this process read them here. */
    private readonly journal: RunJournal,
    /** Starts arriving together, written together. */
    private readonly starts: StartGroups,
    /** The workflows starts ask for, read together and remembered. */
    private readonly reads: StartReads,
  ) {
    this.#principals = new GroupedPrincipals(principals);
  }

  async list(actor: Actor): Promise<WorkflowRow[]> {
    const principal = await this.#principals.of(actor);
    this.#holder(principal, decideWorkflow(principal, 'list'));
    return listWorkflows(this.db, workflowScope(principal));
  }

  /** A new workflow of the actor's, version 1; its definition checked (400 naming the field). */
  async create(actor: Actor, input: CreateWorkflowBody): Promise<WorkflowRow> {
    const principal = await this.#principals.of(actor);
    this.#holder(principal, decideWorkflow(principal, 'create'));
    checkDefinition(input.definition);
    const id = randomUUID();
    const description = input.description ?? '';
    await this.db.transaction(async (tx) => {
      await insertWorkflow(tx, { id, ...input, description }, actor.userId);
      await recordEvent(
        tx,
        actor.userId,
        'workflow.created',
        { type: 'workflow', id, name: input.name },
        created({ description, definition: input.definition }),
      );
    });
    return withLastRun(this.db, id);
  }

  /** The workflow with its last run. */
  async get(actor: Actor, id: string): Promise<WorkflowRow> {
    const principal = await this.#principals.of(actor);
    const workflow = await findWorkflow(this.db, id, { lastRun: true });
    return this.#seen(principal, id, workflow, 'read');
  }

  /**
   * Who may use the workflow and what each may do (the vendor's `parts=users`), for an actor who
   * may read it: its owner and the users whose role sees every workflow, each as the policy
   * decides for them (without the Workflow API grant, nothing: such a user is left out).
   */
  async permissions(actor: Actor, id: string): Promise<WorkflowUserPermission[]> {
    const principal = await this.#principals.of(actor);
    const workflow = this.#seen(principal, id, await findWorkflow(this.db, id), 'read');
    const roles = rolesSeeingEveryWorkflow(await roleNames(this.db));
    const users = await ownerAndMembersOf(this.db, workflow.owner, roles, MAX_WORKFLOW_USERS);
    const principals = await Promise.all(users.map((u) => this.#principals.of(actingAs(u.id))));
    return users.flatMap((user, at) => {
      const permissions = workflowPermissions(principals[at]!, workflow);
      return permissions.length
        ? [
            {
              id: user.id,
              name: user.display_name,
              role: user.role,
              roleId: user.role_id,
              permissions,
            },
          ]
        : [];
    });
  }

  /** A new version of the workflow: what `changes` gives, the rest as it was. */
  async update(actor: Actor, id: string, changes: UpdateWorkflowBody): Promise<WorkflowRow> {
    const principal = await this.#principals.of(actor);
    // The grant first, as for every operation; then the definition, before any lock is taken.
    this.#holder(principal, decideWorkflowGrant(principal));
    if (changes.definition) checkDefinition(changes.definition);
    const updated = await this.db.transaction(async (tx) => {
      const row = this.#seen(principal, id, await findWorkflow(tx, id, { lock: true }), 'change');
      const next = {
        name: changes.name ?? row.name,
        description: changes.description ?? row.description,
        definition: changes.definition ?? row.definition,
      };
      await updateWorkflow(tx, row.id, next);
      await recordEvent(
        tx,
        actor.userId,
        'workflow.changed',
        { type: 'workflow', id: row.id, name: next.name },
        changed({ ...row, version: row.version }, { ...changes, version: row.version + 1 }),
      );
      return row.id;
    });
    return withLastRun(this.db, updated);
  }

  /**
   * A run of the workflow, QUEUED and handed to this process's runner. No lock on the workflow,
   * and mostly no read: the input is checked against the workflow as this process read it last,
   * and the run is written only where that still holds (its version, the actor's scope), in the
   * write's own statement; else the workflow is read again and the start tried once more
   * (start-reads.ts). The write is shared with the starts that arrive meanwhile, a few
   * statements for all (start-group.ts): its run and first line, its job, its audit event.
   */
  async start(actor: Actor, id: string, body: RunWorkflowBody): Promise<RunRow> {
    const principal = await this.#principals.of(actor);
    const scope = workflowScope(principal);
    const runId = randomUUID();
    for (let attempt = 1; ; attempt++) {
      const last = attempt === 1 ? this.reads.last(id) : undefined;
      const workflow = this.#seen(principal, id, last ?? (await this.reads.read(id)), 'run');
      let input: unknown;
      try {
        input = runInput(workflow.definition, body.input);
      } catch (error) {
        if (!last) throw error;
        // Checked again against the workflow as it is now.
        this.reads.forget(id);
        continue;
      }
      const run = this.#newRun(runId, workflow, input, actor, scope);
      let written: Started;
      try {
        written = await this.starts.write({
          run,
          job: { id: workflowJobId(runId), payload: { runId } },
          audit: auditRow(
            actor.userId,
            'workflow.run',
            { type: 'workflow', id: workflow.id, name: workflow.name },
            created({ run: runId, version: workflow.version }),
          ),
        });
      } catch (error) {
        // The workflow changed, or left the actor's scope, since it was read.
        if (!(error instanceof NoRows)) throw error;
        this.reads.forget(id);
        if (attempt >= START_ATTEMPTS)
          throw conflict(`Workflow ${id} kept changing; start the run again`);
        continue;
      }
      const row = { ...written.run, workflow_name: workflow.name };
      const chars = run.input.length + run.definition.length + run.steps.length;
      this.journal.started(row, workflow.owner, written.lines, chars);
      this.runner.start(row);
      return row;
    }
  }

  /** The workflow's runs, a page of them in the order asked, and how many there are. */
  async runs(actor: Actor, id: string, options: RunListOptions) {
    const principal = await this.#principals.of(actor);
    const workflow = this.#seen(principal, id, await findWorkflow(this.db, id), 'read');
    return listRuns(this.db, workflowScope(principal), {
      ...this.#page(options),
      workflowId: workflow.id,
    });
  }

  /** The runs of every workflow the actor sees, a page of them, and how many there are. */
  async allRuns(actor: Actor, options: AllRunsOptions) {
    const principal = await this.#principals.of(actor);
    this.#holder(principal, decideWorkflow(principal, 'list'));
    return listRuns(this.db, workflowScope(principal), {
      ...this.#page(options),
      workflowId: options.workflowId,
      from: options.from,
      to: options.to,
    });
  }

  /** The run with each step's input and output. */
  async run(actor: Actor, runId: string): Promise<RunRow> {
    return this.#seenRun(await this.#principals.of(actor), runId, 'read');
  }

  /**
   * Cancels the run: a QUEUED one at once, a running one asked to stop (its runner stops
   * between steps; a step that waits is interrupted). Answers the run once it ended, or as it
   * is after CANCEL_WAIT_MS; a run that had ended, as it was.
   */
  async cancel(actor: Actor, runId: string): Promise<RunRow> {
    const principal = await this.#principals.of(actor);
    const run = await this.#seenRun(principal, runId, 'cancel');
    const name = await displayNameOf(this.db, actor.userId);
    await this.db.transaction(async (tx) => {
      const current = await lockRun(tx, run.id);
      if (!current || TERMINAL.has(current.status)) return;
      await recordEvent(
        tx,
        actor.userId,
        'workflow.canceled',
        { type: 'workflow', id: run.workflow_id, name: run.workflow_name },
        { run: [undefined, run.id], status: [current.status, 'CANCELED'] },
      );
      if (current.status === 'QUEUED') {
        const skipped = current.steps.map((s) => ({ ...s, status: 'SKIPPED' as const }));
        await cancelQueuedRun(tx, run.id, actor.userId, skipped);
        await appendLogs(tx, run.id, [
          { level: 'WARN', step: '', message: `Canceled by ${name} before it started` },
        ]);
        return;
      }
      await requestCancel(tx, run.id, actor.userId);
      await appendLogs(tx, run.id, [
        { level: 'WARN', step: '', message: `Cancel requested by ${name}` },
      ]);
    });
    this.runner.changed(run.id);
    this.runner.cancelLocal(run.id);
    const until = Date.now() + CANCEL_WAIT_MS;
    let answer = (await findRun(this.db, run.id)) ?? run;
    while (!TERMINAL.has(answer.status) && Date.now() < until) {
      await new Promise((done) => setTimeout(done, CANCEL_POLL_MS));
      answer = (await findRun(this.db, run.id)) ?? answer;
    }
    return answer;
  }

  /** The run's log lines after `after` (at most `limit`, WORKFLOW_LIMITS.logsPageSize). */
  async logs(
    actor: Actor,
    runId: string,
    { after = 0, limit }: { after?: number; limit?: number },
  ) {
    const run = await this.#seenRun(await this.#principals.of(actor), runId, 'read');
    const page = Math.min(limit ?? WORKFLOW_LIMITS.logsPageSize, WORKFLOW_LIMITS.logsPageSize);
    return readLogs(this.db, run.id, after, page);
  }

  /**
   * The run a live read follows, once the actor may read it (a 404 before any event). A run
   * this process started for its workflow's owner is known without a read (journal.ts).
   */
  async live(actor: Actor, runId: string): Promise<RunFollow> {
    const principal = await this.#principals.of(actor);
    const owned = this.journal.ownedBy(runId, principal.id);
    if (owned)
      this.#enforce(principal, decideWorkflow(principal, 'read', { owner: principal.id }), () =>
        runNotFound(runId),
      );
    const run = owned ?? (await this.#seenRun(principal, runId, 'read'));
    const { id } = run;
    return {
      id,
      number: run.number,
      topic: runTopic(id),
      read: async (after, journal) => {
        const read =
          (journal ? this.journal.read(id, after) : undefined) ??
          (await readRunAndLogs(this.db, id, after, LIVE_PAGE));
        return read && { ...read, more: read.lines.length === LIVE_PAGE };
      },
    };
  }

  #newRun(
    runId: string,
    workflow: WorkflowRow,
    input: unknown,
    actor: Actor,
    scope: WorkflowScope,
  ): NewRun {
    return {
      id: runId,
      workflowId: workflow.id,
      version: workflow.version,
      input: JSON.stringify(input),
      definition: JSON.stringify(workflow.definition),
      startedBy: actor.userId,
      steps: JSON.stringify(initialSteps(workflow.definition)),
      scope,
    };
  }

  #page(options: RunListOptions) {
    return {
      statuses: options.statuses,
      sort: options.sort,
      limit: Math.min(options.limit ?? RUNS_PAGE, WORKFLOW_LIMITS.runsPageSize),
      offset: options.offset ?? 0,
    };
  }

  #enforce(principal: Principal, decision: Decision, hidden: () => PlatformError) {
    enforce(decision, hidden, grantRefusal(principal));
  }

  /** A decision on no workflow in particular: it refuses (403), it never hides. */
  #holder(principal: Principal, decision: Decision) {
    this.#enforce(principal, decision, () => notFound('No workflows'));
  }

  /** The workflow (or what the decision needs of it), once `operation` on it is allowed. */
  #seen<W extends { owner: number }>(
    principal: Principal,
    id: string,
    workflow: W | undefined,
    operation: WorkflowOperation,
  ): W {
    this.#enforce(principal, decideWorkflow(principal, operation, workflow), () =>
      workflowNotFound(id),
    );
    return workflow!;
  }

  /** The run, once `operation` on its workflow is allowed (a run is seen with its workflow). */
  async #seenRun(principal: Principal, runId: string, operation: WorkflowOperation) {
    const run = await findRun(this.db, runId);
    const workflow = run && { owner: run.workflow_owner };
    this.#enforce(principal, decideWorkflow(principal, operation, workflow), () =>
      runNotFound(runId),
    );
    return run!;
  }
}
