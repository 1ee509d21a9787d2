import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FORWARDED_FOR_SIGNATURE, signForwardedFor } from '../forwarded-for';
import { closedAfterEach, TEST_TOKENS } from './testing/fixtures';
import {
  startFakeUpstream,
  startGateway,
  send,
  type FakeUpstream,
  type UpstreamHandler,
} from './testing/support';

const open = closedAfterEach();

async function setup(
  options: {
    handler?: UpstreamHandler;
    tokens?: typeof TEST_TOKENS | object;
    basePath?: string;
    trustedProxies?: string[];
  } = {},
) {
  const base = await startFakeUpstream(options.handler);
  const api = await startFakeUpstream(options.handler);
  const gateway = await startGateway({
    baseUrl: base.url + (options.basePath ?? ''),
    apiUrl: api.url,
    tokens: options.tokens ?? TEST_TOKENS,
    brand: 'ACME',
    trustedProxies: options.trustedProxies,
  });
  open.push(base, api, gateway);
  return { base, api, gateway };
}

const only = (upstream: FakeUpstream) => {
  expect(upstream.requests).toHaveLength(1);
  return upstream.requests[0]!;
};

describe('rule 1: path and query go to the configured upstream', () => {
  it('forwards /api/* to baseUrl and /v1/* to apiUrl with path and query unchanged', async () => {
    const { base, api, gateway } = await setup();
    const apiAnswer = await send(gateway.port, {
      path: '/api/datastores/v1/collections/c%201?limit=5&name=a%20b',
    });
    const v1Answer = await send(gateway.port, { path: '/v1/workflows?page=2' });

    expect(apiAnswer.status).toBe(200);
    expect(only(base).url).toBe('/api/datastores/v1/collections/c%201?limit=5&name=a%20b');
    expect(v1Answer.status).toBe(200);
    expect(only(api).url).toBe('/v1/workflows?page=2');
  });

  it("forwards a custom app's paths (/<brand>/...) to baseUrl with the developer token and the app's name", async () => {
    const { base, api, gateway } = await setup();
    const answer = await send(gateway.port, {
      path: '/acme/datastores/v1/collections/tasks/documents/?x=1',
      headers: { 'x-app-id': 'task-board', 'x-acme-ryuu-token': 'from-the-page' },
    });
    expect(answer.status).toBe(200);
    const forwarded = only(base);
    expect(forwarded.url).toBe('/acme/datastores/v1/collections/tasks/documents/?x=1');
    expect(forwarded.headers['x-acme-developer-token']).toBe(TEST_TOKENS.developer);
    expect(forwarded.headers['x-app-id']).toBe('task-board');
    expect(forwarded.headers['x-acme-ryuu-token']).toBeUndefined();
    expect(api.requests).toHaveLength(0);
    // Another brand's paths are not the gateway's: they stay with the console's static files.
    const other = await send(gateway.port, { path: '/domo/datastores/v1/collections' });
    expect(other.body).toBe('static');
    expect(base.requests).toHaveLength(1);
  });

  it('keeps the path prefix of a base URL', async () => {
    const { base, gateway } = await setup({ basePath: '/tenant/' });
    await send(gateway.port, { path: '/api/ai/v1/text/generation' });
    expect(only(base).url).toBe('/tenant/api/ai/v1/text/generation');
  });
});

describe('rule 2: the route decides the token (spec 5)', () => {
  it('adds the branded developer token to /api calls, and no bearer', async () => {
    const { base, gateway } = await setup();
    await send(gateway.port, { path: '/api/data/v3/datasources' });
    const { headers } = only(base);
    expect(headers['x-acme-developer-token']).toBe('dev-token-123');
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-acme-authentication']).toBeUndefined();
  });

  it('adds the session header only to GET of the indexed schema', async () => {
    const { base, gateway } = await setup();
    await send(gateway.port, {
      path: '/api/query/v1/datasources/ds-1/schema/indexed?includeHidden=false',
    });
    await send(gateway.port, { path: '/api/query/v1/datasources/ds-1/schema' });
    await send(gateway.port, { path: '/api/query/v1/datasources/ds-1/schema/indexed/more' });
    await send(gateway.port, {
      method: 'POST',
      path: '/api/query/v1/datasources/ds-1/schema/indexed',
    });

    const sessions = base.requests.map((r) => r.headers['x-acme-authentication']);
    expect(sessions).toEqual(['session-token-456', undefined, undefined, undefined]);
    expect(
      base.requests.every((r) => r.headers['x-acme-developer-token'] === 'dev-token-123'),
    ).toBe(true);
  });

  it('adds a bearer access token to /v1 calls, and no developer token', async () => {
    const { api, gateway } = await setup();
    await send(gateway.port, { path: '/v1/workflows' });
    const { headers } = only(api);
    expect(headers.authorization).toBe('Bearer access-token-789');
    expect(headers['x-acme-developer-token']).toBeUndefined();
  });

  it('adds nothing for a token that is unset', async () => {
    const { base, api, gateway } = await setup({ tokens: {} });
    await send(gateway.port, { path: '/api/query/v1/datasources/ds-1/schema/indexed' });
    await send(gateway.port, { path: '/v1/workflows' });
    expect(
      Object.keys(only(base).headers).filter((name) =>
        /token|authentication|authorization/.test(name),
      ),
    ).toEqual([]);
    expect(only(api).headers.authorization).toBeUndefined();
  });
});

