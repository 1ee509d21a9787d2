import { describe, expect, it } from 'vitest';
import { objectPath } from './object-path';

describe('objectPath', () => {
  it('opens a collection inside its datastore, and a dataset by its id', () => {
    expect(objectPath({ type: 'collection', id: 'c 1', name: 'x', parent: 'd/1' })).toBe(
      '/datastores/d%2F1/collections/c%201',
    );
    expect(objectPath({ type: 'dataset', id: 'abc', name: 'x', parent: null })).toBe(
      '/datasets/abc',
    );
    expect(objectPath({ type: 'partition', id: 'abc/p', name: 'x', parent: 'abc' })).toBe(
      '/datasets/abc/partitions',
    );
  });
  it('gives no link to a collection whose datastore is unknown', () => {
    expect(objectPath({ type: 'collection', id: 'c', name: 'x', parent: null })).toBeUndefined();
  });
});
