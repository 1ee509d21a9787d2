import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  EXPERIMENT_LIMITS,
  placeholders,
  type createExperimentBody,
  type Experiment,
  type ExperimentEstimate,
  type ExperimentResults,
  type ExperimentState,
  type SaveExperimentBody,
} from '../../../src/api/contract';
import { decideExperiment, experimentScope, type ExperimentOperation } from '../access/experiments';
import { enforce } from '../access/enforce';
import type { Actor } from '../access/principal';
import { created, recordEvent } from '../audit/record';
import { badRequest, conflict, notFound } from '../core/errors';
import type { DatasetService } from '../datasets/service';
import { columnsFrom, createDataset, replaceRows, type Cell } from '../datasets/store';
import { MAX_PROMPT_CHARS, promptTooLong } from '../generation/limits';
import { BUILT_IN_MAX_TOKENS } from '../generation/providers';
import type { GenerationService } from '../generation/service';
import type { JobQueue, Lease } from '../jobs/queue';
import type { Principals } from '../people/principals';
import type { Db } from '../store';
import { progressOf, scorerLabels, toCase, toExperiment, variantLabels } from './mappers';
import {
  cancelExperiment,
  casesOf,
  cellsOf,
  failExperiment,
  firstCellError,
  finishExperiment,
  findExperiment,
  insertCases,
  insertExperiment,
  keepTotals,
  listExperiments,
  markRunning,
  pendingCells,
  requeueCell,
  resetRunningCells,
  resultsPage,
  variantTotals,
  type CaseRow,
  type CellRow,
  type ExperimentRow,
  type ResultsQuery,
} from './repository';
import { JUDGE_MAX_TOKENS, runCells } from './run';
import { compilePattern } from './scorers';

export const EXPERIMENT_RUN_JOB = 'experiment.run';
/** Runs of one experiment's job in all: a stopped process's run resumes in another. */
export const EXPERIMENT_RUN_ATTEMPTS = 5;
/** An experiments list's page when the request names none, and its most. */
export const EXPERIMENTS_PAGE = 100;
export const MAX_EXPERIMENTS_PAGE = 500;

export type ExperimentSettings = z.output<typeof createExperimentBody>;
export interface ExperimentJob {
  experimentId: string;
  userId: number;
}

interface CaseWithCells {
  testCase: CaseRow;
  cells: CellRow[];
}

const experimentNotFound = (id: string) => notFound(`No experiment ${id}`);
const ended = (state: ExperimentState) => !['QUEUED', 'RUNNING'].includes(state);

const textOf = (cell: Cell | undefined) =>
  cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell : String(cell);

/** The prompt's length once its placeholders are filled (never built: it may be too long). */
function promptLength(template: string, values: Record<string, string>, system: string) {
  let length = template.length;
  for (const name of template.matchAll(/\$\{([A-Za-z_][\w.-]*)\}/g)) {
    const value = Object.hasOwn(values, name[1]!) ? values[name[1]!]! : system;
    length += value.length - name[0].length;
  }
  return length;
}

/**
 * Prompt experiments (docs/platform-gaps.md "Prompt experiments"): one prompt over a dataset's
 * rows, up to four variants side by side, each answer scored. An experiment is its owner's and
 * Admins see all (access/experiments.ts). The cases are read through the datasets service as the
 * creating user when it is created, and kept with it; the run is a job of the queue that any
 * process may take, whose calls go through the generation service as the owner.
 */
