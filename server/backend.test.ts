import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayStatus } from '../src/api/contract/gateway';
import { startBackend, type Backend } from './backend';
import { send, startFakeUpstream } from './gateway/testing/support';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** The backend's middleware on a real port, as Vite mounts it; the port is known before the backend starts. */
async function serveBackend(env: NodeJS.ProcessEnv): Promise<{ port: number; backend: Backend }> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  open.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  const backend = await startBackend({ env, port });
  open.push(backend);
  handle = (req, res) => backend.middleware(req, res, () => res.writeHead(404).end('not gateway'));
  return { port, backend };
}

describe('startBackend', () => {
  it('remote mode: forwards to PLATFORM_BASE_URL with the env tokens; /v1 defaults to the same host', async () => {
    const upstream = await startFakeUpstream();
    open.push(upstream);
    const { port, backend } = await serveBackend({
      PLATFORM_BASE_URL: upstream.url,
      PLATFORM_DEVELOPER_TOKEN: 'env-dev',
      PLATFORM_ACCESS_TOKEN: 'env-access',
      PLATFORM_BRAND: 'ACME',
    });

    expect(backend.mode).toBe('remote');
    expect(backend.upstreamDescription).toBe(`upstream ${upstream.host}`);
    await send(port, { path: '/api/datastores/v1/' });
    await send(port, { path: '/v1/workflows', headers: { host: `localhost:${port}` } });
    expect(upstream.requests.map((r) => r.url)).toEqual(['/api/datastores/v1/', '/v1/workflows']);
    expect(upstream.requests[0]?.headers['x-acme-developer-token']).toBe('env-dev');
    expect(upstream.requests[1]?.headers.authorization).toBe('Bearer env-access');
    expect((await send(port, { path: '/api/x', headers: { host: 'localhost:1' } })).status).toBe(
      421,
    );
  });

  it('remote mode: PLATFORM_API_URL takes /v1 elsewhere', async () => {
    const base = await startFakeUpstream();
    const api = await startFakeUpstream();
    open.push(base, api);
    const { port } = await serveBackend({ PLATFORM_BASE_URL: base.url, PLATFORM_API_URL: api.url });
    await send(port, { path: '/v1/workflows' });
    expect(base.requests).toHaveLength(0);
    expect(api.requests.map((r) => r.url)).toEqual(['/v1/workflows']);
  });

  it('embedded mode: starts the platform and talks to it with its tokens', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-test-'));
    open.push({
      close: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
    });
    const { port, backend } = await serveBackend({ DATA_DIR: dataDir });

    expect(backend.mode).toBe('embedded');
    const status = gatewayStatus.parse((await send(port, { path: '/gateway/status' })).json());
    expect(status.mode).toBe('embedded');
    expect(status.upstreams.map((u) => u.reachable)).toEqual([true, true]);
    // The browser sends no token; a 200 proves the gateway added the platform's own.
    const list = await send(port, { path: '/api/datastores/v1/' });
    expect(list.status).toBe(200);
    await backend.close();
    // PGlite start, migrations and sample data: seconds, more on a busy machine.
  }, 60_000);
});
