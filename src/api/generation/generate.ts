import { useMutation, useQueryClient } from '@tanstack/react-query';
import { textGenerationResponse, type TextGenerationBody } from '../contract/generation';
import { request } from '../http';
import { generationKeys } from './keys';
import { GENERATION_PATH, type TimedGeneration } from './path';
import { streamText } from './stream';

export { GENERATION_PATH, type TimedGeneration } from './path';

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
  /** Given: the answer is asked for as a stream, and each piece is handed here as it comes. */
  onDelta?: (text: string) => void;
}

/** A run of the playground: the session's history is read again afterwards. */
export const useGenerateText = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, signal, onDelta }: GenerateInput) =>
      onDelta ? streamText(body, { signal, onDelta }) : generateText(body, signal),
    onSuccess: ({ answer }) =>
      queryClient.invalidateQueries({ queryKey: generationKeys.session(answer.sessionId) }),
  });
};
