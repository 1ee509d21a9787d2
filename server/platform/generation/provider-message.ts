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
