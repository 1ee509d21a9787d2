import type { GenerationConfig } from '../../config';
import { boundedPromptTokens } from './limits';
import type { ModelInfo } from './models';
import { openaiCompatible } from './openai-compatible';
import type { GenerationRequest, GenerationResult } from './request';
import { countTokensAsync, firstTokensAsync } from './token-thread';

export const BUILT_IN_MAX_TOKENS = 512;

const wantsJson = (format: Record<string, unknown> | undefined) =>
  format?.type === 'json_object' || format?.type === 'json_schema';

/**
 * The built-in development model: no language model at all. It answers with the formatted prompt
 * it received (so templates, parameters, sessions and usage can be tried on a fresh machine),
 * cut to `maxTokens`; as JSON (`{"echo": ...}`) when a JSON response format is asked for.
 */
async function templateEcho(
  request: GenerationRequest,
  inputTokens: number,
): Promise<GenerationResult> {
  const max = request.maxTokens ?? BUILT_IN_MAX_TOKENS;
  let output: string;
  if (wantsJson(request.responseFormat)) {
    const cut = (await firstTokensAsync(request.prompt, Math.max(1, max - 8))).text;
    output = JSON.stringify({ echo: cut, promptTokens: inputTokens });
  } else {
    output = (await firstTokensAsync(request.prompt, max)).text;
  }
  const outputTokens = await countTokensAsync(output);
  return {
    outputs: [output],
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
  };
}

/**
 * Every generation goes through here (the route, a workflow step): the prompt is bounded
 * (limits.ts) and counted off the event loop before any model sees it.
 */
export async function generate(
  config: GenerationConfig,
  model: ModelInfo,
  request: GenerationRequest,
  signal: AbortSignal,
): Promise<GenerationResult> {
  const promptTokens = await boundedPromptTokens(request.prompt, request.system);
  if (model.provider === 'built-in') return templateEcho(request, promptTokens);
  return openaiCompatible(config, model, request, signal, promptTokens);
}
