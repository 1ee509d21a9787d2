/** What a provider is asked and answers (providers.ts and each provider's module share it). */
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

/** Told as a streamed generation goes: once the model took the request, then each piece of output. */
export interface GenerationListener {
  started: () => void;
  delta: (text: string) => void;
}
