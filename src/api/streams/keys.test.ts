import { describe, expect, it } from 'vitest';
import { streamKeys } from './keys';

describe('streamKeys', () => {
  it('keys a numeric id and its text as the same entry', () => {
    expect(streamKeys.detail(7)).toEqual(streamKeys.detail('7'));
    expect(streamKeys.execution(7, 42)).toEqual(streamKeys.execution('7', '42'));
  });

  it('puts a stream’s executions under its detail key', () => {
    expect(streamKeys.execution(7, 42).slice(0, 3)).toEqual(streamKeys.detail(7));
    expect(streamKeys.executions(7).slice(0, 3)).toEqual(streamKeys.detail(7));
  });
});
