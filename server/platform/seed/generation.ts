import { z } from 'zod';
import {
  generationSessionId,
  textGenerationBody,
  userIdInt,
  type TextGenerationBody,
  type TextGenerationResponse,
} from '../../../src/api/contract';
import { BUILT_IN_MODEL, DEFAULT_SYSTEM_MESSAGE } from '../generation/models';
import { BUILT_IN_MAX_TOKENS } from '../generation/providers';
import { formatPrompt } from '../generation/template';
import { countTokensAsync, firstTokensAsync } from '../generation/token-thread';
import type { Queryable } from '../store';
import { readData } from './load';

/**
 * `data/generation.json`: requests of a sample playground session (as `POST /api/ai/v1/text/generation`
 * takes them), answered by the built-in model as it would; the user is Ada Admin, whose token the console uses.
 */
const sample = readData(
  'generation.json',
  z.strictObject({
    sessionId: generationSessionId,
    user: userIdInt,
    runs: z.array(textGenerationBody.strict()),
  }),
);
export const SAMPLE_SESSION_ID = sample.sessionId;
export const sampleGenerationRuns: TextGenerationBody[] = sample.runs;

async function answer(request: TextGenerationBody): Promise<TextGenerationResponse> {
  const template =
    typeof request.promptTemplate === 'string'
      ? request.promptTemplate
      : (request.promptTemplate?.template ?? '${input}');
  const prompt = formatPrompt(template, {
    input: request.input,
    system: request.system ?? DEFAULT_SYSTEM_MESSAGE,
    parameters: request.parameters ?? {},
  });
  const output = (await firstTokensAsync(prompt, request.maxTokens ?? BUILT_IN_MAX_TOKENS)).text;
  const inputTokens = await countTokensAsync(prompt);
  const outputTokens = await countTokensAsync(output);
  return {
    prompt,
    output,
    modelId: BUILT_IN_MODEL,
    sessionId: SAMPLE_SESSION_ID,
    choices: [{ output }],
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    isCustomerModel: false,
  };
}

export async function seedGenerationSessions(tx: Queryable) {
  for (const [i, request] of sampleGenerationRuns.entries()) {
    await tx.query(
      `INSERT INTO generation_runs (session_id, seq, user_id, created_at, model_id, duration_ms, request, response)
       VALUES ($1, $2, $3, now() - make_interval(mins => $4), $5, $6, $7::jsonb, $8::jsonb)`,
      [
        SAMPLE_SESSION_ID,
        i + 1,
        sample.user,
        (sampleGenerationRuns.length - i) * 5,
        BUILT_IN_MODEL,
        3,
        JSON.stringify({ ...request, sessionId: SAMPLE_SESSION_ID }),
        JSON.stringify(await answer(request)),
      ],
    );
  }
}
