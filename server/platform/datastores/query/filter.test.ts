import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../core/errors';
import { translateFilter } from './filter';
import { SqlParams } from './sql-params';

const refusal = (filter: unknown) => {
  try {
    translateFilter(filter);
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBe(400);
    return (error as PlatformError).message;
  }
  throw new Error(`accepted ${JSON.stringify(filter)}`);
};

describe('translateFilter: equality', () => {
  it('matches everything on an empty filter', () => {
    expect(translateFilter({})).toEqual({ sql: 'TRUE', params: [] });
  });

  it('uses containment for a scalar (the GIN index serves it), also matching arrays that hold it', () => {
    expect(translateFilter({ 'content.region': 'North' })).toEqual({
      sql: '(content @> $1::jsonb OR content @> $2::jsonb)',
      params: ['{"region":"North"}', '{"region":["North"]}'],
    });
  });

  it('nests the containment for a nested path, and keeps the JSON type of the value', () => {
    expect(translateFilter({ 'content.a.b': 5 }).params).toEqual([
      '{"a":{"b":5}}',
      '{"a":{"b":[5]}}',
    ]);
    expect(translateFilter({ 'content.a': '5' }).params).toEqual(['{"a":"5"}', '{"a":["5"]}']);
    expect(translateFilter({ 'content.ok': true }).params).toEqual([
      '{"ok":true}',
      '{"ok":[true]}',
    ]);
  });

  it('compares an array index path exactly (containment cannot say "element 0")', () => {
    expect(translateFilter({ 'content.tags.0': 'x' })).toEqual({
      sql: 'COALESCE(content #> $1::text[] = $2::jsonb, false)',
      params: [['tags', '0'], '"x"'],
    });
  });

  it('matches null as missing or JSON null', () => {
    expect(translateFilter({ 'content.a': null })).toEqual({
      sql: "(content #> $1::text[] IS NULL OR content #> $1::text[] = 'null'::jsonb)",
      params: [['a']],
    });
  });

  it('matches an object or array exactly, with containment first for the index', () => {
    expect(translateFilter({ 'content.a': { x: 1 } })).toEqual({
      sql: '(content @> $3::jsonb AND COALESCE(content #> $1::text[] = $2::jsonb, false))',
      params: [['a'], '{"x":1}', '{"a":{"x":1}}'],
    });
  });

  it('binds values, never splices them', () => {
    const { sql, params } = translateFilter({ 'content.name': "x'; DROP TABLE documents; --" });
    expect(sql).not.toContain('DROP');
    expect(params[0]).toContain('DROP TABLE');
  });

  it('maps the document fields to their columns and types', () => {
    expect(translateFilter({ id: 'abc' })).toEqual({ sql: 'id = $1::text', params: ['abc'] });
    expect(translateFilter({ owner: '7' })).toEqual({ sql: 'owner = $1::bigint', params: [7] });
    expect(translateFilter({ createdOn: { $date: '2026-01-31' } })).toEqual({
      sql: 'created_on = $1::timestamptz',
      params: ['2026-01-31T00:00:00.000Z'],
    });
    expect(translateFilter({ updatedOn: { $gte: '2026-01-31T10:00:00Z' } })).toEqual({
      sql: 'updated_on >= $1::timestamptz',
      params: ['2026-01-31T10:00:00.000Z'],
    });
  });

  it('uses $eq like implicit equality, and ANDs fields and operators', () => {
    expect(translateFilter({ 'content.a': { $eq: 1 } })).toEqual(
      translateFilter({ 'content.a': 1 }),
    );
    const { sql } = translateFilter({ 'content.a': 1, owner: 1, 'content.b': { $gt: 1, $lt: 9 } });
    expect(sql.split(' AND ').length).toBeGreaterThanOrEqual(4);
    expect(sql).toMatch(/^\(.+\) AND \(owner = \$3::bigint\) AND \(.+\) AND \(.+\)$/);
  });
});

