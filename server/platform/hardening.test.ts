import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentStoreError } from '../../src/api/contract';
import { ORDERS_COLLECTION_ID } from './seed/datastores';
import { startTestPlatform, type TestPlatform } from './testing';

// Inputs found in review that once answered 500, hung, or changed the process itself.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const documents = `/api/datastores/v2/collections/${ORDERS_COLLECTION_ID}/documents`;
const refused = async (res: Response, status = 400) => {
  expect(res.status).toBe(status);
  return documentStoreError.parse(await res.json()).message;
};

describe('bad input is a 4xx with the area body, never a 500', () => {
  it('refuses a partial update that reaches for the prototype', async () => {
    for (const operation of [
      { $set: { 'content.__proto__.pwned': 1 } },
      { $unset: { 'content.constructor.prototype': '' } },
    ]) {
      const res = await platform.api(`${documents}/update`, {
        method: 'PUT',
        json: { query: {}, operation },
      });
      expect(await refused(res)).toMatch(/not a field name that can be updated/);
    }
    expect(({} as Record<string, unknown>).pwned).toBeUndefined();
    const after = await platform.api(`/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`);
    expect(after.status).toBe(200);
  });

  it('refuses an array index far past the end instead of padding a billion nulls', async () => {
    const created = await platform.api(documents, {
      method: 'POST',
      json: { content: { arr: [1] } },
    });
    const { id } = (await created.json()) as { id: string };
    const res = await platform.api(`${documents}/update`, {
      method: 'PUT',
      json: { query: { id }, operation: { $set: { 'content.arr.1000000000': 1 } } },
    });
    expect(await refused(res)).toMatch(/too far past/);
  });

  it('refuses numbers out of range rather than storing null or matching nothing', async () => {
    const mul = await platform.api(`${documents}/update`, {
      method: 'PUT',
      json: {
        query: { 'content.orderNumber': 10_001 },
        operation: { $mul: { 'content.quantity': 1e200 } },
      },
    });
    expect(mul.status).toBe(200); // quantity × 1e200 still fits
    const again = await platform.api(`${documents}/update`, {
      method: 'PUT',
      json: {
        query: { 'content.orderNumber': 10_001 },
        operation: { $mul: { 'content.quantity': 1e200 } },
      },
    });
    expect(await refused(again)).toMatch(/out of range/);
    const filter = await platform.api(`${documents}/query`, {
      method: 'POST',
      body: '{"content.quantity": 1e400}',
      headers: {
        'X-SERVICE-Developer-Token': platform.tokens.developer,
        'content-type': 'application/json',
      },
    });
    expect(await refused(filter)).toMatch(/out of range/);
  });

  it('answers a NUL character in text with 400', async () => {
    expect((await platform.api('/api/datastores/v1/collections?datastoreId=%00')).status).toBe(400);
    expect((await platform.api('/api/data/v3/datasources?nameLike=%00')).status).toBe(400);
    const doc = await platform.api(documents, {
      method: 'POST',
      json: { content: { a: 'x\u0000y' } },
    });
    await refused(doc);
  });

  it('answers a user id beyond 32 bits with 400', async () => {
    const res = await platform.api(`/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`, {
      method: 'PUT',
      json: { owner: 99_999_999_999 },
    });
    expect(await refused(res)).toMatch(/^owner: /);
  });

  it('refuses document ids that could never be addressed again', async () => {
    for (const id of ['a/b', '..', 'x?y']) {
      const res = await platform.api(`${documents}/bulk`, {
        method: 'PUT',
        json: [{ id, content: {} }],
      });
      await refused(res);
    }
  });
});
