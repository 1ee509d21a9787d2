import '../../zod-config';
import { z } from 'zod';
import { isoDateTime, userIdInt } from './common';

const isoDateTimeOrNull = z.string().min(1).nullable();
import { GENERATION_LIMITS } from './generation';

/**
 * Prompt experiments (embedded platform, docs/platform-gaps.md): one prompt run over a dataset's
 * rows, up to four variants side by side, each answer scored. Paths under `/api/ai/v1/experiments`.
 */
export const EXPERIMENT_LIMITS = {
  /** Cases (dataset rows) of one experiment. */
  cases: 1_000,
  variants: 4,
  scorers: 8,
  name: 200,
  /** Characters of one answer kept per cell; the rest is cut and the cell says so. */
  outputChars: 20_000,
  rubric: 10_000,
  pattern: 1_000,
  /** Calls in flight to one provider at once. */
  concurrency: 16,
  /** A page of results. */
  page: 200,
} as const;

export const experimentStates = ['QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export const experimentState = z.enum(experimentStates);
export type ExperimentState = z.infer<typeof experimentState>;
export const cellStates = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export const cellState = z.enum(cellStates);
export type CellState = z.infer<typeof cellState>;

/**
 * A scorer gives each answer a score from 0 to 1 (1: passes). Those that compare take the
 * expected column's value (`exactMatch`, `contains` without `value`).
 */
export const experimentScorer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('exactMatch'), caseSensitive: z.boolean().default(true) }),
  z.object({
    type: z.literal('contains'),
    /** Absent: the expected value. */
    value: z.string().max(EXPERIMENT_LIMITS.pattern).optional(),
    caseSensitive: z.boolean().default(true),
  }),
  z.object({
    type: z.literal('regex'),
    pattern: z.string().min(1).max(EXPERIMENT_LIMITS.pattern),
    flags: z
      .string()
      .regex(/^[imsu]*$/, 'flags are i, m, s or u')
      .max(4)
      .optional(),
  }),
  z.object({ type: z.literal('validJson') }),
  z.object({
    type: z.literal('jsonSchema'),
    schema: z.record(z.string(), z.unknown()),
  }),
  z.object({
    type: z.literal('length'),
    min: z.number().int().min(0).optional(),
    max: z.number().int().min(0).optional(),
  }),
  z.object({
    type: z.literal('judge'),
    /** A model of `GET /api/ai/v1/models`. */
    model: z.string().min(1).max(200),
    rubric: z.string().trim().min(1, 'a rubric is required').max(EXPERIMENT_LIMITS.rubric),
  }),
]);
export type ExperimentScorer = z.infer<typeof experimentScorer>;
export type ExperimentScorerType = ExperimentScorer['type'];

/** A model × a prompt version × parameters. */
export const experimentVariant = z.object({
  /** Shown as the matrix's column head; defaults to "model · prompt version". */
  name: z.string().trim().max(EXPERIMENT_LIMITS.name).optional(),
  model: z.string().min(1).max(200),
  /** Which version of the prompt the template is ("draft", "v3", a save date); a label only. */
  promptVersion: z.string().max(EXPERIMENT_LIMITS.name).optional(),
  template: z.string().min(1).max(GENERATION_LIMITS.template),
  system: z.string().max(GENERATION_LIMITS.input).optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(32_768).optional(),
  responseFormat: z.record(z.string(), z.unknown()).optional(),
});
export type ExperimentVariant = z.infer<typeof experimentVariant>;

/** The cases: rows of a dataset, a range of positions or the rows matching a filter. */
export const experimentCases = z.object({
  datasetId: z.string().min(1),
  /** The first row (0-based) of the range. */
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(EXPERIMENT_LIMITS.cases).default(100),
  /** Rows whose column equals / contains the value (text compared); applied before the range. */
  filter: z
    .object({
      column: z.string().min(1),
      operator: z.enum(['EQUALS', 'CONTAINS']),
      value: z.string().max(EXPERIMENT_LIMITS.pattern),
    })
    .optional(),
});
export type ExperimentCases = z.infer<typeof experimentCases>;