describe('translateFilter: comparisons respect JSON types', () => {
  it('compares numbers as numbers, only against numbers', () => {
    expect(translateFilter({ 'content.qty': { $gt: 5 } })).toEqual({
      sql: "COALESCE(jsonb_typeof(content #> $1::text[]) = 'number' AND content #> $1::text[] > $2::jsonb, false)",
      params: [['qty'], '5'],
    });
  });

  it('compares strings byte by byte, only against strings', () => {
    expect(translateFilter({ 'content.code': { $lte: 'M' } })).toEqual({
      sql: `COALESCE(jsonb_typeof(content #> $1::text[]) = 'string' AND (content #>> $1::text[]) COLLATE "C" <= $2::text, false)`,
      params: [['code'], 'M'],
    });
  });

  it('compares a {$date} with a content field as the ISO string written', () => {
    expect(translateFilter({ 'content.day': { $gte: { $date: '2026-02-01' } } }).params).toEqual([
      ['day'],
      '2026-02-01',
    ]);
    expect(translateFilter({ 'content.day': { $date: 1767225600000 } }).params).toEqual([
      '{"day":"2026-01-01T00:00:00Z"}',
      '{"day":["2026-01-01T00:00:00Z"]}',
    ]);
  });

  it('compares booleans among booleans', () => {
    expect(translateFilter({ 'content.ok': { $gte: false } }).sql).toContain("= 'boolean'");
  });

  it('compares ids in byte order and owners as integers', () => {
    expect(translateFilter({ id: { $gt: 'm' } })).toEqual({
      sql: 'id COLLATE "C" > $1::text',
      params: ['m'],
    });
    expect(translateFilter({ owner: { $lt: 3 } })).toEqual({
      sql: 'owner < $1::bigint',
      params: [3],
    });
  });
});

describe('translateFilter: set, existence, pattern and logic', () => {
  it('turns $in into equalities joined by OR, and $nin into its negation', () => {
    expect(translateFilter({ 'content.a': { $in: [1, null] } }).sql).toBe(
      "((content @> $1::jsonb OR content @> $2::jsonb)) OR ((content #> $3::text[] IS NULL OR content #> $3::text[] = 'null'::jsonb))",
    );
    expect(translateFilter({ 'content.a': { $nin: [1] } }).sql).toBe(
      'NOT ((content @> $1::jsonb OR content @> $2::jsonb))',
    );
    expect(translateFilter({ 'content.a': { $in: [] } }).sql).toBe('FALSE');
  });

  it('binds one array for $in over a column', () => {
    expect(translateFilter({ id: { $in: ['a', 'b', null] } })).toEqual({
      sql: 'id = ANY($1::text[])',
      params: [['a', 'b']],
    });
    expect(translateFilter({ owner: { $nin: [1, 2] } })).toEqual({
      sql: 'NOT (owner = ANY($1::bigint[]))',
      params: [[1, 2]],
    });
  });

  it('tests presence with $exists (JSON null counts as present)', () => {
    expect(translateFilter({ 'content.a.b': { $exists: true } })).toEqual({
      sql: 'content #> $1::text[] IS NOT NULL',
      params: [['a', 'b']],
    });
    expect(translateFilter({ 'content.a': { $exists: false } }).sql).toBe(
      'content #> $1::text[] IS NULL',
    );
    expect(translateFilter({ id: { $exists: false } }).sql).toBe('FALSE');
  });

  it('turns $regex into ~, and $options "i" into ~*', () => {
    expect(translateFilter({ 'content.name': { $regex: '^ab' } })).toEqual({
      sql: "COALESCE(jsonb_typeof(content #> $1::text[]) = 'string' AND (content #>> $1::text[]) ~ $2::text, false)",
      params: [['name'], '^ab'],
    });
    expect(translateFilter({ 'content.name': { $regex: 'ab', $options: 'i' } }).sql).toContain(
      '~* $2::text',
    );
    expect(translateFilter({ id: { $regex: '^0' } }).sql).toBe('id ~ $1::text');
  });

  it('negates with $not (field level) and $ne, keeping documents without the field', () => {
    expect(translateFilter({ 'content.a': { $not: { $gt: 5 } } }).sql).toBe(
      "NOT (COALESCE(jsonb_typeof(content #> $1::text[]) = 'number' AND content #> $1::text[] > $2::jsonb, false))",
    );
    expect(translateFilter({ 'content.a': { $ne: 'x' } }).sql).toBe(
      'NOT ((content @> $1::jsonb OR content @> $2::jsonb))',
    );
  });

  it('combines with $and, $or, $nor and a top-level $not', () => {
    expect(translateFilter({ $or: [{ id: 'a' }, { id: 'b' }] }).sql).toBe(
      '(id = $1::text) OR (id = $2::text)',
    );
    expect(translateFilter({ $and: [{ id: 'a' }, { owner: 1 }] }).sql).toBe(
      '(id = $1::text) AND (owner = $2::bigint)',
    );
    expect(translateFilter({ $nor: [{ id: 'a' }] }).sql).toBe('NOT (id = $1::text)');
    expect(translateFilter({ $not: { id: 'a' } }).sql).toBe('NOT (id = $1::text)');
  });

  it('numbers its placeholders after those already bound', () => {
    const params = new SqlParams(['collection']);
    expect(translateFilter({ id: 'a' }, params)).toEqual({
      sql: 'id = $2::text',
      params: ['collection', 'a'],
    });
  });
});

