import '../../zod-config';
import { z } from 'zod';
import { jsonObject } from './common';
import { createExperimentBody } from './experiments';

/**
 * Workflows (gaps.md "Workflows"). A definition is `{inputs?, steps}`: typed steps run
 * in order. Any string setting of a step may hold references, resolved when the step starts:
 *
 * - `${input}` the whole run input, `${input.name}` (or `${input.a.b.0}`) a part of it;
 * - `${steps.<stepId>.output}` an earlier step's output, `${steps.<stepId>.output.a.b}` a part.
 *
 * A string that is exactly one reference takes the referenced value as it is (number, object…);
 * a reference inside a longer string is written into it (objects as JSON). A reference to a step
 * that does not come earlier is a 400; to a missing value, a failed step naming it. In a
 * `generate` step's `promptTemplate`, only dotted references are the workflow's: `${input}` and
 * `${name}` stay the text-generation template's own placeholders (4.11), filled from the step's
 * `input` and `parameters`.
 */
export const WORKFLOW_LIMITS = {
  steps: 50,
  inputs: 50,
  /** Seconds one `wait` step may wait. */
  waitSeconds: 3600,
  /** Seconds an `export`, `stream.run` or `http` step waits for its work. */
  stepTimeoutSeconds: 600,
  httpTimeoutSeconds: 60,
  httpRetries: 5,
  /** Bytes of a definition and of a run input, as JSON. */
  definitionBytes: 256 * 1024,
  inputBytes: 64 * 1024,
  queryLimit: 1000,
  runsPageSize: 500,
  logsPageSize: 1000,
} as const;

export const REFERENCE_PATTERN = /\$\{(input|steps\.[A-Za-z][\w-]*\.output)((?:\.[\w-]+)*)\}/g;

export const stepId = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]{0,63}$/,
    'a step id starts with a letter, then letters, digits, - or _ (at most 64)',
  );
const text = (max: number) => z.string().max(max, `at most ${max} characters`);
const stepBase = { id: stepId, name: z.string().trim().min(1, 'a step needs a name').max(200) };

export const generateStep = z.object({
  ...stepBase,
  type: z.literal('generate'),
  /** A 4.11 prompt template: `${input}` is the step's `input`, `${name}` one of `parameters`. */
  promptTemplate: text(20_000).min(1, 'a prompt template is required'),
  input: text(100_000).optional(),
  parameters: z.record(z.string(), z.string()).optional(),
  /** Default: the platform's default model (`local.template-echo` when nothing is configured). */
  model: z.string().max(200).optional(),
  maxTokens: z.number().int().min(1).max(100_000).optional(),
});

/**
 * Starts a prompt experiment as the run's user (`experiment`: the create body of
 * `POST /api/ai/v1/experiments`) and waits for it to end; fails when it FAILED. Output
 * `{experimentId, state, summary}`.
 */
export const experimentRunStep = z.object({
  ...stepBase,
  type: z.literal('experiment.run'),
  experiment: createExperimentBody,
  timeoutSeconds: z.number().int().min(1).max(WORKFLOW_LIMITS.stepTimeoutSeconds).optional(),
});

export const documentsCreateStep = z.object({
  ...stepBase,
  type: z.literal('documents.create'),
  collectionId: z.string().min(1, 'a collection id is required').max(200),
  /** The new document's content. */
  document: jsonObject,
});

export const documentsQueryStep = z.object({
  ...stepBase,
  type: z.literal('documents.query'),
  collectionId: z.string().min(1, 'a collection id is required').max(200),
  /** The document-store filter (4.2), e.g. `{"content.status": {"$ne": "open"}}`. */
  filter: z.optional(jsonObject),
  /** `content.field ascending|descending`, comma-separated. */
  orderby: z.string().max(500).optional(),
  limit: z.number().int().min(1).max(WORKFLOW_LIMITS.queryLimit).optional(),
});

export const exportStep = z.object({
  ...stepBase,
  type: z.literal('export'),
  datasetId: z.string().min(1, 'a dataset id is required').max(200),
  /** Default `workflows`. */
  bucket: z.string().max(63).optional(),
  path: z.string().max(512).optional(),
  compression: z.enum(['none', 'gzip']).optional(),
  timeoutSeconds: z.number().int().min(1).max(WORKFLOW_LIMITS.stepTimeoutSeconds).optional(),
});

