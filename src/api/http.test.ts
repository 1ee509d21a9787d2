import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { collection } from './contract';
import { aCollection } from '../test/data';
import { server } from '../test/server';
import { ApiError } from './errors';
import { path, request } from './http';

describe('path', () => {
  it('encodes every interpolated segment', () => {
    expect(path`/api/datastores/v1/collections/${'a/b?c#d e'}`).toBe(
      '/api/datastores/v1/collections/a%2Fb%3Fc%23d%20e',
    );
  });
});

describe('request', () => {
  it('parses a 2xx answer with the schema', async () => {
    server.use(
      http.get('/api/datastores/v1/collections/c1', () => HttpResponse.json(aCollection())),
    );
    const value = await request({ path: '/api/datastores/v1/collections/c1', schema: collection });
    expect(value.name).toBe('products');
  });

  it('refuses a malformed answer, naming the path and the first issue', async () => {
    const broken = { ...aCollection(), schema: { columns: [{ name: 'x', type: 'BOOLEAN' }] } };
    server.use(http.get('/api/datastores/v1/collections/c1', () => HttpResponse.json(broken)));
    const error = await request({
      path: '/api/datastores/v1/collections/c1',
      schema: collection,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'contract', status: 0 });
    expect((error as ApiError).message).toContain('GET /api/datastores/v1/collections/c1');
    expect((error as ApiError).message).toContain('schema.columns[0].type');
  });

  it('refuses a 2xx body that is not JSON', async () => {
    server.use(http.get('/text', () => HttpResponse.text('hello')));
    await expect(request({ path: '/text', schema: z.string() })).rejects.toMatchObject({
      kind: 'contract',
    });
  });

  it('reads a 2xx JSON string as JSON', async () => {
    server.use(http.get('/text', () => HttpResponse.json('hello')));
    await expect(request({ path: '/text', schema: z.string() })).resolves.toBe('hello');
  });

  it('handles 204 with a void schema', async () => {
    server.use(http.delete('/thing', () => new HttpResponse(null, { status: 204 })));
    await expect(
      request({ method: 'DELETE', path: '/thing', schema: z.void() }),
    ).resolves.toBeUndefined();
  });

  it('a 204 where a body was expected is a contract error', async () => {
    server.use(http.get('/thing', () => new HttpResponse(null, { status: 204 })));
    await expect(request({ path: '/thing', schema: collection })).rejects.toMatchObject({
      kind: 'contract',
    });
  });

  it('sends JSON, the query string, and no credentials of its own', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('/api/thing', ({ request: req }) => {
        seen = req;
        return HttpResponse.json({ ok: true });
      }),
    );
    await request({
      method: 'POST',
      path: '/api/thing',
      query: { a: 'x y', skip: undefined, n: 2 },
      body: { content: { k: 1 } },
      schema: z.object({ ok: z.boolean() }),
    });
    expect(seen).toBeDefined();
    const url = new URL(seen!.url);
    expect(url.pathname).toBe('/api/thing');
    expect(url.search).toBe('?a=x+y&n=2');
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(await seen!.json()).toEqual({ content: { k: 1 } });
    expect(seen!.headers.get('authorization')).toBeNull();
    expect([...seen!.headers.keys()].some((h) => /token|authentication/i.test(h))).toBe(false);
  });
});
