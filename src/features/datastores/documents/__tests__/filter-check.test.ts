import { describe, expect, it } from 'vitest';
import { checkFilter, filterText, sameFilter } from '../lib/filter-check';
import { filterExamples } from '../lib/filter-examples';

describe('checkFilter: the query bar checks a filter as it is typed', () => {
  it('reads an empty text as {} (every document)', () => {
    expect(checkFilter('  ')).toEqual({ kind: 'valid', filter: {}, renamed: [] });
  });

  it('refuses invalid JSON with the line and column of the problem', () => {
    const check = checkFilter('{\n  "content.region": "North",\n}');
    expect(check.kind).toBe('invalid');
    expect(check.kind === 'invalid' && check.message).toMatch(/^Invalid JSON: line 3, column 1: /);
    expect(checkFilter('{"content.region": "North"').kind).toBe('invalid');
  });

  it('refuses JSON that is not an object', () => {
    expect(checkFilter('[{"a": 1}]')).toEqual({
      kind: 'invalid',
      message: 'A filter must be a JSON object: {…}',
    });
    expect(checkFilter('"North"').kind).toBe('invalid');
  });

  it('names unknown operators wherever they are, and knows $date and $options', () => {
    const check = checkFilter(
      JSON.stringify({
        $or: [{ 'content.quantity': { $gte: 10, $near: 3 } }, { $where: 'x' }],
        createdOn: { $gte: { $date: '2026-01-01T00:00:00Z' } },
        'content.customer': { $regex: '^c', $options: 'i' },
        'content.tags': { $in: ['a'], $elemMatch: { $eq: 'a' } },
      }),
    );
    expect(check.kind).toBe('invalid');
    expect(check.kind === 'invalid' && check.message).toMatch(
      /^Unknown operators \$near, \$where, \$elemMatch\. Supported: \$eq /,
    );
  });

  it('refuses one unknown operator in the singular', () => {
    const check = checkFilter('{"content.a": {"$near": 1}}');
    expect(check.kind === 'invalid' && check.message).toMatch(/^Unknown operator \$near\. /);
  });

  it('reads a bare schema column as content.<name> and says which it renamed', () => {
    const check = checkFilter(
      JSON.stringify({
        region: 'North',
        $or: [{ quantity: { $gte: 3 } }, { 'content.region': 'South' }],
        owner: 7,
        other: 1,
      }),
      ['region', 'quantity', 'owner'],
    );
    expect(check).toEqual({
      kind: 'valid',
      filter: {
        'content.region': 'North',
        $or: [{ 'content.quantity': { $gte: 3 } }, { 'content.region': 'South' }],
        owner: 7,
        other: 1,
      },
      renamed: ['region', 'quantity'],
    });
  });

  it('accepts every supported operator', () => {
    const text = JSON.stringify({
      $and: [
        { a: { $eq: 1, $ne: 2, $gt: 0, $gte: 0, $lt: 9, $lte: 9, $in: [1], $nin: [3] } },
        { $or: [{ b: { $exists: true } }, { c: { $not: { $regex: 'x' } } }] },
      ],
    });
    expect(checkFilter(text)).toMatchObject({ kind: 'valid', renamed: [] });
  });

  it('compares filters by meaning, not by spacing', () => {
    expect(filterText({ 'content.region': 'North' })).toBe('{"content.region":"North"}');
    expect(filterText({})).toBe('');
    expect(sameFilter('{ "a" : 1 }', '{"a":1}')).toBe(true);
    expect(sameFilter('{}', '')).toBe(true);
    expect(sameFilter('{"a":1}', '{"a":2}')).toBe(false);
  });
});

describe('filterExamples', () => {
  const columns = [
    { name: 'orderNumber', type: 'LONG' as const },
    { name: 'customer', type: 'STRING' as const },
    { name: 'region', type: 'STRING' as const },
    { name: 'quantity', type: 'LONG' as const },
  ];
  const contents = [
    { orderNumber: 1, customer: 'C1', region: 'West', quantity: 4 },
    { orderNumber: 2, customer: 'C2', region: 'North', quantity: 12 },
    { orderNumber: 3, customer: 'C3', region: 'West', quantity: 12 },
    { orderNumber: 4, customer: 'C4', region: 'North', quantity: 20 },
    { orderNumber: 5, customer: 'C5', region: 'West', quantity: 4 },
  ];

  it("uses the collection's category fields and values from the documents on screen", () => {
    const filters = filterExamples(columns, contents).map((e) => e.filter);
    expect(filters).toEqual([
      '{"content.region":"West"}',
      '{"content.quantity":{"$gte":12}}',
      '{"$or":[{"content.region":"West"},{"content.region":"North"}]}',
      '{"createdOn":{"$gte":{"$date":"2026-01-01T00:00:00Z"}}}',
      '{"content.region":{"$nin":["West","North"]}}',
      '{"content.region":{"$regex":"^We"}}',
      '{"content.quantity":{"$exists":false}}',
    ]);
    for (const filter of filters) expect(checkFilter(filter)).toMatchObject({ kind: 'valid' });
  });

  it('falls back to the fields of the examples in the docs', () => {
    expect(
      filterExamples([])
        .map((e) => e.filter)
        .slice(0, 2),
    ).toEqual(['{"content.region":"North"}', '{"content.quantity":{"$gte":10}}']);
  });
});
