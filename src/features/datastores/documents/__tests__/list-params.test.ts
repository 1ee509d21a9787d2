import { describe, expect, it } from 'vitest';
import { applyChanges, listChanges, orderBy, readListState } from '../lib/list-params';
import { RECENT_LIMIT, remember, save } from '../lib/query-library';

const read = (search: string) => readListState(new URLSearchParams(search));
const change = (search: string, ...changes: Parameters<typeof applyChanges>[1][]) =>
  applyChanges(new URLSearchParams(search), ...changes).toString();

describe('the documents list in the address', () => {
  it('reads page (1-based in the address), size, sort, filter and the open document', () => {
    expect(read('page=3&size=50&sort=content.quantity:desc&filter={}&doc=d1')).toEqual({
      page: 2,
      pageSize: 50,
      sort: { field: 'content.quantity', direction: 'desc' },
      filter: '{}',
      documentId: 'd1',
    });
    expect(read('')).toEqual({ page: 0, pageSize: 25, sort: null, filter: '', documentId: null });
  });

  it('ignores what it cannot read', () => {
    expect(read('page=-1&size=30&sort=createdOn:sideways')).toMatchObject({
      page: 0,
      pageSize: 25,
      sort: null,
    });
    expect(read('sort=createdOn').sort).toEqual({ field: 'createdOn', direction: 'asc' });
  });

  it('a new filter, sort or page size goes back to page 1; the rest is kept', () => {
    const at = 'page=4&size=50&sort=id:asc&filter=%7B%7D&doc=x';
    expect(change(at, listChanges.filter('{"a":1}'))).toBe(
      'size=50&sort=id%3Aasc&filter=%7B%22a%22%3A1%7D&doc=x',
    );
    expect(change(at, listChanges.sort({ field: 'createdOn', direction: 'desc' }))).toBe(
      'size=50&sort=createdOn%3Adesc&filter=%7B%7D&doc=x',
    );
    expect(change(at, listChanges.pageSize(100))).toBe(
      'size=100&sort=id%3Aasc&filter=%7B%7D&doc=x',
    );
    expect(change(at, listChanges.page(1))).toBe(
      'page=2&size=50&sort=id%3Aasc&filter=%7B%7D&doc=x',
    );
    expect(change(at, listChanges.page(0), listChanges.sort(null), listChanges.filter(''))).toBe(
      'size=50&doc=x',
    );
    expect(change('', listChanges.pageSize(25))).toBe('');
    expect(change('doc=x', listChanges.document(null))).toBe('');
  });

  it('turns a sort into the query endpoint’s orderby', () => {
    expect(orderBy({ field: 'content.quantity', direction: 'desc' })).toBe(
      'content.quantity descending',
    );
    expect(orderBy({ field: 'createdOn', direction: 'asc' })).toBe('createdOn ascending');
    expect(orderBy(null)).toBeUndefined();
  });
});

describe('the query library', () => {
  it('keeps the last 20 filters, most recent first, each once', () => {
    let recent: string[] = [];
    for (let i = 0; i < 25; i++) recent = remember(recent, `{"n":${i}}`);
    expect(recent).toHaveLength(RECENT_LIMIT);
    expect(recent[0]).toBe('{"n":24}');
    recent = remember(recent, '{"n":10}');
    expect(recent[0]).toBe('{"n":10}');
    expect(recent.filter((f) => f === '{"n":10}')).toHaveLength(1);
  });

  it('saving under a name that exists replaces it', () => {
    const saved = save([{ name: 'North', filter: '{"a":1}' }], {
      name: 'North',
      filter: '{"a":2}',
    });
    expect(saved).toEqual([{ name: 'North', filter: '{"a":2}' }]);
  });
});
