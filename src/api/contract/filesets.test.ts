import { describe, expect, it } from 'vitest';
import { fileQueryResult } from './filesets';

const match = {
  id: 'm1',
  score: 0.87,
  node: {
    id: 'f1',
    path: '/reports/q1.txt',
    name: 'q1.txt',
    fileType: 'FILE',
    contentType: 'text/plain',
    size: 2048,
    created: 1767225600000,
    type: 'FILE',
  },
};

describe('2.6 Fileset query match', () => {
  it('reads the spec shape', () => {
    expect(fileQueryResult.parse({ matches: [match] })).toEqual({ matches: [match] });
  });

  it('rejects a string size', () => {
    const wrong = { matches: [{ ...match, node: { ...match.node, size: '2048' } }] };
    expect(fileQueryResult.safeParse(wrong).success).toBe(false);
  });
});
