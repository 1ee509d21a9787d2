import { describe, expect, it } from 'vitest';
import { StepFailure } from './errors';
import { jsonBytesOver } from './output';
import { ExpansionBudget, resolve } from './references';

const ctx = { input: { s: 'x'.repeat(1000), n: 1 }, outputs: { q: { list: [1, 2] } } };

describe('the expansion budget', () => {
  it('stops a setting that repeats a reference before the text is built', () => {
    const budget = new ExpansionBudget(10_000);
    expect(() => resolve('${input.s}'.repeat(11), ctx, { budget })).toThrow(StepFailure);
    expect(() =>
      resolve('${input.s}'.repeat(11), ctx, { budget: new ExpansionBudget(10_000) }),
    ).toThrow(/more than 10,000 characters/);
    // Within the budget, shared across the calls of one step.
    const shared = new ExpansionBudget(2500);
    expect(resolve({ a: '${input.s}', b: ['${steps.q.output}'] }, ctx, { budget: shared })).toEqual(
      {
        a: ctx.input.s,
        b: [{ list: [1, 2] }],
      },
    );
    expect(() => resolve('${input.s}${input.s}', ctx, { budget: shared })).toThrow(StepFailure);
  });
});

describe('jsonBytesOver', () => {
  it('measures as JSON.stringify does, without building it', () => {
    const values: unknown[] = [
      null,
      'é"\n',
      [1, undefined, 'a', { b: undefined, c: [true, false, null] }],
      { when: new Date(0), n: -1.5, nested: { k: ['x', { y: 2 }] } },
    ];
    for (const value of values) {
      const size = Buffer.byteLength(JSON.stringify(value));
      expect(jsonBytesOver(value, size), JSON.stringify(value)).toBe(false);
      expect(jsonBytesOver(value, size - 1), JSON.stringify(value)).toBe(true);
    }
  });
});
