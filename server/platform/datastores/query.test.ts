import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentV2, type DocumentV2 } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { bulkCreate, documentsPath, expectError, newCollection, ok } from '../testing/datastores';

let platform: TestPlatform;
let collectionId: string;
const startedAt = new Date(Date.now() - 1000).toISOString();

beforeAll(async () => {
  platform = await startTestPlatform({ seed: false });
  collectionId = (await newCollection(platform)).id;
  await bulkCreate(platform, collectionId, [
    {
      key: 'alpha',
      qty: 5,
      price: 1.5,
      code: '10',
      tags: ['a', 'b'],
      nested: { x: 1 },
      day: '2026-01-10',
      group: 'g1',
    },
    {
      key: 'Beta',
      qty: 20,
      price: 2.5,
      code: '9',
      tags: ['b'],
      nested: { x: 2 },
      day: '2026-02-01',
      group: 'g1',
    },
    {
      key: 'gamma',
      qty: '7',
      code: 'Z',
      nested: { x: null },
      day: '2026-03-01T10:00:00Z',
      group: 'g2',
    },
    { key: 'delta', qty: null, flag: true, group: 'g2' },
    { key: 'epsilon', qty: 12.5, nested: { y: [1, 2] } },
  ]);
});
afterAll(() => platform.close());

const keys = async (filter: unknown, search = '') => {
  const res = await platform.api(`${documentsPath(collectionId)}/query${search}`, {
    method: 'POST',
    json: filter,
  });
  return documentV2
    .array()
    .parse(await ok(res))
    .map((d) => d.content.key);
};

describe('query: matching', () => {
  it('matches everything with an empty filter or an empty body', async () => {
    expect(await keys({})).toEqual(['alpha', 'Beta', 'gamma', 'delta', 'epsilon']);
    const res = await platform.api(`${documentsPath(collectionId)}/query`, { method: 'POST' });
    expect(documentV2.array().parse(await ok(res))).toHaveLength(5);
  });

  it('reads implicit equality and implicit AND', async () => {
    expect(await keys({ 'content.group': 'g1' })).toEqual(['alpha', 'Beta']);
    expect(await keys({ 'content.group': 'g1', 'content.qty': 20 })).toEqual(['Beta']);
  });

  it('respects JSON types: numbers compare as numbers, strings as strings', async () => {
    expect(await keys({ 'content.qty': { $gt: 6 } })).toEqual(['Beta', 'epsilon']);
    expect(await keys({ 'content.qty': '7' })).toEqual(['gamma']);
    expect(await keys({ 'content.qty': 7 })).toEqual([]);
    expect(await keys({ 'content.code': { $gt: '5' } })).toEqual(['Beta', 'gamma']);
    expect(await keys({ 'content.code': { $lt: 'a' } })).toEqual(['alpha', 'Beta', 'gamma']);
    expect(await keys({ 'content.price': { $gte: 1.5, $lt: 2.5 } })).toEqual(['alpha']);
  });

  it('follows nested paths and array indexes', async () => {
    expect(await keys({ 'content.nested.x': 2 })).toEqual(['Beta']);
    expect(await keys({ 'content.nested.x': { $lte: 1 } })).toEqual(['alpha']);
    expect(await keys({ 'content.nested.y.1': 2 })).toEqual(['epsilon']);
    expect(await keys({ 'content.tags.0': 'a' })).toEqual(['alpha']);
  });

  it('matches an element of an array, and whole arrays and objects exactly', async () => {
    expect(await keys({ 'content.tags': 'b' })).toEqual(['alpha', 'Beta']);
    expect(await keys({ 'content.tags': ['b'] })).toEqual(['Beta']);
    expect(await keys({ 'content.nested': { x: 1 } })).toEqual(['alpha']);
    expect(await keys({ 'content.tags': { $in: ['a', 'z'] } })).toEqual(['alpha']);
  });

  it('treats null as missing or null, and $exists as present (JSON null included)', async () => {
    expect(await keys({ 'content.qty': null })).toEqual(['delta']);
    expect(await keys({ 'content.flag': null })).toEqual(['alpha', 'Beta', 'gamma', 'epsilon']);
    expect(await keys({ 'content.nested.x': { $exists: true } })).toEqual([
      'alpha',
      'Beta',
      'gamma',
    ]);
    expect(await keys({ 'content.tags': { $exists: false } })).toEqual([
      'gamma',
      'delta',
      'epsilon',
    ]);
  });

  it('keeps documents without the field under $ne, $nin and $not', async () => {
    expect(await keys({ 'content.group': { $ne: 'g1' } })).toEqual(['gamma', 'delta', 'epsilon']);
    expect(await keys({ 'content.group': { $nin: ['g1', 'g2'] } })).toEqual(['epsilon']);
    expect(await keys({ 'content.qty': { $not: { $gt: 6 } } })).toEqual([
      'alpha',
      'gamma',
      'delta',
    ]);
  });

  it('matches patterns with $regex, case-insensitively with $options i', async () => {
    expect(await keys({ 'content.key': { $regex: '^[a-d]' } })).toEqual(['alpha', 'delta']);
    expect(await keys({ 'content.key': { $regex: '^b', $options: 'i' } })).toEqual(['Beta']);
    expect(await keys({ 'content.key': { $not: { $regex: 'a$' } } })).toEqual(['epsilon']);
  });

  it('combines with $and, $or and $nor', async () => {
    expect(await keys({ $or: [{ 'content.key': 'alpha' }, { 'content.flag': true }] })).toEqual([
      'alpha',
      'delta',
    ]);
    expect(
      await keys({ $and: [{ 'content.group': 'g2' }, { 'content.qty': { $exists: true } }] }),
    ).toEqual(['gamma', 'delta']);
    expect(await keys({ $nor: [{ 'content.group': 'g1' }, { 'content.group': 'g2' }] })).toEqual([
      'epsilon',
    ]);
  });

  it('compares {"$date": ...} as ISO strings in content and as timestamps on createdOn and updatedOn', async () => {
    expect(await keys({ 'content.day': { $gte: { $date: '2026-02-01' } } })).toEqual([
      'Beta',
      'gamma',
    ]);
    expect(await keys({ 'content.day': { $date: '2026-01-10' } })).toEqual(['alpha']);
    expect(await keys({ createdOn: { $gt: { $date: startedAt } } })).toHaveLength(5);
    expect(await keys({ updatedOn: { $lt: { $date: '2000-01-01T00:00:00Z' } } })).toEqual([]);
  });

  it('filters on id and owner', async () => {
    const all = documentV2
      .array()
      .parse(
        await ok(
          await platform.api(`${documentsPath(collectionId)}/query`, { method: 'POST', json: {} }),
        ),
      );
    expect(await keys({ id: all[1]!.id })).toEqual(['Beta']);
    expect(await keys({ id: { $in: [all[0]!.id, all[4]!.id] } })).toEqual(['alpha', 'epsilon']);
    expect(await keys({ owner: 1, 'content.key': 'delta' })).toEqual(['delta']);
    expect(await keys({ owner: '2' })).toEqual([]);
  });
});

