import { describe, expect, it } from 'vitest';
import { holds, parseCreate, ReferenceError, resolve, runInput } from './definition';

const ctx = {
  input: { n: 3, who: 'ada', nested: { list: [{ id: 'x' }] } },
  outputs: { q: { count: 0, documents: [{ id: 'd1' }] }, 'with-dash': 'text' },
};

describe('references', () => {
  it('keep the value of a whole-string reference and write others into the text', () => {
    expect(resolve('${input.n}', ctx)).toBe(3);
    expect(resolve('${input}', ctx)).toBe(ctx.input);
    expect(resolve('${steps.q.output}', ctx)).toEqual(ctx.outputs.q);
    expect(resolve('${input.nested.list.0.id}', ctx)).toBe('x');
    expect(resolve('n is ${input.n}, q has ${steps.q.output.count}', ctx)).toBe('n is 3, q has 0');
    expect(resolve('${steps.with-dash.output}!', ctx)).toBe('text!');
    expect(resolve('docs: ${steps.q.output.documents}', ctx)).toBe('docs: [{"id":"d1"}]');
    expect(resolve({ a: ['${input.who}', 1, null], b: { c: '${input.n}' } }, ctx)).toEqual({
      a: ['ada', 1, null],
      b: { c: 3 },
    });
    expect(resolve('no $ {refs} ${here', ctx)).toBe('no $ {refs} ${here');
  });

  it('leave ${input} and other names to a prompt template (dottedOnly)', () => {
    expect(resolve('Hi ${input} from ${input.who} in ${place}', ctx, { dottedOnly: true })).toBe(
      'Hi ${input} from ada in ${place}',
    );
  });

  it('name a missing value', () => {
    expect(() => resolve('${input.missing}', ctx)).toThrow(ReferenceError);
    expect(() => resolve('${steps.later.output}', ctx)).toThrow(/step later has no output/);
  });
});

describe('fail conditions', () => {
  it('compare resolved values', () => {
    expect(holds(undefined, ctx)).toBe(true);
    expect(holds({ value: '${steps.q.output.count}', op: 'eq', to: 0 }, ctx)).toBe(true);
    expect(holds({ value: '${input.n}', op: 'gt', to: 2 }, ctx)).toBe(true);
    expect(holds({ value: '${input.n}', op: 'lte', to: 2 }, ctx)).toBe(false);
    expect(holds({ value: '${input.who}', op: 'ne', to: 'bob' }, ctx)).toBe(true);
    expect(holds({ value: '${input.nope}', op: 'missing' }, ctx)).toBe(true);
    expect(holds({ value: '${input.who}', op: 'exists' }, ctx)).toBe(true);
    expect(holds({ value: '${input.n}', op: 'eq', to: '${input.n}' }, ctx)).toBe(true);
  });
});

describe('definitions and inputs', () => {
  it('refuse a reference to a later step and take one to an earlier one', () => {
    const steps = [
      { id: 'a', type: 'transform', name: 'A', set: { x: 1 } },
      { id: 'b', type: 'notify', name: 'B', to: 't', message: '${steps.a.output.x}' },
    ];
    expect(parseCreate({ name: 'ok', definition: { steps } }).definition.steps).toHaveLength(2);
    expect(() => parseCreate({ name: 'bad', definition: { steps: [...steps].reverse() } })).toThrow(
      /definition\.steps\[0\]\.message: .*"a", which is not an earlier step/,
    );
    expect(() =>
      parseCreate({
        name: 'bad',
        definition: { steps: [{ ...steps[0], from: 'zzz' }] },
      }),
    ).toThrow(/definition\.steps\[0\]\.from: "zzz" is not an earlier step/);
    expect(() =>
      parseCreate({
        name: 'bad',
        definition: {
          steps: [
            { id: 'q', type: 'documents.query', name: 'Q', collectionId: 'c', orderby: 'a b c' },
          ],
        },
      }),
    ).toThrow(/definition\.steps\[0\]\.orderby: bad orderby/);
  });

  it('fill defaults and check the declared inputs of a run', () => {
    const definition = parseCreate({
      name: 'inputs',
      definition: {
        inputs: [
          { name: 'a', type: 'number', required: true },
          { name: 'b', type: 'string', default: 'B' },
          { name: 'c', type: 'json' },
        ],
        steps: [{ id: 's', type: 'wait', name: 'S', seconds: 0 }],
      },
    }).definition;
    expect(runInput(definition, { a: 1, extra: true })).toEqual({ a: 1, b: 'B', extra: true });
    expect(() => runInput(definition, {})).toThrow(/input\.a: required \(number\)/);
    expect(() => runInput(definition, { a: '1' })).toThrow(/input\.a: expected a number/);
    expect(() =>
      parseCreate({
        name: 'bad default',
        definition: {
          inputs: [{ name: 'a', type: 'number', default: 'x' }],
          steps: [{ id: 's', type: 'wait', name: 'S', seconds: 0 }],
        },
      }),
    ).toThrow(/definition\.inputs\[0\]\.default: not a number/);
  });
});
