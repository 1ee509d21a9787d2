import { describe, expect, it } from 'vitest';
import { aggregateRow, parsePlan, parseSort, selectDocuments } from './plan';

const everything = () => 'TRUE';

describe('parsePlan', () => {
  it('defaults to 10,000 documents from the first, in creation order', () => {
    const select = selectDocuments(parsePlan({}), everything);
    expect(select.sql).toBe(
      'SELECT * FROM documents WHERE TRUE ORDER BY created_on ASC, id ASC LIMIT $1 OFFSET $2',
    );
    expect(select.params).toEqual([10_000, 0]);
  });

  it('orders by content and document fields, breaking ties in the first key direction', () => {
    const select = selectDocuments(
      parsePlan({ orderby: 'content.a.b descending, createdOn', limit: 50, offset: 100 }),
      everything,
    );
    expect(select.sql).toBe(
      'SELECT * FROM documents WHERE TRUE ORDER BY content #> $1::text[] DESC, created_on ASC, created_on DESC, id DESC LIMIT $2 OFFSET $3',
    );
    expect(select.params).toEqual([['a', 'b'], 50, 100]);
  });

  it('reads ascending and descending in either spelling and case', () => {
    expect(parseSort('content.a ASC,content.b Descending,owner')).toEqual([
      { name: 'content.a', descending: false },
      { name: 'content.b', descending: true },
      { name: 'owner', descending: false },
    ]);
  });

  it('refuses a bad orderby, naming it', () => {
    expect(() => parsePlan({ orderby: 'content.a sideways' })).toThrow(
      'bad orderby "content.a sideways"',
    );
    expect(() => parsePlan({ orderby: 'content.a desc extra' })).toThrow('bad orderby');
    expect(() => parsePlan({ orderby: 'name' })).toThrow('unknown field name');
  });

  it('groups and aggregates into flat rows named by alias and field without content.', () => {
    const plan = parsePlan({
      groupby: 'content.region,owner',
      count: 'n',
      sum: 'content.qty total',
      avg: 'content.price',
    });
    const select = selectDocuments(plan, everything);
    expect(select.shape).toEqual({
      kind: 'rows',
      names: ['region', 'owner', 'n', 'total', 'avg_price'],
    });
    expect(select.sql).toBe(
      'SELECT content #> $1::text[] AS c0, owner AS c1, count(*) AS c2, ' +
        "sum(CASE WHEN jsonb_typeof(content #> $2::text[]) = 'number' THEN (content #>> $2::text[])::numeric END) AS c3, " +
        "avg(CASE WHEN jsonb_typeof(content #> $3::text[]) = 'number' THEN (content #>> $3::text[])::numeric END) AS c4 " +
        'FROM documents WHERE TRUE GROUP BY 1, 2 ORDER BY 1, 2 LIMIT $4 OFFSET $5',
    );
  });

  it('orders groups by an alias or a group field', () => {
    const byTotal = selectDocuments(
      parsePlan({ groupby: 'content.region', sum: 'content.qty total', orderby: 'total desc' }),
      everything,
    );
    expect(byTotal.sql).toContain('ORDER BY 2 DESC');
    const byField = selectDocuments(
      parsePlan({ groupby: 'content.region', count: 'n', orderby: 'content.region' }),
      everything,
    );
    expect(byField.sql).toContain('ORDER BY 1 ASC');
  });

  it('aggregates without groupby into one row', () => {
    const select = selectDocuments(parsePlan({ count: '', max: 'content.qty top' }), everything);
    expect(select.sql).not.toContain('GROUP BY');
    expect(select.shape).toEqual({ kind: 'rows', names: ['count', 'top'] });
  });

  it('refuses aggregates over document fields, clashing names and orderby of something not in the rows', () => {
    expect(() => parsePlan({ sum: 'owner total' })).toThrow('bad sum "owner total"');
    expect(() => parsePlan({ groupby: 'content.n', count: 'n' })).toThrow(
      'the name n appears twice',
    );
    expect(() => parsePlan({ groupby: 'content.region', orderby: 'content.qty' })).toThrow(
      /bad orderby content\.qty/,
    );
  });

  it('keys an aggregate row by name, dates as ISO strings and missing values as null', () => {
    expect(
      aggregateRow({ c0: 'North', c1: new Date('2026-01-01T00:00:00Z'), c2: undefined }, [
        'region',
        'at',
        'n',
      ]),
    ).toEqual({
      region: 'North',
      at: '2026-01-01T00:00:00.000Z',
      n: null,
    });
  });
});
