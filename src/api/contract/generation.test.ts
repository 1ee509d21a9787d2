import { describe, expect, it } from 'vitest';
import { textGenerationBody, textGenerationResponse } from './generation';

const answer = {
  prompt: 'Summarise: sales rose',
  output: 'Sales went up.',
  modelId: 'default-model',
  sessionId: 'sess-1',
  choices: [{ output: 'Sales went up.' }],
  usage: { inputTokens: 6, outputTokens: 4, totalTokens: 10 },
  isCustomerModel: false,
};

describe('2.8 Text generation', () => {
  it('reads the answer', () => {
    expect(textGenerationResponse.parse(answer)).toEqual(answer);
  });

  it('rejects an answer without output', () => {
    const { output: _omitted, ...wrong } = answer;
    expect(textGenerationResponse.safeParse(wrong).success).toBe(false);
  });

  it('accepts promptTemplate as a string or as {template}', () => {
    expect(textGenerationBody.safeParse({ input: 'x', promptTemplate: '${input}' }).success).toBe(
      true,
    );
    expect(
      textGenerationBody.safeParse({ input: 'x', promptTemplate: { template: '${input}' } })
        .success,
    ).toBe(true);
  });
});
