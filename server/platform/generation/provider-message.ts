import { PlatformError } from '../core/errors';

/** An OpenAI-compatible chat completion, as far as the platform reads it. */
export interface ChatCompletion {
  choices?: Array<{ message?: { content?: string | null } }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

/** At most this much of a provider's own message is relayed. */
export const MAX_RELAYED_CHARS = 500;

/** The message of a provider's error body, in the shapes OpenAI-compatible servers send. */
export function providerMessage(body: unknown): string {
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

/** Sizes in messages: `4 MiB`. */
export const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;

/** The most a provider's retry-after is taken at its word: a longer wait is not waited. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/**
 * A provider's 429: what it said, and the seconds its `retry-after` asked for (undefined when it
 * sent none, or one that cannot be read), so that work which retries (experiments) waits as long.
 */
export class ProviderRateLimited extends PlatformError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(429, message);
  }
}

/** `retry-after` as seconds: a number of seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim().slice(0, 40);
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : (Date.parse(text) - now) / 1000;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(0, seconds), MAX_RETRY_AFTER_SECONDS);
}
