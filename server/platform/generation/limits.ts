import { badRequest } from '../core/errors';
import { countTokensAsync } from './token-thread';

/**
 * What one generation may ask of the platform, whoever asks (the route, a workflow step): the
 * prompt is bounded before it is built (characters) and before it is sent (tokens: the largest
 * context of the models one runs, 128k); a provider's answer is read up to a size.
 */
export const MAX_PROMPT_CHARS = 400_000;
export const MAX_PROMPT_TOKENS = 128_000;
export const MAX_PROVIDER_ANSWER_BYTES = 4 * 1024 * 1024;

const n = (value: number) => value.toLocaleString('en-US');

export const promptTooLong = (chars: number) =>
  badRequest(
    `the prompt would be ${n(chars)} characters; the limit is ${n(MAX_PROMPT_CHARS)} characters`,
  );

/** The prompt's tokens (the system message's included), or a 400 naming the limit. */
export async function boundedPromptTokens(prompt: string, system = ''): Promise<number> {
  if (prompt.length + system.length > MAX_PROMPT_CHARS)
    throw promptTooLong(prompt.length + system.length);
  const tokens = (await countTokensAsync(system)) + (await countTokensAsync(prompt));
  if (tokens > MAX_PROMPT_TOKENS)
    throw badRequest(
      `the prompt is ${n(tokens)} tokens; the limit is ${n(MAX_PROMPT_TOKENS)} tokens`,
    );
  return tokens;
}
