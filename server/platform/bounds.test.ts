import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentStoreError } from '../../src/api/contract';
import { ORDERS_COLLECTION_ID } from './seed/datastores';
import { startTestPlatform, type TestPlatform } from './testing';

// What one request may ask is bounded, so that none can stall the platform or make
// it answer 500. Each refusal is a 400 in the area's body that names the limit, and the platform
// answers the next request at once.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const documents = `/api/datastores/v2/collections/${ORDERS_COLLECTION_ID}/documents`;
const refusal = async (res: Response) => {
  expect(res.status).toBe(400);
  return documentStoreError.parse(await res.json()).message;
};
const nested = (depth: number, leaf: unknown = 1): string =>
  '{"a":'.repeat(depth) + JSON.stringify(leaf) + '}'.repeat(depth);

describe('bounded queries', () => {
  it('refuses a 15,000-character $regex, and the next request answers', async () => {
    const res = await platform.api(`${documents}/query`, {
      method: 'POST',
      json: { 'content.customer': { $regex: `(a|aa)*${'a?'.repeat(7_500)}` } },
    });
    expect(await refusal(res)).toMatch(
      /\$regex at content\.customer is 15007 characters long; at most 512/,
    );
    const next = await platform.api(`${documents}/query`, {
      method: 'POST',
      json: { 'content.customer': { $regex: '^A' } },
    });
    expect(next.status).toBe(200);
  });

  it('refuses a filter path of 5,000 segments', async () => {
    const path = `content.${Array.from({ length: 5_000 }, () => 'x').join('.')}`;
    const res = await platform.api(`${documents}/query`, { method: 'POST', json: { [path]: 1 } });
    expect(await refusal(res)).toMatch(/field name too long|field path too deep/);
    const deep = `content.${Array.from({ length: 101 }, () => 'x').join('.')}`;
    const res2 = await platform.api(`${documents}/query`, { method: 'POST', json: { [deep]: 1 } });
    expect(await refusal(res2)).toMatch(/field path too deep: 101 segments, at most 100/);
  });

  it('refuses orderby, groupby and sum with hundreds of keys', async () => {
    const keys = (n: number, suffix = '') =>
      Array.from({ length: n }, (_, i) => `content.k${i}${suffix}`).join(',');
    for (const [query, message] of [
      [`orderby=${keys(800)}`, /orderby: at most 16 fields, not 800/],
      [`groupby=${keys(1_000)}`, /groupby: at most 16 fields, not 1000/],
      [`sum=${keys(900)}`, /sum: at most 32 fields, not 900/],
    ] as const) {
      const res = await platform.api(`${documents}/query?${query}`, { method: 'POST', json: {} });
      expect(await refusal(res), query.slice(0, 8)).toMatch(message);
    }
  });
});

describe('bounded bodies', () => {
  it('refuses content nested 3,000 and 10,000 deep, in a create and in $set', async () => {
    for (const depth of [3_000, 10_000]) {
      const create = await platform.api(documents, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-SERVICE-Developer-Token': platform.tokens.developer,
        },
        body: `{"content":${nested(depth)}}`,
      });
      expect(await refusal(create)).toBe('body: nested deeper than 100 levels');
      const update = await platform.api(`${documents}/update`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          'X-SERVICE-Developer-Token': platform.tokens.developer,
        },
        body: `{"query":{},"operation":{"$set":{"content.deep":${nested(depth)}}}}`,
      });
      expect(await refusal(update)).toBe('body: nested deeper than 100 levels');
    }
    const count = await platform.api(`${documents}/query`, { method: 'POST', json: {} });
    expect(count.status).toBe(200);
  });

  it('refuses a stream whose dataset name is 3,000 characters long', async () => {
    const res = await platform.api('/api/data/v1/streams', {
      method: 'POST',
      json: {
        transport: { type: 'CONNECTOR', description: 'x', version: '1' },
        configuration: [],
        account: { id: 1 },
        updateMethod: 'REPLACE',
        dataProvider: { key: 'data-file' },
        dataSource: { name: 'n'.repeat(3_000) },
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/dataSource\.name/);
  });
});
