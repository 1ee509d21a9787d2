import '../../zod-config';
import { z } from 'zod';

/** 4.11; `promptTemplate` is a string per the spec, or `{template}` as public examples send. */
export const promptTemplate = z.union([
  z.string().max(100_000),
  z.object({ template: z.string().max(100_000) }),
]);
/** Bounds of one request: beyond them a 400 names the limit (no request may stall the platform). */
export const GENERATION_LIMITS = {
  input: 200_000,
  template: 100_000,
  parameters: 200,
  parameterValue: 100_000,
} as const;

export const generationSessionId = z
  .string()
  .regex(/^[\w.-]{1,128}$/, 'letters, digits, dot, dash or underscore, at most 128');

export const textGenerationBody = z.object({
  input: z.string().max(GENERATION_LIMITS.input),
  sessionId: generationSessionId.optional(),
  promptTemplate: promptTemplate.optional(),
  parameters: z
    .record(z.string().max(128), z.string().max(GENERATION_LIMITS.parameterValue))
    .refine((p) => Object.keys(p).length <= GENERATION_LIMITS.parameters, {
      message: `at most ${GENERATION_LIMITS.parameters} parameters`,
    })
    .optional(),
  model: z.string().optional(),
  modelConfiguration: z.record(z.string(), z.unknown()).optional(),
  system: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(32_768).optional(),
  responseFormat: z.record(z.string(), z.unknown()).optional(),
  reasoningConfig: z.record(z.string(), z.unknown()).optional(),
});
export type TextGenerationBody = z.infer<typeof textGenerationBody>;

/**
 * The other text services (public paths `/api/ai/v1/text/sql`, `/summarize`, `/beastmode`):
 * the text generation request and its answer, with what each task adds. Enumerations take the
 * public names or the vendor client's numbers (its enums are numeric).
 */
export const AI_TASK_LIMITS = {
  schemas: 50,
  columns: 1_000,
  name: 1_000,
  chatMessages: 200,
} as const;
const aiColumn = z.object({
  name: z.string().min(1).max(AI_TASK_LIMITS.name),
  type: z.string().max(100),
  description: z.string().max(GENERATION_LIMITS.parameterValue).nullish(),
});
export const dataSourceSchema = z.object({
  dataSourceName: z.string().max(AI_TASK_LIMITS.name),
  description: z.string().max(GENERATION_LIMITS.parameterValue).nullish(),
  columns: z.array(aiColumn).max(AI_TASK_LIMITS.columns),
});
export type DataSourceSchema = z.infer<typeof dataSourceSchema>;
const chatRoles = ['USER', 'ASSISTANT'] as const;
const chatMessage = z.object({
  role: z.union([
    z.enum(chatRoles),
    z.enum(['user', 'assistant']).transform((r) => r.toUpperCase() as (typeof chatRoles)[number]),
    z.union([z.literal(0), z.literal(1)]).transform((n) => chatRoles[n]),
  ]),
  content: z.string().max(GENERATION_LIMITS.input),
});
/** The conversation before this request; one message is taken as a list of one. */
const chatContext = z
  .union([chatMessage, z.array(chatMessage).max(AI_TASK_LIMITS.chatMessages)])
  .transform((c) => (Array.isArray(c) ? c : [c]));
export const summaryStyles = ['BULLETED', 'NUMBERED', 'PARAGRAPH'] as const;
export type SummaryStyle = (typeof summaryStyles)[number];

export const textToSqlBody = textGenerationBody.extend({
  dataSourceSchemas: z.array(dataSourceSchema).max(AI_TASK_LIMITS.schemas).optional(),
});
export type TextToSqlBody = z.infer<typeof textToSqlBody>;
export const textToBeastModeBody = textGenerationBody.extend({
  dataSourceSchema: dataSourceSchema.optional(),
  chatContext: chatContext.optional(),
});
export type TextToBeastModeBody = z.infer<typeof textToBeastModeBody>;
export const textSummarizeBody = textGenerationBody.extend({
  chatContext: chatContext.optional(),
  /** Accepted and kept; the whole input goes in one prompt, within the prompt's bounds. */
  chunkingConfiguration: z.record(z.string(), z.unknown()).optional(),
  outputStyle: z
    .union([
      z.enum(summaryStyles),
      z.union([z.literal(0), z.literal(1), z.literal(2)]).transform((n) => summaryStyles[n]),
    ])
    .optional(),
  outputWordLength: z
    .object({
      min: z.number().int().min(1).max(100_000).optional(),
      max: z.number().int().min(1).max(100_000).optional(),
    })
    .refine((b) => b.min === undefined || b.max === undefined || b.min <= b.max, {
      message: 'min is more than max',
    })
    .optional(),
});
export type TextSummarizeBody = z.infer<typeof textSummarizeBody>;
export const textGenerationResponse = z.object({
  prompt: z.string(),
  output: z.string(),
  modelId: z.string(),
  sessionId: z.string(),
  choices: z.array(z.object({ output: z.string() })),
  usage: z.object({
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    totalTokens: z.number().int(),
  }),
  isCustomerModel: z.boolean(),
});
export type TextGenerationResponse = z.infer<typeof textGenerationResponse>;
export const generationModel = z.object({
  id: z.string(),
  name: z.string(),
  default: z.boolean(),
  provider: z.string(),
});
export const generationModels = z.array(generationModel);
export type GenerationModel = z.infer<typeof generationModel>;

/** One request of a session, as kept by the platform (docs/platform-gaps.md). */
export const generationRun = z.object({
  seq: z.number().int(),
  at: z.string(),
  modelId: z.string(),
  durationMs: z.number().int(),
  request: textGenerationBody,
  response: textGenerationResponse,
});
export type GenerationRun = z.infer<typeof generationRun>;
export const generationSession = z.object({
  sessionId: z.string(),
  runs: z.array(generationRun),
});
export type GenerationSession = z.infer<typeof generationSession>;
export const generationSessionSummary = z.object({
  sessionId: z.string(),
  runCount: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  lastModelId: z.string(),
});
export const generationSessionList = z.array(generationSessionSummary);
export type GenerationSessionSummary = z.infer<typeof generationSessionSummary>;

/**
 * A streamed generation (embedded platform, docs/platform-gaps.md): the same request with
 * `Accept: text/event-stream` answers server-sent events: `delta` pieces of the output in order,
 * then `done` with the very answer the plain request gives, or `error` with the area's body.
 */
export const GENERATION_EVENT_STREAM = 'text/event-stream';
export const textGenerationDelta = z.object({ text: z.string() });
export type TextGenerationDelta = z.infer<typeof textGenerationDelta>;
export const textGenerationStreamError = z.object({
  message: z.string(),
  /** The status the plain request would have answered with. */
  status: z.number().int(),
});
export type TextGenerationStreamError = z.infer<typeof textGenerationStreamError>;
