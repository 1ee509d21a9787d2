import { describe, expect, it } from 'vitest';
import { closedAfterEach } from './testing/fixtures';
import { messageOf, startFakeUpstream, startGateway, send } from './testing/support';

const open = closedAfterEach();

async function setup() {
  const upstream = await startFakeUpstream();
  const gateway = await startGateway({
    baseUrl: upstream.url,
    apiUrl: upstream.url,
    tokens: { developer: 'dev-token-123' },
  });
  open.push(upstream, gateway);
  return { upstream, gateway };
}

describe('rule 4: Host check', () => {
  it('answers 421 to a Host it does not serve, without calling the upstream', async () => {
    const { upstream, gateway } = await setup();
    const answer = await send(gateway.port, {
      path: '/api/datastores/v1/',
      headers: { host: `evil.example:${gateway.port}` },
    });
    expect(answer.status).toBe(421);
    expect(messageOf(answer)).not.toBe('');
    expect(upstream.requests).toHaveLength(0);
  });

  it('serves both 127.0.0.1 and localhost on its port', async () => {
    const { upstream, gateway } = await setup();
    expect(
      (await send(gateway.port, { path: '/api/x', headers: { host: `localhost:${gateway.port}` } }))
        .status,
    ).toBe(200);
    expect(
      (
        await send(gateway.port, {
          path: '/api/x',
          headers: { host: `localhost:${gateway.port + 1}` },
        })
      ).status,
    ).toBe(421);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('rule 1: the request never decides the host', () => {
  it.each([
    ['a dot-dot segment', '/api/../v1/workflows'],
    ['an encoded dot-dot segment', '/api/%2e%2E/v1/workflows'],
    ['an encoded slash', '/api/datastores%2F..%2Fadmin'],
    ['an encoded backslash', '/api/a%5c..%5cb'],
    ['a backslash', '/api/a\\..\\b'],
    ['a dot-dot segment that resolves into /api', '/assets/../api/datastores/v1/'],
    ['an absolute-form target', 'http://evil.example/api/datastores/v1/'],
  ])('answers 400 to %s, without calling the upstream', async (_name, path) => {
    const { upstream, gateway } = await setup();
    const answer = await send(gateway.port, { path });
    expect(answer.status).toBe(400);
    expect(messageOf(answer)).not.toBe('');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('rule 5: cross-site writes are refused', () => {
  it.each(['cross-site', 'same-site'])(
    'answers 403 to a POST with Sec-Fetch-Site: %s',
    async (site) => {
      const { upstream, gateway } = await setup();
      const answer = await send(gateway.port, {
        method: 'POST',
        path: '/api/datastores/v1/',
        headers: { 'sec-fetch-site': site },
        body: '{}',
      });
      expect(answer.status).toBe(403);
      expect(messageOf(answer)).not.toBe('');
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('answers 403 to a DELETE whose Origin is another site (no Sec-Fetch-Site)', async () => {
    const { upstream, gateway } = await setup();
    const answer = await send(gateway.port, {
      method: 'DELETE',
      path: '/api/x',
      headers: { origin: 'http://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('lets same-origin writes, scripts without either header, and cross-site reads through', async () => {
    const { upstream, gateway } = await setup();
    const origin = `http://${gateway.host}`;
    const statuses = [
      (
        await send(gateway.port, {
          method: 'PUT',
          path: '/api/a',
          headers: { 'sec-fetch-site': 'same-origin', origin },
          body: '{}',
        })
      ).status,
      (
        await send(gateway.port, {
          method: 'PATCH',
          path: '/api/b',
          headers: { origin },
          body: '{}',
        })
      ).status,
      (await send(gateway.port, { method: 'POST', path: '/api/c', body: '{}' })).status,
      (
        await send(gateway.port, {
          method: 'GET',
          path: '/api/d',
          headers: { 'sec-fetch-site': 'cross-site' },
        })
      ).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(upstream.requests.map((r) => r.url)).toEqual(['/api/a', '/api/b', '/api/c', '/api/d']);
  });
});
