import type { GenerationConfig } from '../../config';
import { PlatformError } from '../core/errors';
import { readAtMost } from '../core/validate';
import { MAX_PROVIDER_ANSWER_BYTES } from './limits';
import type { ModelInfo } from './models';
import type { GenerationRequest, GenerationResult } from './request';
import { redactSecrets } from './redact';
import { countTokensAsync } from './token-thread';

interface ChatCompletion {
  choices?: Array<{ message?: { content?: string | null } }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

/** At most this much of a provider's own message is relayed. */
const MAX_RELAYED_CHARS = 500;

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

const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
const tooLarge = () =>
  new PlatformError(
    502,
    `the model provider's answer is larger than ${mib(MAX_PROVIDER_ANSWER_BYTES)}, the limit: it was not read`,
  );

/** The answer's body, read up to MAX_PROVIDER_ANSWER_BYTES (a 60 MB answer took 2.5 GB). */
async function readBounded(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > MAX_PROVIDER_ANSWER_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const body = await readAtMost(res.body, MAX_PROVIDER_ANSWER_BYTES, tooLarge);
  return Buffer.from(body).toString('utf8');
}

function refusal(res: Response, parsed: unknown, key: string | undefined): PlatformError {
  const why = redactSecrets(providerMessage(parsed).slice(0, MAX_RELAYED_CHARS), key);
  if (res.status === 429) {
    const retry = res.headers.get('retry-after')?.slice(0, 20);
    return new PlatformError(
      429,
      `the model provider is rate limiting requests${retry ? `; retry after ${retry} s` : ''}: ${why}`,
    );
  }
  if (res.status === 401 || res.status === 403)
    return new PlatformError(
      502,
      `the model provider refused the platform's credentials (HTTP ${res.status}): ${why}`,
    );
  if (res.status >= 400 && res.status < 500)
    return new PlatformError(
      400,
      `the model provider refused the request (HTTP ${res.status}): ${why}`,
    );
  return new PlatformError(502, `the model provider failed (HTTP ${res.status}): ${why}`);
}

function requestBody(model: ModelInfo, request: GenerationRequest) {
  const messages = [
    ...(request.system !== undefined ? [{ role: 'system', content: request.system }] : []),
    { role: 'user', content: request.prompt },
  ];
  return {
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
}

/**
 * Any server speaking OpenAI's chat-completions protocol (Ollama, llama.cpp, vLLM, hosted). The
 * timeout covers the whole exchange, body included; what the provider says is relayed without the
 * key or anything shaped like one.
 */
export async function openaiCompatible(
  config: GenerationConfig,
  model: ModelInfo,
  request: GenerationRequest,
  signal: AbortSignal,
  promptTokens: number,
): Promise<GenerationResult> {
  const key = config.openaiApiKey;
  const timeout = AbortSignal.timeout(config.timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${config.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify(requestBody(model, request)),
      signal: AbortSignal.any([signal, timeout]),
      redirect: 'error',
    });
    text = await readBounded(res);
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    if (timeout.aborted)
      throw new PlatformError(
        504,
        `the model ${model.id} did not answer within ${config.timeoutMs / 1000} s`,
      );
    if (signal.aborted) throw new PlatformError(400, 'the request was cancelled');
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new PlatformError(
      502,
      `the model provider cannot be reached${typeof code === 'string' ? ` (${redactSecrets(code, key)})` : ''}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!res.ok) throw refusal(res, parsed, key);
  const completion = (parsed ?? {}) as ChatCompletion;
  const outputs = (Array.isArray(completion.choices) ? completion.choices : []).map((c) =>
    typeof c?.message?.content === 'string' ? c.message.content : '',
  );
  if (outputs.length === 0)
    throw new PlatformError(502, 'the model provider answered without a choice');
  const usage = completion.usage ?? {};
  const inputTokens = usage.prompt_tokens ?? promptTokens;
  const outputTokens = usage.completion_tokens ?? (await countTokensAsync(outputs[0]!));
  return {
    outputs,
    usage: {
      inputTokens,
      outputTokens,
      totalTokens: usage.total_tokens ?? inputTokens + outputTokens,
    },
  };
}