export class ExperimentService {
  /** Runs of this process, so a cancel here stops them at once (others look every second). */
  readonly #running = new Map<string, AbortController>();

  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly datasets: DatasetService,
    private readonly generation: GenerationService,
    private readonly queue: JobQueue,
  ) {}

  /** The experiment once the actor may take `operation` on it. */
  async #open(actor: Actor, id: string, operation: ExperimentOperation): Promise<ExperimentRow> {
    const principal = await this.principals.of(actor);
    const row = await findExperiment(this.db, id);
    enforce(
      decideExperiment(principal, operation, row),
      () => experimentNotFound(id),
      (needed) => `You need ${needed} to ${operation} experiment ${id}`,
    );
    return row!;
  }

  async #totals(row: ExperimentRow) {
    if (row.summary && row.progress && ended(row.state)) return row.summary;
    return (await variantTotals(this.db, [row.id])).get(row.id) ?? [];
  }

  /**
   * Everything a create decides before it writes: the models, the scorers' patterns, the
   * mapping against the dataset's columns (read as the actor: 404 without access), the cases
   * read, and each prompt's length. Bounds are 400s naming them.
   */
  async #prepare(actor: Actor, body: ExperimentSettings) {
    const models = new Map(
      (await this.generation.models(actor)).map((m) => [m.id, m.provider] as const),
    );
    const known = () => [...models.keys()].join(', ');
    for (const [i, variant] of body.variants.entries())
      if (!models.has(variant.model))
        throw badRequest(
          `variants.${i}.model: "${variant.model}" is not configured for text generation (configured: ${known()})`,
        );
    for (const [i, scorer] of body.scorers.entries()) {
      if (scorer.type === 'judge' && !models.has(scorer.model))
        throw badRequest(
          `scorers.${i}.model: "${scorer.model}" is not configured for text generation (configured: ${known()})`,
        );
      if (scorer.type === 'regex') {
        const pattern = compilePattern(scorer);
        if (typeof pattern === 'string')
          throw badRequest(`scorers.${i}.pattern: not a regular expression: ${pattern}`);
      }
      if (
        scorer.type === 'length' &&
        scorer.min !== undefined &&
        scorer.max !== undefined &&
        scorer.min > scorer.max
      )
        throw badRequest(`scorers.${i}: min is more than max`);
    }
    if (body.cases.offset + body.cases.limit > Number.MAX_SAFE_INTEGER)
      throw badRequest('cases.offset: too large');
    const dataset = await this.datasets.get(actor, body.cases.datasetId);
    const columns = new Set(dataset.columns.map((c) => c.name));
    const hasColumn = (name: string, at: string) => {
      if (!columns.has(name)) throw badRequest(`${at}: the dataset has no column "${name}"`);
    };
    for (const [i, variant] of body.variants.entries())
      for (const name of placeholders(variant.template))
        if (name !== 'system' && !Object.hasOwn(body.mapping, name))
          throw badRequest(
            `mapping: the placeholder \${${name}} of variants.${i}.template is mapped to no column`,
          );
    for (const [name, column] of Object.entries(body.mapping)) hasColumn(column, `mapping.${name}`);
    if (body.expectedColumn !== undefined) hasColumn(body.expectedColumn, 'expectedColumn');
    if (body.cases.filter) hasColumn(body.cases.filter.column, 'cases.filter.column');

    const names = [
      ...new Set([
        ...Object.values(body.mapping),
        ...(body.expectedColumn !== undefined ? [body.expectedColumn] : []),
      ]),
    ];
    const rows = await this.#readCases(actor, body, names);
    if (rows.length === 0)
      throw badRequest(
        `cases: the dataset has no rows ${body.cases.filter ? 'matching the filter ' : ''}from row ${body.cases.offset}`,
      );
    const position = new Map(names.map((name, i) => [name, i]));
    const cases = rows.map((row) => ({
      inputs: Object.fromEntries(
        Object.entries(body.mapping).map(([placeholder, column]) => [
          placeholder,
          textOf(row[position.get(column)!]),
        ]),
      ),
      expected:
        body.expectedColumn !== undefined ? textOf(row[position.get(body.expectedColumn)!]) : null,
    }));
    for (const [k, testCase] of cases.entries())
      for (const [v, variant] of body.variants.entries()) {
        const length = promptLength(variant.template, testCase.inputs, variant.system ?? '');
        if (length + (variant.system?.length ?? 0) > MAX_PROMPT_CHARS)
          throw badRequest(`case ${k}, variants.${v}: ${promptTooLong(length).message}`);
      }
    return { dataset, cases, models };
  }

  /**
   * The rows of the cases, the columns `names` of each: a range of positions, or of the rows
   * whose filter column matches, read through the datasets service as the actor.
   */
  async #readCases(actor: Actor, body: ExperimentSettings, names: string[]): Promise<Cell[][]> {
    const { offset, limit, filter } = body.cases;
    return this.datasets.readRows(actor, body.cases.datasetId, { names, offset, limit, filter });
  }

  /** What a create of `body` would run: its calls and tokens, counted and not run. */
  async estimate(actor: Actor, body: ExperimentSettings): Promise<ExperimentEstimate> {
    const { cases, models } = await this.#prepare(actor, body);
    let inputTokens = 0;
    for (const variant of body.variants) {
      const apart = models.get(variant.model) === 'openai-compatible';
      const system = variant.system ?? '';
      const systemTokens = apart && system ? await this.generation.countTokens(actor, system) : 0;
      for (const testCase of cases) {
        const prompt = variant.template.replace(/\$\{([A-Za-z_][\w.-]*)\}/g, (_, name: string) =>
          Object.hasOwn(testCase.inputs, name) ? testCase.inputs[name]! : system,
        );
        inputTokens += systemTokens + (await this.generation.countTokens(actor, prompt));
      }
    }
    const calls = cases.length * body.variants.length;
    const judges = body.scorers.filter((s) => s.type === 'judge').length;
    const maxOutputTokens =
      cases.length *
        body.variants.reduce((sum, v) => sum + (v.maxTokens ?? BUILT_IN_MAX_TOKENS), 0) +
      calls * judges * JUDGE_MAX_TOKENS;
    return { cases: cases.length, calls, judgeCalls: calls * judges, inputTokens, maxOutputTokens };
  }

  /** A new experiment, its cases read now and its run queued. */
  async create(actor: Actor, body: ExperimentSettings): Promise<Experiment> {
    const { dataset, cases } = await this.#prepare(actor, body);
    const id = randomUUID();
    const jobId = await this.db.transaction(async (tx) => {
      await insertExperiment(tx, {
        id,
        name: body.name,
        promptName: body.promptName,
        owner: actor.userId,
        datasetId: dataset.id,
        datasetName: dataset.name,
        cases: body.cases,
        mapping: body.mapping,
        expectedColumn: body.expectedColumn ?? null,
        variants: body.variants,
        scorers: body.scorers,
        concurrency: body.concurrency,
      });
      await insertCases(tx, id, cases, body.variants.length);
      await recordEvent(
        tx,
        actor.userId,
        'experiment.created',
        { type: 'experiment', id, name: body.name },
        created({
          dataset: dataset.id,
          cases: cases.length,
          models: body.variants.map((v) => v.model),
          scorers: body.scorers.map((s) => s.type),
        }),
      );
      const job: ExperimentJob = { experimentId: id, userId: actor.userId };
      return this.queue.enqueue(tx, EXPERIMENT_RUN_JOB, { ...job });
    });
    this.queue.start(jobId);
    return this.get(actor, id);
  }

  async get(actor: Actor, id: string): Promise<Experiment> {
    const row = await this.#open(actor, id, 'read');
    return toExperiment(row, await this.#totals(row));
  }

  /** The actor's experiments (an Admin's: every one), the newest first. */
  async list(
    actor: Actor,
    filter: { state?: ExperimentState; limit?: number; offset?: number } = {},
  ): Promise<Experiment[]> {
    const principal = await this.principals.of(actor);
    const limit = Math.min(filter.limit ?? EXPERIMENTS_PAGE, MAX_EXPERIMENTS_PAGE);
    const rows = await listExperiments(this.db, experimentScope(principal), {
      state: filter.state,
      limit,
      offset: filter.offset ?? 0,
    });
    const live = rows.filter((r) => !(r.summary && r.progress && ended(r.state)));
    const totals = await variantTotals(
      this.db,
      live.map((r) => r.id),
    );
    return rows.map((r) => toExperiment(r, totals.get(r.id) ?? r.summary ?? []));
  }

  /** A page of cases with every variant's cell, sorted and filtered by one variant's scores. */
  async results(
    actor: Actor,
    id: string,
    query: Partial<ResultsQuery> = {},
  ): Promise<ExperimentResults> {
    const row = await this.#open(actor, id, 'read');
    const q: ResultsQuery = {
      offset: query.offset ?? 0,
      limit: Math.min(query.limit ?? 50, EXPERIMENT_LIMITS.page),
      variant: query.variant ?? 0,
      scorer: query.scorer ?? 0,
      sort: query.sort ?? 'case',
      direction: query.direction ?? 'asc',
      minScore: query.minScore,
      maxScore: query.maxScore,
      states: query.states,
    };
    if (q.variant >= row.variants.length)
      throw badRequest(`variant: the experiment has ${row.variants.length} variants (from 0)`);
    if (
      (q.sort === 'score' || q.minScore !== undefined || q.maxScore !== undefined) &&
      q.scorer >= row.scorers.length
    )
      throw badRequest(`scorer: the experiment has ${row.scorers.length} scorers (from 0)`);
    const page = await resultsPage(this.db, id, q);
    const cells = await cellsOf(
      this.db,
      id,
      page.cases.map((c) => c.case_index),
    );
    return {
      total: page.total,
      offset: q.offset,
      cases: page.cases.map((c) =>
        toCase(
          c,
          cells.filter((cell) => cell.case_index === c.case_index),
        ),
      ),
    };
  }

  /**
   * The results as CSV, one row per case: its inputs, expected value, and per variant its output
   * and each score. Read a page of cases at a time as the answer is sent.
   */
  async resultsCsv(
    actor: Actor,
    id: string,
  ): Promise<{ name: string; rows: AsyncIterable<string[]> }> {
    const row = await this.#open(actor, id, 'read');
    const inputs = Object.keys(row.mapping);
    const variants = variantLabels(row.variants);
    const scorers = scorerLabels(row.scorers);
    const head = [
      'case',
      ...inputs,
      'expected',
      ...variants.flatMap((v) => [`${v} output`, ...scorers.map((s) => `${v} ${s}`)]),
    ];
    const rowsOf = (cases: CaseWithCells[]) =>
      cases.map(({ testCase, cells }) => [
        String(testCase.case_index),
        ...inputs.map((name) => testCase.inputs[name] ?? ''),
        testCase.expected ?? '',
        ...row.variants.flatMap((_, v) => {
          const cell = cells.find((c) => c.variant === v);
          return [
            cell?.output ?? '',
            ...row.scorers.map((_, s) =>
              cell?.scores[s] === undefined ? '' : String(cell.scores[s]),
            ),
          ];
        }),
      ]);
    const table = (from: number) => this.#table(id, from, EXPERIMENT_LIMITS.page);
    return {
      name: row.name,
      rows: (async function* () {
        yield head;
        for (let from = 0; ; from += EXPERIMENT_LIMITS.page) {
          const page = await table(from);
          for (const r of rowsOf(page)) yield r;
          if (page.length < EXPERIMENT_LIMITS.page) return;
        }
      })(),
    };
  }

  /** Cases `from` .. `from + count` with their cells. */
  async #table(id: string, from: number, count: number): Promise<CaseWithCells[]> {
    const page = await resultsPage(this.db, id, {
      offset: from,
      limit: count,
      variant: 0,
      scorer: 0,
      sort: 'case',
      direction: 'asc',
    });
    const cells = await cellsOf(
      this.db,
      id,
      page.cases.map((c) => c.case_index),
    );
    return page.cases.map((testCase) => ({
      testCase,
      cells: cells.filter((c) => c.case_index === testCase.case_index),
    }));
  }

  /** Stops what is queued; what finished is kept. 409 once it has ended. */
  async cancel(actor: Actor, id: string): Promise<Experiment> {
    const row = await this.#open(actor, id, 'cancel');
    const cancelled = await this.db.transaction(async (tx) => {
      if (!(await cancelExperiment(tx, id))) return false;
      const totals = (await variantTotals(tx, [id])).get(id) ?? [];
      await keepTotals(tx, id, totals, progressOf(totals));
      await recordEvent(tx, actor.userId, 'experiment.cancelled', {
        type: 'experiment',
        id,
        name: row.name,
      });
      return true;
    });
    if (!cancelled)
      throw conflict(`Experiment ${id} is ${row.state}: only a queued or running one is cancelled`);
    this.#running.get(id)?.abort();
    return this.get(actor, id);
  }

  /** Runs one cell again alone, once the experiment has ended; it then ends again. */
  async rerunCell(
    actor: Actor,
    id: string,
    caseIndex: number,
    variant: number,
  ): Promise<Experiment> {
    const row = await this.#open(actor, id, 'rerun');
    if (!ended(row.state))
      throw conflict(`Experiment ${id} is ${row.state}: a cell runs again once it has ended`);
    const jobId = await this.db.transaction(async (tx) => {
      if (!(await requeueCell(tx, id, caseIndex, variant))) return undefined;
      const job: ExperimentJob = { experimentId: id, userId: row.owner };
      return this.queue.enqueue(tx, EXPERIMENT_RUN_JOB, { ...job });
    });
    if (!jobId) {
      const now = await findExperiment(this.db, id);
      if (now && !ended(now.state))
        throw conflict(`Experiment ${id} is ${now.state}: a cell runs again once it has ended`);
      throw notFound(`Experiment ${id} has no cell for case ${caseIndex} and variant ${variant}`);
    }
    this.queue.start(jobId);
    return this.get(actor, id);
  }

  /**
   * The results as a dataset's rows: a new dataset the actor owns (`name`), or a new version
   * (REPLACE) of one they may change (`datasetId`). One row per case: case, each input,
   * expected, and per variant its output, latency (ms), tokens and each score.
   */
  async saveAsDataset(actor: Actor, id: string, body: SaveExperimentBody) {
    const row = await this.#open(actor, id, 'save');
    const target =
      'datasetId' in body
        ? (await this.datasets.open(actor, body.datasetId, 'edit')).dataset
        : undefined;
    const inputs = Object.keys(row.mapping);
    const variants = variantLabels(row.variants);
    const scorers = scorerLabels(row.scorers);
    const columns = columnsFrom([
      { name: 'case', type: 'LONG' },
      ...inputs.map((name) => ({ name, type: 'STRING' })),
      { name: 'expected', type: 'STRING' },
      ...variants.flatMap((v) => [
        { name: `${v} output`, type: 'STRING' },
        { name: `${v} latency ms`, type: 'LONG' },
        { name: `${v} tokens`, type: 'LONG' },
        ...scorers.map((s) => ({ name: `${v} ${s}`, type: 'DOUBLE' })),
      ]),
    ]);
    const rows: Cell[][] = [];
    for (let from = 0; ; from += EXPERIMENT_LIMITS.page) {
      const page = await this.#table(id, from, EXPERIMENT_LIMITS.page);
      for (const { testCase, cells } of page)
        rows.push([
          testCase.case_index,
          ...inputs.map((name) => testCase.inputs[name] ?? null),
          testCase.expected,
          ...row.variants.flatMap((_, v) => {
            const cell = cells.find((c) => c.variant === v);
            const tokens =
              cell?.input_tokens == null ? null : cell.input_tokens + (cell.output_tokens ?? 0);
            return [
              cell?.output ?? null,
              cell?.latency_ms ?? null,
              tokens,
              ...row.scorers.map((_, s) => cell?.scores[s] ?? null),
            ];
          }),
        ]);
      if (page.length < EXPERIMENT_LIMITS.page) break;
    }
    const name = target ? target.name : (body as { name: string }).name;
    const datasetId = await this.db.transaction(async (tx) => {
      const datasetId =
        target?.id ??
        (await createDataset(tx, {
          name,
          description: `Results of experiment ${row.name}`,
          owner: actor.userId,
          columns,
        }));
      await replaceRows(tx, datasetId, columns, rows);
      await recordEvent(
        tx,
        actor.userId,
        'experiment.saved-as-dataset',
        { type: 'experiment', id, name: row.name },
        created({ dataset: datasetId, rows: rows.length, newDataset: !target }),
      );
      return datasetId;
    });
    return { datasetId, name, rows: rows.length };
  }

  /**
   * The job's work, as the experiment's owner: its pending cells (those a stopped run left
   * RUNNING again among them) run at its concurrency, then it ends: SUCCESS, or FAILED when no
   * cell succeeded and one failed. A cancel ends it where it is.
   */
  async run(actor: Actor, id: string, lease: Lease): Promise<void> {
    const row = await this.#open(actor, id, 'read');
    if (actor.userId !== row.owner) throw experimentNotFound(id);
    if (!(await markRunning(this.db, id))) return;
    await resetRunningCells(this.db, id);
    const cells = await pendingCells(this.db, id);
    const cases = new Map((await casesOf(this.db, id)).map((c) => [c.case_index, c]));
    const providers = new Map(
      (await this.generation.models(actor)).map((m) => [m.id, m.provider] as const),
    );
    const abort = new AbortController();
    this.#running.set(id, abort);
    try {
      await runCells({
        db: this.db,
        generation: this.generation,
        actor,
        experiment: row,
        providers,
        cases,
        cells,
        signal: AbortSignal.any([lease.signal, abort.signal]),
      });
    } finally {
      this.#running.delete(id);
    }
    if (lease.signal.aborted) throw lease.lost();
    await this.db.transaction(async (tx) => {
      await lease.hold(tx);
      const totals = (await variantTotals(tx, [id])).get(id) ?? [];
      const progress = progressOf(totals);
      const failedAll = progress.done === 0 && progress.failed > 0;
      let error: string | null = null;
      if (failedAll) {
        error = `every call failed; the first: ${(await firstCellError(tx, id)) ?? 'no reason'}`;
      }
      await finishExperiment(tx, id, {
        state: failedAll ? 'FAILED' : 'SUCCESS',
        error,
        summary: totals,
        progress,
      });
    });
  }

  /** The job failed as a whole (its attempts were spent): the experiment says why. */
  async fail(actor: Actor, id: string, reason: string, tx: Parameters<typeof failExperiment>[0]) {
    const row = await findExperiment(tx, id);
    if (!row || row.owner !== actor.userId) throw experimentNotFound(id);
    await failExperiment(tx, id, reason.slice(0, 1000));
  }
}