export const createExperimentBody = z.object({
  name: z.string().trim().min(1, 'a name is required').max(EXPERIMENT_LIMITS.name),
  /** The saved prompt's name ("draft" when none); a label for the list. */
  promptName: z.string().trim().max(EXPERIMENT_LIMITS.name).default('draft'),
  cases: experimentCases,
  /** Placeholder → column. A placeholder of the template without one is refused (400). */
  mapping: z.record(z.string().max(128), z.string().max(1_000)),
  /** The column holding each case's expected answer, for the scorers that compare. */
  expectedColumn: z.string().max(1_000).optional(),
  variants: z
    .array(experimentVariant)
    .min(1, 'at least one variant')
    .max(EXPERIMENT_LIMITS.variants, `at most ${EXPERIMENT_LIMITS.variants} variants`),
  scorers: z
    .array(experimentScorer)
    .max(EXPERIMENT_LIMITS.scorers, `at most ${EXPERIMENT_LIMITS.scorers} scorers`)
    .default([]),
  concurrency: z.number().int().min(1).max(EXPERIMENT_LIMITS.concurrency).default(8),
});
export type CreateExperimentBody = z.input<typeof createExperimentBody>;

/** What a run will do, before it runs (`POST …/experiments/estimate`, the create body). */
export const experimentEstimate = z.object({
  cases: z.number().int(),
  /** Generation calls: cases × variants. */
  calls: z.number().int(),
  /** Judge calls: generation calls × judge scorers. */
  judgeCalls: z.number().int(),
  /** Prompt tokens of every call, counted with the platform's tokenizer. */
  inputTokens: z.number().int(),
  /** The most output tokens: each call's max tokens (or the model's default). */
  maxOutputTokens: z.number().int(),
});
export type ExperimentEstimate = z.infer<typeof experimentEstimate>;

export const experimentProgress = z.object({
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});

/** Per variant: mean score per scorer (null: no scored cell), pass rate, latency and tokens. */
export const variantSummary = z.object({
  variant: z.number().int(),
  meanScores: z.array(z.number().nullable()),
  /** Cells whose every score is 1, of the finished cells (null: none finished). */
  passRate: z.number().nullable(),
  p50LatencyMs: z.number().nullable(),
  p95LatencyMs: z.number().nullable(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});
export type VariantSummary = z.infer<typeof variantSummary>;

export const experiment = z.object({
  id: z.string(),
  name: z.string(),
  promptName: z.string(),
  state: experimentState,
  datasetId: z.string(),
  /** The dataset's name when the experiment was created. */
  datasetName: z.string(),
  cases: experimentCases,
  mapping: z.record(z.string(), z.string()),
  expectedColumn: z.string().nullable(),
  variants: z.array(experimentVariant),
  scorers: z.array(experimentScorer),
  concurrency: z.number().int(),
  owner: userIdInt,
  ownerName: z.string(),
  createdAt: isoDateTime,
  startedAt: isoDateTimeOrNull,
  finishedAt: isoDateTimeOrNull,
  /** Why it failed as a whole (the cases could not be read, …); a cell's error is its own. */
  error: z.string().nullable(),
  progress: experimentProgress,
  summary: z.array(variantSummary),
});
export type Experiment = z.infer<typeof experiment>;
export const experimentList = z.array(experiment);

export const cellScore = z.object({
  scorer: z.number().int(),
  score: z.number().min(0).max(1),
  /** The judge's reason, or what a rule found ("no match for /…/"). */
  reason: z.string().nullable(),
});
export const experimentCell = z.object({
  variant: z.number().int(),
  state: cellState,
  output: z.string().nullable(),
  /** The answer was longer than EXPERIMENT_LIMITS.outputChars and was cut. */
  truncated: z.boolean(),
  error: z.string().nullable(),
  scores: z.array(cellScore),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  attempts: z.number().int(),
});
export type ExperimentCell = z.infer<typeof experimentCell>;
export const experimentCase = z.object({
  /** 0-based position among the experiment's cases. */
  index: z.number().int(),
  /** The mapped columns' values (placeholder → text). */
  inputs: z.record(z.string(), z.string()),
  expected: z.string().nullable(),
  cells: z.array(experimentCell),
});
export type ExperimentCase = z.infer<typeof experimentCase>;
/**
 * `GET …/experiments/{id}/results?offset&limit&variant&scorer&sort=case|score&direction=asc|desc
 * &minScore&maxScore&state`: cases paged; `sort=score` and the score bounds apply to the named
 * variant's score of the named scorer; `state` keeps cases whose cell of `variant` is in it.
 */
export const experimentResults = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  cases: z.array(experimentCase),
});
export type ExperimentResults = z.infer<typeof experimentResults>;

/** `POST …/experiments/{id}/dataset`: a new dataset (name) or a new version of one (datasetId). */
export const saveExperimentBody = z.union([
  z.object({ name: z.string().trim().min(1).max(EXPERIMENT_LIMITS.name) }),
  z.object({ datasetId: z.string().min(1) }),
]);
export type SaveExperimentBody = z.infer<typeof saveExperimentBody>;
export const savedExperimentDataset = z.object({
  datasetId: z.string(),
  name: z.string(),
  rows: z.number().int(),
});