describe('translateFilter: refusals name the problem', () => {
  it('names an unknown operator and where it is', () => {
    expect(refusal({ 'content.qty': { $foo: 1 } })).toBe('unknown operator $foo at content.qty');
    expect(refusal({ $where: 'x' })).toBe('unknown operator $where at the top level');
    expect(refusal({ $or: [{ $bar: 1 }] })).toBe('unknown operator $bar at $or[0]');
  });

  it('names unknown fields and bad paths', () => {
    expect(refusal({ name: 'x' })).toMatch(
      /^unknown field name: name a content field as content\.name/,
    );
    expect(refusal({ 'content.': 1 })).toBe('bad field name content.');
    expect(refusal({ 'content.a..b': 1 })).toBe('bad field name content.a..b');
  });

  it('refuses malformed filters', () => {
    expect(refusal([])).toBe('malformed filter at the top level: expected an object, got an array');
    expect(refusal('x')).toBe(
      'malformed filter at the top level: expected an object, got a string',
    );
    expect(refusal({ $or: [] })).toBe('$or at the top level expects a non-empty array of filters');
    expect(refusal({ $and: {} })).toBe(
      '$and at the top level expects a non-empty array of filters',
    );
    expect(refusal({ $or: [1] })).toBe(
      'malformed filter at $or[0]: expected an object, got a number',
    );
    expect(refusal({ 'content.a': { $gt: 1, b: 2 } })).toBe(
      'malformed filter at content.a: an object mixes operators ($gt) and fields (b)',
    );
  });

  it('refuses operator arguments of the wrong type', () => {
    expect(refusal({ 'content.a': { $in: 1 } })).toBe('$in at content.a expects an array');
    expect(refusal({ 'content.a': { $exists: 'yes' } })).toBe(
      '$exists at content.a expects true or false',
    );
    expect(refusal({ 'content.a': { $regex: 5 } })).toBe('$regex at content.a expects a string');
    expect(refusal({ 'content.a': { $regex: 'x', $options: 'm' } })).toMatch(/only "i"/);
    expect(refusal({ 'content.a': { $options: 'i' } })).toBe(
      '$options without $regex at content.a',
    );
    expect(refusal({ 'content.a': { $gt: [1] } })).toMatch(
      /^\$gt at content\.a expects a number, a string/,
    );
    expect(refusal({ 'content.a': { $not: 5 } })).toMatch(
      /^\$not at content\.a expects an object of operators/,
    );
    expect(refusal({ owner: 'ada' })).toBe('owner expects an integer user id');
    expect(refusal({ id: 5 })).toBe('id expects a string');
    expect(refusal({ createdOn: { $gt: 'yesterday' } })).toMatch(
      /^bad \{"\$date": \.\.\.\} value at createdOn/,
    );
    expect(refusal({ 'content.d': { $date: 'not a date' } })).toMatch(
      /^bad \{"\$date": \.\.\.\} value at content\.d/,
    );
    expect(refusal({ owner: { $regex: '1' } })).toBe('$regex at owner: the field is not text');
  });

  it('refuses filters nested too deeply or too large', () => {
    let deep: Record<string, unknown> = { id: 'a' };
    for (let i = 0; i < 40; i++) deep = { $and: [deep] };
    expect(refusal(deep)).toBe('the filter is nested too deeply');
    expect(refusal({ 'content.a': { $in: Array.from({ length: 12_000 }, (_, i) => i) } })).toMatch(
      /too large/,
    );
  });
});
