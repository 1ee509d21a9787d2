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