describe('query: order, pages and aggregates', () => {
  it('orders by content fields and document fields, both ways', async () => {
    expect(
      await keys({ 'content.price': { $exists: true } }, '?orderby=content.price+descending'),
    ).toEqual(['Beta', 'alpha']);
    expect(await keys({}, '?orderby=content.key%20ascending')).toEqual([
      'Beta',
      'alpha',
      'delta',
      'epsilon',
      'gamma',
    ]);
    expect(await keys({}, '?orderby=createdOn+descending')).toEqual([
      'epsilon',
      'delta',
      'gamma',
      'Beta',
      'alpha',
    ]);
  });

  it('pages with limit and offset', async () => {
    expect(await keys({}, '?limit=2&offset=1')).toEqual(['Beta', 'gamma']);
    expect(await keys({}, '?limit=2&offset=10')).toEqual([]);
  });

  it('groups and aggregates into flat rows keyed by alias and field name', async () => {
    const res = await platform.api(
      `${documentsPath(collectionId)}/query?groupby=content.group&count=n&sum=content.qty+total&avg=content.price+avgPrice&min=content.qty+least&max=content.qty+most&orderby=n+descending`,
      { method: 'POST', json: {} },
    );
    expect(await ok(res)).toEqual([
      { group: 'g1', n: 2, total: 25, avgPrice: 2, least: 5, most: 20 },
      { group: 'g2', n: 2, total: null, avgPrice: null, least: null, most: null },
      { group: null, n: 1, total: 12.5, avgPrice: null, least: 12.5, most: 12.5 },
    ]);
  });

  it('aggregates a filtered set into one row without groupby', async () => {
    const res = await platform.api(
      `${documentsPath(collectionId, 'v1')}/query?count=n&sum=content.qty`,
      {
        method: 'POST',
        json: { 'content.group': 'g1' },
      },
    );
    expect(await ok(res)).toEqual([{ n: 2, sum_qty: 25 }]);
  });
});

describe('query: refusals (400, naming the problem)', () => {
  const refused = async (filter: unknown, search: string, message: string | RegExp) =>
    expectError(
      await platform.api(`${documentsPath(collectionId)}/query${search}`, {
        method: 'POST',
        json: filter,
      }),
      400,
      message,
    );

  it('names an unknown operator', async () => {
    await refused({ 'content.qty': { $foo: 5 } }, '', 'unknown operator $foo at content.qty');
    await refused({ $where: 'sleep(1)' }, '', 'unknown operator $where at the top level');
  });

  it('refuses malformed filters and wrong types', async () => {
    await refused([], '', /malformed filter at the top level/);
    await refused({ $or: {} }, '', /\$or at the top level expects a non-empty array/);
    await refused({ name: 'x' }, '', /unknown field name/);
    await refused({ 'content.qty': { $in: 5 } }, '', '$in at content.qty expects an array');
    await refused(
      { createdOn: { $gt: { $date: 'soon' } } },
      '',
      /bad \{"\$date": \.\.\.\} value at createdOn/,
    );
    await refused({ 'content.key': { $regex: '(' } }, '', /invalid regular expression/);
  });

  it('refuses a bad orderby, limit or aggregate', async () => {
    await refused({}, '?orderby=content.key+upwards', /bad orderby "content.key upwards"/);
    await refused({}, '?orderby=price', /unknown field price/);
    await refused({}, '?limit=0', /^limit: /);
    await refused({}, '?limit=many', /^limit: /);
    await refused({}, '?offset=-1', /^offset: /);
    await refused({}, '?sum=owner+x', /bad sum/);
    await refused({}, '?groupby=content.group&orderby=content.key', /bad orderby content.key/);
  });

  it('answers 404 for an unknown collection', async () => {
    await expectError(
      await platform.api(`${documentsPath('nope')}/query`, { method: 'POST', json: {} }),
      404,
    );
  });

  it('keeps a query out of SQL: values are bound', async () => {
    const docs = await platform.api(`${documentsPath(collectionId)}/query`, {
      method: 'POST',
      json: { 'content.key': "alpha' OR '1'='1" },
    });
    expect((await ok<DocumentV2[]>(docs)).length).toBe(0);
  });
});
