import type { TextGenerationResponse } from '../contract/generation';

export const GENERATION_PATH = '/api/ai/v1/text/generation';

export interface TimedGeneration {
  answer: TextGenerationResponse;
  /** From sending to the parsed answer, as the user waits for it. */
  latencyMs: number;
}
