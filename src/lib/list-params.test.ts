import { describe, expect, it } from 'vitest';
import { param, readParams, writeParams } from './list-params';

describe('list params', () => {
  const spec = { q: param.search(), page: param.page(), hidden: param.flag() };

  it('a view toggle is absent when off, keeps the page and replaces the history entry', () => {
    const at = new URLSearchParams('q=sales&page=3&tab=rows');
    expect(readParams(spec, at)).toEqual({ q: 'sales', page: 2, hidden: false });
    const on = writeParams(spec, at, { hidden: true });
    expect(on.next.toString()).toBe('q=sales&page=3&tab=rows&hidden=true');
    expect(on.replace).toBe(true);
    const off = writeParams(spec, on.next, { hidden: false });
    expect(off.next.toString()).toBe('q=sales&page=3&tab=rows');
  });

  it('a bad toggle value reads as off, alone', () => {
    expect(readParams(spec, new URLSearchParams('hidden=yes&page=2'))).toEqual({
      q: '',
      page: 1,
      hidden: false,
    });
  });

  it('a filter returns to page 1', () => {
    const { next } = writeParams(spec, new URLSearchParams('page=3'), { q: 'north' });
    expect(next.toString()).toBe('q=north');
  });
});
