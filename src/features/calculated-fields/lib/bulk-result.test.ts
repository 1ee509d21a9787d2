import { describe, expect, it } from 'vitest';
import { mergeRetry, summarize } from './bulk-result';

const a = { id: 1, name: 'A' };
const b = { id: 2, name: 'B' };
const c = { id: 3, name: 'C' };
const field = (f: typeof a) => ({ ...f }) as never;

describe('bulk results', () => {
  it('splits outcomes into succeeded and failed with the reason', () => {
    const summary = summarize(
      [
        { item: a, ok: true, value: field(a) },
        { item: b, ok: false, error: new Error('Conflict') },
        { item: c, ok: false, error: 'odd' },
      ],
      true,
    );
    expect(summary.succeeded).toEqual([a]);
    expect(summary.failed).toEqual([
      { field: b, reason: 'Conflict' },
      { field: c, reason: 'The platform refused the change' },
    ]);
  });

  it('a retry moves fields that now succeed out of the failures', () => {
    const first = summarize(
      [
        { item: a, ok: true, value: field(a) },
        { item: b, ok: false, error: new Error('x') },
        { item: c, ok: false, error: new Error('y') },
      ],
      false,
    );
    const retry = summarize(
      [
        { item: b, ok: true, value: field(b) },
        { item: c, ok: false, error: new Error('still y') },
      ],
      false,
    );
    expect(mergeRetry(first, retry)).toEqual({
      locked: false,
      succeeded: [a, b],
      failed: [{ field: c, reason: 'still y' }],
    });
  });
});
