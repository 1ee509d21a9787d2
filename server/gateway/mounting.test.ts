import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createGateway } from './gateway';
import { closedAfterEach } from './testing/fixtures';
import { startFakeUpstream, startGateway, send } from './testing/support';

const open = closedAfterEach();

describe('rule 10: paths that are not the gateway fall through', () => {
  it('as connect middleware (Vite), calls next() for everything but /api, /v1 and /gateway', async () => {
    const upstream = await startFakeUpstream();
    const gateway = await startGateway({ baseUrl: upstream.url, apiUrl: upstream.url });
    open.push(upstream, gateway);

    const bodies: Record<string, string> = {};
    for (const path of [
      '/',
      '/index.html',
      '/datasets/42',
      '/apix',
      '/v10/x',
      '/assets/app.js?v=1',
      '/api',
      '/v1/workflows',
    ]) {
      bodies[path] = (await send(gateway.port, { path })).body;
    }
    expect(bodies).toMatchObject({
      '/': 'static',
      '/index.html': 'static',
      '/datasets/42': 'static',
      '/apix': 'static',
      '/v10/x': 'static',
      '/assets/app.js?v=1': 'static',
    });
    expect(upstream.requests.map((r) => r.url)).toEqual(['/api', '/v1/workflows']);
    expect(gateway.logs).toHaveLength(2);
  });

  it('inside a Hono app (npm start), lets later handlers answer the other paths', async () => {
    const upstream = await startFakeUpstream();
    open.push(upstream);
    let app = new Hono();
    const server = serve({
      fetch: (request, env) => app.fetch(request, env),
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    app = new Hono();
    app.route(
      '/',
      createGateway({
        baseUrl: upstream.url,
        apiUrl: upstream.url,
        tokens: { developer: 'dev-1' },
        brand: 'SERVICE',
        mode: 'remote',
        allowedHosts: [`127.0.0.1:${port}`],
      }),
    );
    app.get('*', (c) => c.text('console'));

    const page = await send(port, { path: '/datasets/42' });
    const proxied = await send(port, { path: '/api/datastores/v1/?x=1' });
    const status = await send(port, { path: '/gateway/status' });
    const traversal = await send(port, { path: '/api/../etc' });

    expect(page.body).toBe('console');
    expect(proxied.status).toBe(200);
    expect(upstream.requests[0]?.url).toBe('/api/datastores/v1/?x=1');
    expect(upstream.requests[0]?.headers['x-service-developer-token']).toBe('dev-1');
    expect(status.json()).toMatchObject({ mode: 'remote', brand: 'SERVICE' });
    expect(traversal.status).toBe(400);
  });

  it('works on plain fetch Requests too (no Node bindings), refusing a URL whose host is not the Host header', async () => {
    const upstream = await startFakeUpstream();
    open.push(upstream);
    const gateway = createGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      tokens: {},
      brand: 'SERVICE',
      mode: 'remote',
      allowedHosts: ['127.0.0.1:5173'],
    });
    const headers = { host: '127.0.0.1:5173' };

    const proxied = await gateway.request('http://127.0.0.1:5173/api/a?b=c', { headers });
    const foreign = await gateway.request('http://evil.example/api/a', { headers });
    const other = await gateway.request('http://127.0.0.1:5173/index.html', { headers });

    expect(proxied.status).toBe(200);
    expect(foreign.status).toBe(400);
    expect(other.status).toBe(404);
    expect(upstream.requests.map((r) => r.url)).toEqual(['/api/a?b=c']);
  });
});
