import { describe, expect, it } from 'vitest';
import { isFiltered, readListState, toSearch } from './list-params';

const read = (query: string) => readListState(new URLSearchParams(query));

describe('readListState', () => {
  it('reads defaults from an empty address', () => {
    expect(read('')).toEqual({
      search: '',
      locked: 'all',
      dataType: null,
      status: null,
      dataset: null,
      sort: null,
      page: 0,
      pageSize: 25,
      fieldId: null,
    });
  });

  it('reads every param, and a bad value falls back alone', () => {
    const state = read(
      'q=+revenue+&locked=locked&type=LONG&status=BOGUS&dataset=ds-1&sort=lastModified:desc&page=3&size=7&field=12',
    );
    expect(state).toMatchObject({
      search: 'revenue',
      locked: 'locked',
      dataType: 'LONG',
      status: null,
      dataset: 'ds-1',
      sort: { field: 'lastModified', direction: 'desc' },
      page: 2,
      pageSize: 25,
      fieldId: 12,
    });
    expect(read('sort=owner:asc&field=x').sort).toBeNull();
    expect(read('field=x').fieldId).toBeNull();
  });
});

describe('toSearch', () => {
  it('asks for the first page by name when nothing is chosen', () => {
    expect(toSearch(read(''))).toEqual({ limit: 25, offset: 0 });
    expect(isFiltered(read(''))).toBe(false);
  });

  it('turns each choice into one filter of the platform', () => {
    const state = read(
      'q=rev&locked=unlocked&type=DATE&status=INVALID&dataset=ds-1&sort=status:asc&page=2&size=50',
    );
    expect(toSearch(state)).toEqual({
      name: 'rev',
      filters: [
        { field: 'locked', value: false },
        { field: 'dataType', value: 'DATE' },
        { field: 'status', value: 'INVALID' },
        { field: 'dataset', value: 'ds-1' },
      ],
      sort: { field: 'status', ascending: true },
      limit: 50,
      offset: 50,
    });
    expect(isFiltered(state)).toBe(true);
  });
});
