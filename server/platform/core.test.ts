import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, documentStoreError, documentV2 } from '../../src/api/contract';
import { ORDERS_COLLECTION_ID } from './seed/datastores';
import { startTestPlatform, type TestPlatform } from './testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

describe('embedded platform core', () => {
  it('answers Get Collection (4.1) with a 2.1 collection', async () => {
    const res = await platform.api(`/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`);
    expect(res.status).toBe(200);
    const body = collection.parse(await res.json());
    expect(body.id).toBe(ORDERS_COLLECTION_ID);
    expect(body.schema.columns.map((c) => c.type)).toContain('DATETIME');
  });

  it('refuses a missing or wrong developer token with 401 and the 7.1 body', async () => {
    for (const headers of [{}, { 'X-SERVICE-Developer-Token': 'wrong' }] as Record<
      string,
      string
    >[]) {
      const res = await platform.api(`/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`, {
        headers,
      });
      expect(res.status).toBe(401);
      expect(documentStoreError.parse(await res.json()).status).toBe(401);
    }
  });

  it('answers every route with and without a trailing slash, as the public docs write them', async () => {
    const documents = `/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}/documents/`;
    const created = await platform.api(documents, { method: 'POST', json: { content: { a: 1 } } });
    expect(created.status).toBe(200);
    for (const path of [
      `/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}/`,
      '/api/data/v1/data-files/details/',
      '/api/data/v1/data-files/details',
    ]) {
      const res = await platform.api(path);
      expect(res.status, path).toBe(200);
    }
  });

  it('answers an unknown collection with 404 and a trace id', async () => {
    const res = await platform.api('/api/datastores/v1/collections/does-not-exist');
    expect(res.status).toBe(404);
    const error = documentStoreError.parse(await res.json());
    expect(error.statusReason).toBe('Not Found');
    expect(error.toe).toMatch(/^[0-9A-F]{24}$/);
  });

  it('creates a document (4.2) in its v2 form, with empty content when omitted', async () => {
    const path = `/api/datastores/v2/collections/${ORDERS_COLLECTION_ID}/documents`;
    const res = await platform.api(path, {
      method: 'POST',
      json: { content: { customer: 'Zed' } },
    });
    expect(res.status).toBe(200);
    const doc = documentV2.parse(await res.json());
    expect(doc).toMatchObject({
      collectionId: ORDERS_COLLECTION_ID,
      owner: '1',
      createdBy: '1',
      content: { customer: 'Zed' },
    });
    const empty = await platform.api(path, { method: 'POST' });
    expect(documentV2.parse(await empty.json()).content).toEqual({});
  });

  it('answers a body that is not JSON with 400, naming the problem', async () => {
    const res = await platform.api(
      `/api/datastores/v2/collections/${ORDERS_COLLECTION_ID}/documents`,
      {
        method: 'POST',
        body: '{"content":',
        headers: {
          'X-SERVICE-Developer-Token': platform.tokens.developer,
          'content-type': 'application/json',
        },
      },
    );
    expect(res.status).toBe(400);
    expect(documentStoreError.parse(await res.json()).message).toMatch(/not valid JSON/);
  });

  it('names the bad field of a body of the wrong type', async () => {
    const res = await platform.api(
      `/api/datastores/v2/collections/${ORDERS_COLLECTION_ID}/documents`,
      {
        method: 'POST',
        json: { content: 'text' },
      },
    );
    expect(res.status).toBe(400);
    expect(documentStoreError.parse(await res.json()).message).toMatch(/^content: /);
  });

  it('answers an unknown endpoint with 404, not 500', async () => {
    const res = await platform.api('/api/nothing/here');
    expect(res.status).toBe(404);
  });

  it('refuses a second platform on the same data folder with a clear message', async () => {
    if (process.env.DATABASE_URL) return; // the lock guards PGlite folders only
    const { startEmbeddedPlatform } = await import('./server');
    const { readConfig } = await import('../config');
    await expect(
      startEmbeddedPlatform({ config: readConfig({ DATA_DIR: platform.dataDir }) }),
    ).rejects.toThrow(/in use by another embedded platform/);
    // The first platform has its tokens from the environment; the refused one wrote none.
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    expect(existsSync(join(platform.dataDir, 'tokens.json'))).toBe(false);
  });
});