describe('rule 3: header hygiene', () => {
  const browserSecrets = {
    'X-ACME-Developer-Token': 'browser-dev-token',
    'X-Other-Token': 'browser-other-token',
    Authorization: 'Bearer browser-bearer',
    'Proxy-Authorization': 'Basic browser-proxy',
    Cookie: 'sid=browser-cookie',
    Forwarded: 'for=6.6.6.6;host=browser-forwarded',
    'X-Forwarded-For': '6.6.6.6',
    'X-Forwarded-For-Signature': 'browser-made-signature',
    'X-Forwarded-Host': 'browser-forwarded-host',
    'X-Forwarded-Proto': 'https',
    'X-Real-IP': '7.7.7.7',
    'x-acme-authentication': 'browser-session',
    'x-other-authentication': 'browser-other-session',
  };

  it('strips credentials and forwarding headers the browser sent, keeping the ordinary ones', async () => {
    const { base, api, gateway } = await setup();
    const headers = {
      ...browserSecrets,
      Connection: 'keep-alive, X-Hop',
      'X-Hop': 'hop-value',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Request-Id': 'req-1',
    };
    await send(gateway.port, {
      method: 'POST',
      path: '/api/datastores/v1/',
      headers,
      body: '{"name":"n"}',
    });
    await send(gateway.port, { path: '/v1/workflows', headers });

    const received = only(base).headers;
    expect(received['x-acme-developer-token']).toBe('dev-token-123');
    expect(only(api).headers.authorization).toBe('Bearer access-token-789');
    for (const name of [
      'x-other-token',
      'proxy-authorization',
      'cookie',
      'forwarded',
      'x-forwarded-host',
      'x-forwarded-proto',
      'x-real-ip',
      'x-acme-authentication',
      'x-other-authentication',
      'x-hop',
    ]) {
      expect(received[name], name).toBeUndefined();
    }
    // The browser's x-forwarded-for (6.6.6.6) is not passed: the gateway names the connection
    // it serves instead (the platform's activity log records it).
    expect(received['x-forwarded-for']).toBe('127.0.0.1');
    // Signed, so that the platform believes it from the gateway only (forwarded-for.ts).
    expect(received[FORWARDED_FOR_SIGNATURE]).toBe(
      signForwardedFor(TEST_TOKENS.developer, '127.0.0.1'),
    );
    const everythingUpstreamSaw = JSON.stringify([base.requests, api.requests]);
    for (const value of Object.values(browserSecrets))
      expect(everythingUpstreamSaw).not.toContain(value);
    expect(received.accept).toBe('application/json');
    expect(received['content-type']).toBe('application/json');
    expect(received['x-request-id']).toBe('req-1');
    expect(received.host).toBe(base.host);
    expect(received['content-length']).toBe('12');
    expect(only(base).body).toBe('{"name":"n"}');
  });

  it('passes status, body and content type back, without Set-Cookie or CORS grants', async () => {
    const { gateway } = await setup({
      handler: (_req, res) => {
        res.writeHead(404, {
          'content-type': 'application/problem+json',
          'set-cookie': ['a=1', 'b=2'],
          'x-trace': 't-1',
          'access-control-allow-origin': '*',
          'access-control-allow-credentials': 'true',
        });
        res.end('{"message":"no such collection"}');
      },
    });
    const answer = await send(gateway.port, { path: '/api/datastores/v1/collections/missing' });
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('{"message":"no such collection"}');
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.headers['x-trace']).toBe('t-1');
    expect(answer.headers['set-cookie']).toBeUndefined();
    // Same-origin console: no other site may read what the tokens fetch.
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names the client behind a trusted proxy from its x-forwarded-for, and no one else', async () => {
    const viaProxy = await setup({ trustedProxies: ['127.0.0.1'] });
    await send(viaProxy.gateway.port, {
      path: '/api/datastores/v1/',
      headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' },
    });
    const received = only(viaProxy.base).headers;
    expect(received['x-forwarded-for']).toBe('203.0.113.7');
    expect(received[FORWARDED_FOR_SIGNATURE]).toBe(
      signForwardedFor(TEST_TOKENS.developer, '203.0.113.7'),
    );
    // A proxy the operator did not name is a client like any other: its header is not read.
    const elsewhere = await setup({ trustedProxies: ['10.0.0.0/8'] });
    await send(elsewhere.gateway.port, {
      path: '/api/datastores/v1/',
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(only(elsewhere.base).headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes a compressed answer on decoded, with headers that say so', async () => {
    const { gateway, base } = await setup({
      handler: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync('{"compressed":true}'));
      },
    });
    const answer = await send(gateway.port, {
      path: '/api/x',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(only(base).headers['accept-encoding']).toBe('identity');
    expect(answer.body).toBe('{"compressed":true}');
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('hands a redirect to the browser instead of following it with the tokens', async () => {
    const elsewhere = await startFakeUpstream();
    open.push(elsewhere);
    const { base, gateway } = await setup({
      handler: (req, res) => {
        const location =
          req.url === '/api/a' ? `${elsewhere.url}/steal` : `http://${req.headers.host}/api/b?x=1`;
        res.writeHead(302, { location }).end();
      },
    });
    const away = await send(gateway.port, { path: '/api/a' });
    const home = await send(gateway.port, { path: '/api/c' });
    expect(away.status).toBe(302);
    expect(elsewhere.requests).toHaveLength(0);
    expect(home.headers.location).toBe('/api/b?x=1');
    expect(base.requests).toHaveLength(2);
  });
});
