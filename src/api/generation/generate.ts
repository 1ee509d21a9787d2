import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  textGenerationResponse,
  type TextGenerationBody,
  type TextGenerationResponse,
} from '../contract/generation';
import { request } from '../http';
import { generationKeys } from './keys';

export const GENERATION_PATH = '/api/ai/v1/text/generation';

export interface TimedGeneration {
  answer: TextGenerationResponse;
  /** From sending to the parsed answer, as the user waits for it. */
  latencyMs: number;
}

/** 4.11 Text Generation. */
export async function generateText(
  body: TextGenerationBody,
  signal?: AbortSignal,
): Promise<TimedGeneration> {
  const started = performance.now();
  const answer = await request({
    method: 'POST',
    path: GENERATION_PATH,
    body,
    schema: textGenerationResponse,
    signal,
  });
  return { answer, latencyMs: performance.now() - started };
}

export interface GenerateInput {
  body: TextGenerationBody;
  signal?: AbortSignal;
}

/** A run of the playground: the session's history is read again afterwards. */
export const useGenerateText = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, signal }: GenerateInput) => generateText(body, signal),
    onSuccess: ({ answer }) =>
      queryClient.invalidateQueries({ queryKey: generationKeys.session(answer.sessionId) }),
  });
};
