import { z } from 'zod';

/** 4.11; `promptTemplate` is a string per the spec, or `{template}` as public examples send. */
export const promptTemplate = z.union([z.string(), z.object({ template: z.string() })]);
export const textGenerationBody = z.object({
  input: z.string(),
  sessionId: z.string().optional(),
  promptTemplate: promptTemplate.optional(),
  parameters: z.record(z.string(), z.string()).optional(),
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
