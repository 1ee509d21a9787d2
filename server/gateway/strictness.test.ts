import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, startGateway, send, messageOf } from './testing/support';

// What the gateway must not let through (headers that rewrite a request, TRACE), and what it
// marks on every answer.
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function setup() {
  const base = await startFakeUpstream();
  const api = await startFakeUpstream();
  const gateway = await startGateway({
    baseUrl: base.url,
    apiUrl: api.url,
    tokens: { developer: 'dev-token', session: 'session-token', access: 'access-token' },
    brand: 'SERVICE',
  });
  open.push(base, api, gateway);
  return { base, gateway };
}

describe('gateway strictness', () => {
  it('drops headers spelled with an underscore and those that rewrite the path or method', async () => {
    const { base, gateway } = await setup();
    const answer = await send(gateway.port, {
      method: 'POST',
      path: '/api/datastores/v1/collections/x/documents',
      headers: {
        'x-service_authentication': 'stolen',
        'X-Original-URL': '/api/admin',
        'X-Rewrite-URL': '/api/admin',
        'X-HTTP-Method-Override': 'DELETE',
        'X-Method-Override': 'DELETE',
        'content-type': 'application/json',
        'x-kept': 'yes',
      },
      body: '{}',
    });
    expect(answer.status).toBe(200);
    const [forwarded] = base.requests;
    const names = Object.keys(forwarded!.headers);
    expect(names.filter((n) => n.includes('_'))).toEqual([]);
    for (const name of [
      'x-original-url',
      'x-rewrite-url',
      'x-http-method-override',
      'x-method-override',
    ])
      expect(names).not.toContain(name);
    expect(forwarded!.headers['x-service-authentication']).not.toBe('stolen');
    expect(forwarded!.headers['x-kept']).toBe('yes');
  });

  it('marks forwarded answers and its own no-store, nosniff, with a restrictive CSP', async () => {
    const { gateway } = await setup();
    for (const path of ['/api/datasets', '/gateway/status', '/api/../etc']) {
      const answer = await send(gateway.port, { path });
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['content-security-policy'], path).toContain("default-src 'none'");
    }
  });

  it('answers TRACE with 405 and an Allow header, without forwarding it', async () => {
    const { base, gateway } = await setup();
    const answer = await send(gateway.port, { method: 'TRACE', path: '/api/datasets' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toContain('GET');
    expect(messageOf(answer)).toMatch(/does not forward TRACE/);
    expect(base.requests).toHaveLength(0);
  });
});
