import { request as httpRequest } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { gatewayStatus } from '../../src/api/contract/gateway';
import { formatAccessLogLine } from './access-log';
import { closedAfterEach, TEST_TOKENS } from './testing/fixtures';
import { silentHandler, startFakeUpstream, startGateway, send } from './testing/support';

const open = closedAfterEach();

describe('rule 8: one log line per request', () => {
  it('formats method, path without query, status and duration', () => {
    expect(
      formatAccessLogLine({
        method: 'GET',
        path: '/api/x?secret=1',
        status: 200,
        durationMs: 12.6,
      }),
    ).toBe('gateway GET /api/x 200 13ms');
  });

  it('logs each request once, with no query string, token, header value or body', async () => {
    const upstream = await startFakeUpstream();
    const gateway = await startGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      tokens: TEST_TOKENS,
    });
    open.push(upstream, gateway);

    await send(gateway.port, {
      method: 'POST',
      path: '/api/query/v1/datasources/ds-1/schema/indexed?includeHidden=false&q=query-secret',
      headers: {
        'X-SERVICE-Developer-Token': 'browser-token',
        authorization: 'Bearer browser-bearer',
        'x-note': 'header-secret',
      },
      body: '{"password":"body-secret"}',
    });
    await send(gateway.port, { path: '/v1/workflows?x=1', headers: { host: 'evil.example' } });
    await send(gateway.port, { path: '/index.html' });

    expect(gateway.logs).toHaveLength(2);
    expect(gateway.logs[0]).toMatch(
      /^gateway POST \/api\/query\/v1\/datasources\/ds-1\/schema\/indexed 200 \d+ms$/,
    );
    expect(gateway.logs[1]).toMatch(/^gateway GET \/v1\/workflows 421 \d+ms$/);
    const everything = gateway.logs.join('\n');
    for (const secret of [
      ...Object.values(TEST_TOKENS),
      'browser-token',
      'browser-bearer',
      'header-secret',
      'body-secret',
      'query-secret',
      '?',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('rule 9: GET /gateway/status', () => {
  it('reports mode, brand and each upstream host with its reachability, through the contract schema', async () => {
    // Any HTTP answer counts as reachable, even a 404.
    const base = await startFakeUpstream((_req, res) => res.writeHead(404).end());
    const api = await startFakeUpstream();
    await api.close();
    const gateway = await startGateway({
      baseUrl: `${base.url}/prefix`,
      apiUrl: api.url,
      tokens: TEST_TOKENS,
      brand: 'ACME',
    });
    open.push(base, gateway);

    const answer = await send(gateway.port, { path: '/gateway/status' });
    expect(answer.status).toBe(200);
    const status = gatewayStatus.parse(answer.json());
    const latency = status.upstreams[0]?.latencyMs ?? -1;
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(2000);
    expect(status).toEqual({
      mode: 'remote',
      brand: 'ACME',
      upstreams: [
        { name: 'base', host: base.host, reachable: true, latencyMs: latency },
        { name: 'api', host: api.host, reachable: false, latencyMs: null },
      ],
      // One operator with the configured token: nobody signs in.
      auth: { mode: 'none', person: null },
    });
    for (const token of Object.values(TEST_TOKENS)) expect(answer.body).not.toContain(token);
    // The probe is the gateway's own: the base URL, without a token.
    expect(base.requests.map((r) => r.url)).toEqual(['/prefix']);
    expect(
      Object.keys(base.requests[0]!.headers).some((name) =>
        /token|authentication|authorization/.test(name),
      ),
    ).toBe(false);
  });

  it('caches the probe for a few seconds', async () => {
    const upstream = await startFakeUpstream();
    const gateway = await startGateway({ baseUrl: upstream.url, apiUrl: upstream.url });
    open.push(gateway);

    const first = gatewayStatus.parse(
      (await send(gateway.port, { path: '/gateway/status' })).json(),
    );
    await upstream.close();
    const second = gatewayStatus.parse(
      (await send(gateway.port, { path: '/gateway/status' })).json(),
    );
    expect(first.upstreams.map((u) => u.reachable)).toEqual([true, true]);
    expect(second.upstreams.map((u) => u.reachable)).toEqual([true, true]);
    // base and api are the same URL: one probe serves both.
    expect(upstream.requests).toHaveLength(1);
  });

  it('answers unknown /gateway paths itself with 404', async () => {
    const upstream = await startFakeUpstream();
    const gateway = await startGateway({ baseUrl: upstream.url, apiUrl: upstream.url });
    open.push(upstream, gateway);
    const answer = await send(gateway.port, { path: '/gateway/other' });
    expect(answer.status).toBe(404);
    expect(answer.json()).toEqual({ message: 'No such gateway endpoint' });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('a request the browser abandoned', () => {
  it('is logged as abandoned (499), not as a 502 from the platform', async () => {
    const upstream = await startFakeUpstream(silentHandler);
    const gateway = await startGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      tokens: TEST_TOKENS,
    });
    open.push(upstream, gateway);

    const outgoing = httpRequest({
      host: '127.0.0.1',
      port: gateway.port,
      path: '/v1/collections/gone/sync',
      headers: { host: gateway.host },
      agent: false,
    });
    outgoing.on('error', () => {});
    outgoing.end();
    await vi.waitFor(() => expect(upstream.requests).toHaveLength(1));
    outgoing.destroy();

    await vi.waitFor(() => expect(gateway.logs).toHaveLength(1));
    expect(gateway.logs[0]).toMatch(
      /^gateway GET \/v1\/collections\/gone\/sync 499 \d+ms abandoned by the browser$/,
    );
    expect(gateway.logs[0]).not.toContain('502');
  });
});
