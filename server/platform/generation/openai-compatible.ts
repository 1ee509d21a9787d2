import type { GenerationConfig } from '../../config';
import { PlatformError } from '../core/errors';
import { readAtMost } from '../core/validate';
import { MAX_PROVIDER_ANSWER_BYTES } from './limits';
import type { ModelInfo } from './models';
import { readCompletionStream } from './openai-stream';
import type { GenerationListener, GenerationRequest, GenerationResult } from './request';
import {
  mib,
  MAX_RELAYED_CHARS,
  providerMessage,
  ProviderRateLimited,
  retryAfterSeconds,
  type ChatCompletion,
} from './provider-message';
import { redactText } from '../core/redact';
import { countTokensAsync } from './token-thread';

const tooLarge = () =>
  new PlatformError(
    502,
    `the model provider's answer is larger than ${mib(MAX_PROVIDER_ANSWER_BYTES)}, the limit: it was not read`,
  );

/** The answer's body, read up to MAX_PROVIDER_ANSWER_BYTES: a huge answer never fills memory. */
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
  const why = redactText(providerMessage(parsed).slice(0, MAX_RELAYED_CHARS), key);
  if (res.status === 429) {
    const retry = retryAfterSeconds(res.headers.get('retry-after'));
    return new ProviderRateLimited(
      `the model provider is rate limiting requests${retry !== undefined ? `; retry after ${Math.ceil(retry)} s` : ''}: ${why}`,
      retry,
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

/** What the provider said, as the platform's answer: its usage when it sent one, else counted. */
export async function completionResult(
  outputs: string[],
  usage: ChatCompletion['usage'] | undefined,
  promptTokens: number,
): Promise<GenerationResult> {
  if (outputs.length === 0)
    throw new PlatformError(502, 'the model provider answered without a choice');
  const inputTokens = usage?.prompt_tokens ?? promptTokens;
  const outputTokens = usage?.completion_tokens ?? (await countTokensAsync(outputs[0]!));
  return {
    outputs,
    usage: {
      inputTokens,
      outputTokens,
      totalTokens: usage?.total_tokens ?? inputTokens + outputTokens,
    },
  };
}

const isEventStream = (res: Response) =>
  res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';

/**
 * Any server speaking OpenAI's chat-completions protocol (Ollama, llama.cpp, vLLM, hosted). The
 * timeout covers the whole exchange, body included; what the provider says is relayed without the
 * key or anything shaped like one. With a listener, the answer is asked for as a stream
 * (`stream: true`) and each piece of the first choice is handed on as it comes.
 */
export async function openaiCompatible(
  config: GenerationConfig,
  model: ModelInfo,
  request: GenerationRequest,
  signal: AbortSignal,
  promptTokens: number,
  listener?: GenerationListener,
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
        accept: listener ? 'text/event-stream' : 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify(
        listener
          ? {
              stream_options: { include_usage: true },
              ...requestBody(model, request),
              stream: true,
            }
          : requestBody(model, request),
      ),
      signal: AbortSignal.any([signal, timeout]),
      redirect: 'error',
    });
    if (listener && res.ok && isEventStream(res)) {
      listener.started();
      const streamed = await readCompletionStream(res, listener.delta, key);
      return await completionResult(streamed.outputs, streamed.usage, promptTokens);
    }
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
      `the model provider cannot be reached${typeof code === 'string' ? ` (${redactText(code, key)})` : ''}`,
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
  const result = await completionResult(outputs, completion.usage, promptTokens);
  // A server that does not stream answers whole: the whole output is then its one piece.
  if (listener) {
    listener.started();
    listener.delta(result.outputs[0]!);
  }
  return result;
}
