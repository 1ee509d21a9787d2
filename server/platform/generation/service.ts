import { randomUUID } from 'node:crypto';
import type { TextGenerationBody, TextGenerationResponse } from '../../../src/api/contract';
import type { PlatformDeps } from '../core/context';
import { DEFAULT_SYSTEM_MESSAGE, modelFor } from './models';
import { generate } from './providers';
import type { GenerationListener } from './request';
import { recordRun } from './sessions';
import { formatPrompt } from './template';

export interface TextGeneration {
  answer: TextGenerationResponse;
  /** The model's own time. */
  durationMs: number;
}

/**
 * One text generation for `userId` (4.11): the model, the template and its parameters, the
 * prompt's bounds, the model's answer, and the run kept with its session. The plain and the
 * streamed answer both come from here; a listener is told each piece as it is generated.
 */
export async function runTextGeneration(
  { db, generation }: Pick<PlatformDeps, 'db' | 'generation'>,
  userId: number,
  request: TextGenerationBody,
  signal: AbortSignal,
  listener?: GenerationListener,
): Promise<TextGeneration> {
  const model = modelFor(generation, request.model);
  const template =
    request.promptTemplate === undefined
      ? model.defaultTemplate
      : typeof request.promptTemplate === 'string'
        ? request.promptTemplate
        : request.promptTemplate.template;
  const system = request.system ?? DEFAULT_SYSTEM_MESSAGE;
  // Rule 3: a model that takes a system message gets it apart, whatever the template holds.
  const prompt = formatPrompt(template, {
    input: request.input,
    system,
    parameters: request.parameters ?? {},
  });
  const started = performance.now();
  const result = await generate(
    generation,
    model,
    {
      prompt,
      system: model.systemPrompt ? system : undefined,
      temperature: request.temperature,
      maxTokens: request.maxTokens,
      responseFormat: request.responseFormat,
      reasoningConfig: request.reasoningConfig,
      modelConfiguration: request.modelConfiguration,
    },
    signal,
    listener,
  );
  const durationMs = performance.now() - started;
  const sessionId = request.sessionId ?? randomUUID();
  const answer: TextGenerationResponse = {
    prompt,
    output: result.outputs[0]!,
    modelId: model.id,
    sessionId,
    choices: result.outputs.map((output) => ({ output })),
    usage: result.usage,
    isCustomerModel: false,
  };
  await recordRun(db, {
    sessionId,
    userId,
    modelId: model.id,
    durationMs,
    request,
    response: answer,
  });
  return { answer, durationMs };
}
