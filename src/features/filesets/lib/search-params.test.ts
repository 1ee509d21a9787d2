import { describe, expect, it } from 'vitest';
import { readSearch, writeSearch } from './search-params';

describe('search params', () => {
  it('round-trips a search through the URL', () => {
    const search = {
      filesetId: 'fs-1',
      query: 'reset password',
      directoryPath: 'manuals/widget',
      topK: 25,
      fileId: 'f-9',
    };
    expect(readSearch(writeSearch(search))).toEqual(search);
  });

  it('reads defaults and leaves them out of the URL', () => {
    expect(readSearch(new URLSearchParams('topK=500'))).toEqual({
      filesetId: undefined,
      query: '',
      directoryPath: '',
      topK: 10,
      fileId: undefined,
    });
    expect(writeSearch({ filesetId: 'fs-1', query: '  ', topK: 10 }).toString()).toBe(
      'fileset=fs-1',
    );
  });
});
