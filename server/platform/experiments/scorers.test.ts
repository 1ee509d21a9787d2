import { describe, expect, it } from 'vitest';
import { EXPERIMENT_LIMITS } from '../../../src/api/contract';
import { judgePrompt, judgeScore, ruleScore, schemaProblems, type ScoreInput } from './scorers';

const input = (output: string, expected: string | null = null): ScoreInput => ({
  output,
  expected,
  inputs: { question: 'q' },
});

describe('exactMatch', () => {
  it('passes the expected value, white space around it aside', async () => {
    const scorer = { type: 'exactMatch', caseSensitive: true } as const;
    expect((await ruleScore(scorer, input(' Paris\n', 'Paris'))).score).toBe(1);
    expect(await ruleScore(scorer, input('paris', 'Paris'))).toEqual({
      score: 0,
      reason: 'the answer is not "Paris"',
    });
    expect(
      (await ruleScore({ ...scorer, caseSensitive: false }, input('paris', 'Paris'))).score,
    ).toBe(1);
    expect((await ruleScore(scorer, input('Paris', null))).reason).toMatch(/no expected value/);
  });
});

describe('contains', () => {
  it('looks for its value, else the expected one', async () => {
    const scorer = { type: 'contains', caseSensitive: true } as const;
    expect((await ruleScore(scorer, input('It is Paris.', 'Paris'))).score).toBe(1);
    expect((await ruleScore(scorer, input('It is Lyon.', 'Paris'))).score).toBe(0);
    expect(
      (await ruleScore({ ...scorer, value: 'Lyon' }, input('It is Lyon.', 'Paris'))).score,
    ).toBe(1);
    expect(
      (await ruleScore({ ...scorer, value: 'LYON', caseSensitive: false }, input('lyon', null)))
        .score,
    ).toBe(1);
  });
});

describe('regex', () => {
  it('passes a match with its flags', async () => {
    expect((await ruleScore({ type: 'regex', pattern: '^\\d+$' }, input('123'))).score).toBe(1);
    expect(
      (await ruleScore({ type: 'regex', pattern: '^abc$', flags: 'i' }, input('ABC'))).score,
    ).toBe(1);
    expect(await ruleScore({ type: 'regex', pattern: '^\\d+$' }, input('12a'))).toEqual({
      score: 0,
      reason: 'no match for /^\\d+$/',
    });
  });

  it('stops a pattern that backtracks without end, and the event loop turns meanwhile', async () => {
    const started = performance.now();
    // The longest the event loop went without a turn while the pattern ran.
    let last = performance.now();
    let longestGap = 0;
    const ticks = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 5);
    const score = await ruleScore(
      { type: 'regex', pattern: '^(a+)+$' },
      input(`${'a'.repeat(EXPERIMENT_LIMITS.outputChars - 1)}!`),
    ).finally(() => clearInterval(ticks));
    expect(score.score).toBe(0);
    expect(score.reason).toMatch(/ran longer than 100 ms/);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(200);
    expect(took).toBeLessThan(5000);
    // Its two tries of 100 ms ran elsewhere: here they would hold the loop 200 ms at once.
    expect(longestGap).toBeLessThan(150);
  });

  it('names a pattern the engine refuses', async () => {
    const refused = await ruleScore({ type: 'regex', pattern: '(' }, input('x'));
    expect(refused.score).toBe(0);
    expect(refused.reason).toMatch(/^not a regular expression: /);
  });
});

describe('validJson and jsonSchema', () => {
  it('passes JSON only', async () => {
    expect((await ruleScore({ type: 'validJson' }, input(' {"a": 1} '))).score).toBe(1);
    expect((await ruleScore({ type: 'validJson' }, input('{a: 1}'))).reason).toMatch(/^not JSON/);
  });

  it('checks type, required, properties, items and enum', async () => {
    const schema = {
      type: 'object',
      required: ['name', 'tags'],
      properties: {
        name: { type: 'string' },
        size: { enum: ['S', 'M'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    const scorer = { type: 'jsonSchema', schema } as const;
    expect((await ruleScore(scorer, input('{"name":"x","tags":["a"],"size":"S"}'))).score).toBe(1);
    const wrong = await ruleScore(scorer, input('{"tags":["a",2],"size":"L"}'));
    expect(wrong.score).toBe(0);
    expect(wrong.reason).toBe(
      '$.name: required; $.tags[1]: expected string, got integer; $.size: expected one of "S", "M"',
    );
    expect(schemaProblems(3, { type: 'number' })).toEqual([]);
    expect((await ruleScore(scorer, input('not json'))).reason).toMatch(/^not JSON/);
  });
});

describe('length', () => {
  it('passes an answer within its bounds, in characters', async () => {
    expect((await ruleScore({ type: 'length', min: 2, max: 4 }, input('abcd'))).score).toBe(1);
    expect((await ruleScore({ type: 'length', min: 2 }, input('a'))).reason).toBe(
      '1 characters, fewer than 2',
    );
    expect((await ruleScore({ type: 'length', max: 2 }, input('😀😀😀'))).reason).toBe(
      '3 characters, more than 2',
    );
  });
});

describe('the judge', () => {
  it('asks with the rubric, inputs, expected value and answer', () => {
    const prompt = judgePrompt('Is it polite?', input('Hello ${x}', 'Hi'));
    expect(prompt).toContain('Rubric:\nIs it polite?');
    expect(prompt).toContain('Inputs:\nquestion: q');
    expect(prompt).toContain('Expected answer:\nHi');
    expect(prompt).toContain('Answer to grade:\nHello ${x}');
  });

  it('reads a score from JSON, fenced or among prose', () => {
    expect(judgeScore('{"score": 0.8, "reason": "good"}')).toEqual({ score: 0.8, reason: 'good' });
    expect(judgeScore('```json\n{"score": 1, "reason": "ok"}\n```')).toEqual({
      score: 1,
      reason: 'ok',
    });
    expect(judgeScore('Sure! {"score": "0.5", "reason": "half"} Hope it helps')).toEqual({
      score: 0.5,
      reason: 'half',
    });
  });

  it('scores 0 an answer that is not a score', () => {
    for (const answer of ['great answer', '{"score": 7}', '{"grade": 1}', ''])
      expect(judgeScore(answer)).toMatchObject({
        score: 0,
        reason: expect.stringMatching(/^the judge's answer was not a score: /) as string,
      });
  });
});
