import { setTimeout as sleep } from 'node:timers/promises';
import type { GenerationConfig } from '../../config';
import { PlatformError } from '../core/errors';
import { boundedPromptTokens } from './limits';
import type { ModelInfo } from './models';
import { openaiCompatible } from './openai-compatible';
import type { GenerationListener, GenerationRequest, GenerationResult } from './request';
import { countTokensAsync, firstTokensAsync } from './token-thread';

export const BUILT_IN_MAX_TOKENS = 512;
/** A streamed answer of the built-in model comes in at most this many pieces, this far apart. */
export const BUILT_IN_STREAM_PIECES = 16;
export const BUILT_IN_STREAM_GAP_MS = 80;

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
 * The built-in model streams too, so that a fresh machine shows an answer growing: its output
 * in word-aligned pieces, a short pause apart (it has no real generation time to show).
 */
async function streamPieces(output: string, listener: GenerationListener, signal: AbortSignal) {
  const words = output.match(/\s*\S+\s*/g) ?? [output];
  const size = Math.ceil(words.length / BUILT_IN_STREAM_PIECES);
  for (let at = 0; at < words.length; at += size) {
    if (at > 0) {
      try {
        await sleep(BUILT_IN_STREAM_GAP_MS, undefined, { signal });
      } catch {
        throw new PlatformError(400, 'the request was cancelled');
      }
    }
    listener.delta(words.slice(at, at + size).join(''));
  }
}

/**
 * Every generation goes through here (the route, a workflow step): the prompt is bounded
 * (limits.ts) and counted off the event loop before any model sees it. With a listener the
 * answer is also handed on piece by piece as it is generated (the route's streamed answer).
 */
export async function generate(
  config: GenerationConfig,
  model: ModelInfo,
  request: GenerationRequest,
  signal: AbortSignal,
  listener?: GenerationListener,
): Promise<GenerationResult> {
  const promptTokens = await boundedPromptTokens(request.prompt, request.system);
  if (model.provider === 'openai-compatible')
    return openaiCompatible(config, model, request, signal, promptTokens, listener);
  const result = await templateEcho(request, promptTokens);
  if (listener) {
    listener.started();
    await streamPieces(result.outputs[0]!, listener, signal);
  }
  return result;
}
