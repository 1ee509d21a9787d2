import type { GenerationConfig } from '../../config';
import { PlatformError } from '../core/errors';
import type { ModelInfo } from './models';
import { countTokens, firstTokens } from './tokens';

export interface GenerationRequest {
  prompt: string;
  /** For models that take it apart from the prompt. */
  system: string | undefined;
  temperature: number | undefined;
  maxTokens: number | undefined;
  responseFormat: Record<string, unknown> | undefined;
  reasoningConfig: Record<string, unknown> | undefined;
  modelConfiguration: Record<string, unknown> | undefined;
}

export interface GenerationResult {
  outputs: string[];
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
}

export const BUILT_IN_MAX_TOKENS = 512;

const wantsJson = (format: Record<string, unknown> | undefined) =>
  format?.type === 'json_object' || format?.type === 'json_schema';

/**
 * The built-in development model: no language model at all. It answers with the formatted prompt
 * it received (so templates, parameters, sessions and usage can be tried on a fresh machine),
 * cut to `maxTokens`; as JSON (`{"echo": ...}`) when a JSON response format is asked for.
 */
function templateEcho(request: GenerationRequest): GenerationResult {
  const max = request.maxTokens ?? BUILT_IN_MAX_TOKENS;
  const inputTokens = countTokens(request.prompt);
  let output: string;
  if (wantsJson(request.responseFormat)) {
    const cut = firstTokens(request.prompt, Math.max(1, max - 8)).text;
    output = JSON.stringify({ echo: cut, promptTokens: inputTokens });
  } else {
    output = firstTokens(request.prompt, max).text;
  }
  const outputTokens = countTokens(output);
  return {
    outputs: [output],
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
  };
}

interface ChatCompletion {
  choices?: Array<{ message?: { content?: string | null } }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  error?: { message?: string };
}

function providerMessage(body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const error = (body as { error?: unknown }).error;
    if (typeof error === 'string') return error;
    if (
      typeof error === 'object' &&
      error !== null &&
      typeof (error as { message?: unknown }).message === 'string'
    )
      return (error as { message: string }).message;
    if (typeof (body as { message?: unknown }).message === 'string')
      return (body as { message: string }).message;
  }
  return 'no message';
}

/** Any server speaking OpenAI's chat-completions protocol (Ollama, llama.cpp, vLLM, hosted). */
async function openaiCompatible(
  config: GenerationConfig,
  model: ModelInfo,
  request: GenerationRequest,
  signal: AbortSignal,
): Promise<GenerationResult> {
  const messages = [
    ...(request.system !== undefined ? [{ role: 'system', content: request.system }] : []),
    { role: 'user', content: request.prompt },
  ];
  const body: Record<string, unknown> = {
    ...request.modelConfiguration,
    model: model.id,
    messages,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.responseFormat ? { response_format: request.responseFormat } : {}),
    ...(typeof request.reasoningConfig?.effort === 'string'
      ? { reasoning_effort: request.reasoningConfig.effort }
      : {}),
  };
  const timeout = AbortSignal.timeout(config.timeoutMs);
  let res: Response;
  try {
    res = await fetch(`${config.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(config.openaiApiKey ? { authorization: `Bearer ${config.openaiApiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, timeout]),
      redirect: 'error',
    });
  } catch (error) {
    if (timeout.aborted)
      throw new PlatformError(
        504,
        `the model ${model.id} did not answer within ${config.timeoutMs / 1000} s`,
      );
    if (signal.aborted) throw new PlatformError(400, 'the request was cancelled');
    const code = (error as { cause?: { code?: string } }).cause?.code;
    throw new PlatformError(502, `the model provider cannot be reached${code ? ` (${code})` : ''}`);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const why = providerMessage(parsed);
    if (res.status === 429) {
      const retry = res.headers.get('retry-after');
      throw new PlatformError(
        429,
        `the model provider is rate limiting requests${retry ? `; retry after ${retry} s` : ''}: ${why}`,
      );
    }
    if (res.status === 401 || res.status === 403)
      throw new PlatformError(
        502,
        `the model provider refused the platform's credentials (HTTP ${res.status}): ${why}`,
      );
    if (res.status >= 400 && res.status < 500)
      throw new PlatformError(
        400,
        `the model provider refused the request (HTTP ${res.status}): ${why}`,
      );
    throw new PlatformError(502, `the model provider failed (HTTP ${res.status}): ${why}`);
  }
  const completion = (parsed ?? {}) as ChatCompletion;
  const outputs = (completion.choices ?? []).map((c) => c.message?.content ?? '');
  if (outputs.length === 0)
    throw new PlatformError(502, 'the model provider answered without a choice');
  const inputTokens =
    completion.usage?.prompt_tokens ?? countTokens((request.system ?? '') + request.prompt);
  const outputTokens = completion.usage?.completion_tokens ?? countTokens(outputs[0]!);
  return {
    outputs,
    usage: {
      inputTokens,
      outputTokens,
      totalTokens: completion.usage?.total_tokens ?? inputTokens + outputTokens,
    },
  };
}

export function generate(
  config: GenerationConfig,
  model: ModelInfo,
  request: GenerationRequest,
  signal: AbortSignal,
): Promise<GenerationResult> {
  if (model.provider === 'built-in') return Promise.resolve(templateEcho(request));
  return openaiCompatible(config, model, request, signal);
}