export const streamRunStep = z.object({
  ...stepBase,
  type: z.literal('stream.run'),
  streamId: z.union([z.number().int().positive(), z.string().min(1).max(200)]),
  timeoutSeconds: z.number().int().min(1).max(WORKFLOW_LIMITS.stepTimeoutSeconds).optional(),
});

export const transformStep = z.object({
  ...stepBase,
  type: z.literal('transform'),
  /** An earlier step whose output is transformed; default the run input. */
  from: stepId.optional(),
  /** Keys kept (of the object, or of each item when the source is a list or `{documents}`). */
  select: z.array(z.string().min(1).max(200)).max(200).optional(),
  /** Keys set on the result; values may hold references. */
  set: z.record(z.string(), z.unknown()).optional(),
  /** Keys the source must have (not null, not ""), or the step fails naming them. */
  require: z.array(z.string().min(1).max(200)).max(200).optional(),
});

export const waitStep = z.object({
  ...stepBase,
  type: z.literal('wait'),
  seconds: z
    .number({ error: 'a whole number of seconds is required' })
    .int('a whole number of seconds')
    .min(0, 'at least 0')
    .max(WORKFLOW_LIMITS.waitSeconds, `at most ${WORKFLOW_LIMITS.waitSeconds} seconds`),
});

export const notifyStep = z.object({
  ...stepBase,
  type: z.literal('notify'),
  channel: z.enum(['email', 'chat', 'pager']).optional(),
  to: z.string().trim().min(1, 'a recipient is required').max(500),
  subject: text(500).optional(),
  message: text(20_000).min(1, 'a message is required'),
});

export const conditionOps = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'exists', 'missing'] as const;
/** `{value: "${steps.q.output.count}", op: "eq", to: 0}`: compares after references are resolved. */
export const stepCondition = z.object({
  value: z.unknown(),
  op: z.enum(conditionOps),
  to: z.unknown().optional(),
});
export type StepCondition = z.infer<typeof stepCondition>;

export const failStep = z.object({
  ...stepBase,
  type: z.literal('fail'),
  /** Default: always. */
  when: stepCondition.optional(),
  message: text(2000).min(1, 'a message is required'),
});

export const httpStep = z.object({
  ...stepBase,
  type: z.literal('http'),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** An absolute http(s) URL whose host is in WORKFLOWS_HTTP_ALLOWED_HOSTS (default: none). */
  url: z.string().min(1, 'a URL is required').max(2000),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
  timeoutSeconds: z.number().int().min(1).max(WORKFLOW_LIMITS.httpTimeoutSeconds).optional(),
  retries: z.number().int().min(0).max(WORKFLOW_LIMITS.httpRetries).optional(),
});

export const workflowStep = z.discriminatedUnion('type', [
  generateStep,
  experimentRunStep,
  documentsCreateStep,
  documentsQueryStep,
  exportStep,
  streamRunStep,
  transformStep,
  waitStep,
  notifyStep,
  failStep,
  httpStep,
]);
export type WorkflowStep = z.infer<typeof workflowStep>;
export type WorkflowStepType = WorkflowStep['type'];
export const workflowStepTypes = workflowStep.options.map<WorkflowStepType>(
  (o) => o.shape.type.value,
);

export const workflowInput = z.object({
  name: z.string().regex(/^[A-Za-z_][\w-]{0,63}$/, 'a name of letters, digits, - or _'),
  type: z.enum(['string', 'number', 'boolean', 'json']),
  required: z.boolean().optional(),
  description: z.string().max(1000).optional(),
  default: z.unknown().optional(),
});
export type WorkflowInput = z.infer<typeof workflowInput>;

/**
 * The definition. Keys other than `inputs` and `steps` (such as a `trigger` note) are kept as
 * given. Checked again by the platform: step ids once each, references to earlier steps only.
 */
export const workflowDefinition = z
  .object({
    inputs: z.array(workflowInput).max(WORKFLOW_LIMITS.inputs).optional(),
    steps: z
      .array(workflowStep)
      .min(1, 'a workflow needs at least one step')
      .max(WORKFLOW_LIMITS.steps, `at most ${WORKFLOW_LIMITS.steps} steps`),
  })
  .catchall(z.unknown());
export type WorkflowDefinition = z.infer<typeof workflowDefinition>;
