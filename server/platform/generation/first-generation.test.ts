import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textGenerationResponse } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { generationPath, longestStall } from '../testing/provider';

// This file must not load the tokenizer itself: what it checks is the platform's first load. The
// sample data is seeded in a process of its own, as `npm start` does (seeding counts tokens).
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ seedIn: 'child' });
}, 180_000);
afterAll(() => platform?.close());

describe('the first generation since the platform started', () => {
  it('counts its tokens without holding the event loop while the tokenizer loads', async () => {
    const { result: res, stallMs } = await longestStall(() =>
      platform.api(generationPath, { method: 'POST', json: { input: 'Say hello.' } }),
    );
    expect(res.status).toBe(200);
    const answer = textGenerationResponse.parse(await res.json());
    expect(answer.usage.inputTokens).toBeGreaterThan(0);
    expect(answer.usage.outputTokens).toBeGreaterThan(0);
    // The tokenizer loads on a thread of its own; a busy machine may pause a little.
    expect(stallMs).toBeLessThan(200);
  });
});
