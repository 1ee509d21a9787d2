import { describe, expect, it } from 'vitest';
import { listRoles, param, readParams, writeParams } from './list-params';

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

  it('a sort in one key reads `field:asc|desc`, a field alone ascending, and a bad one as none', () => {
    const sort = param.sort(['name', 'size']);
    expect(sort.read('size:desc')).toEqual({ field: 'size', direction: 'desc' });
    expect(sort.read('name')).toEqual({ field: 'name', direction: 'asc' });
    expect(sort.read('size:sideways')).toBeNull();
    expect(sort.read('owner:asc')).toBeNull();
    expect(param.sort().read('content.a:b:desc')).toEqual({
      field: 'content.a:b',
      direction: 'desc',
    });
    expect(sort.write({ field: 'size', direction: 'asc' })).toBe('size:asc');
    expect(sort.write(null)).toBeNull();
  });
});

describe('param.intId', () => {
  const spec = { user: param.intId(), page: param.page() };
  const read = (query: string) => readParams(spec, new URLSearchParams(query)).user;

  it('reads a 32-bit id and nothing else, which is nobody chosen', () => {
    expect(read('user=42')).toBe(42);
    expect(read('user=2147483647')).toBe(2_147_483_647);
    for (const bad of ['', 'user=', 'user=0', 'user=-3', 'user=1.5', 'user=1e3', 'user=2147483648'])
      expect(read(bad), bad).toBeNull();
  });

  it('writes the id, leaves nobody out, and a change goes back to the first page', () => {
    const at = new URLSearchParams('page=3');
    expect(writeParams(spec, at, { user: 7 }).next.toString()).toBe('user=7');
    expect(writeParams(spec, new URLSearchParams('user=7'), { user: null }).next.toString()).toBe(
      '',
    );
  });
});

describe('list roles', () => {
  const twoKeys = {
    sort: param.sortField(['name', 'size'], 'name'),
    order: param.direction('asc'),
    page: param.page(),
    pageSize: param.size([10, 25], 25),
  };
  const roles = listRoles(twoKeys);

  it('finds a sort kept in two keys, and writes none as the defaults', () => {
    const state = readParams(twoKeys, new URLSearchParams('sort=size&order=desc'));
    expect(roles.sortOf(state)).toEqual({ field: 'size', direction: 'desc' });
    const changes = roles.sortChanges(null);
    expect(changes).toEqual({ sort: 'name', order: 'asc' });
    const { next } = writeParams(
      twoKeys,
      new URLSearchParams('sort=size&order=desc&page=3'),
      changes,
    );
    expect(next.toString()).toBe('');
  });

  it('takes a column as a sort field only when the spec reads it as one', () => {
    expect(roles.sortFieldOf('size')).toBe('size');
    expect(roles.sortFieldOf('owner')).toBeUndefined();
    expect(listRoles({ sort: param.sort() }).sortFieldOf('content.a')).toBe('content.a');
    expect(listRoles({ sort: param.sort(['a']) }).sortFieldOf('b')).toBeUndefined();
  });

  it('writes a page size that is not offered as the default', () => {
    expect(roles.sizes).toEqual([10, 25]);
    expect(roles.pageSizeChanges(10)).toEqual({ pageSize: 10 });
    expect(roles.pageSizeChanges(7)).toEqual({ pageSize: 25 });
    expect(listRoles({ q: param.search() }).sizes).toBeUndefined();
  });
});
