import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { silentHandler, startFakeUpstream, startGateway } from './test-support';

// Issue 8 §5 and issue 9 §11: a request the browser abandoned is not "Cannot reach the platform".
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

describe('an abandoned request', () => {
  it('is logged as 499 (client closed), not as a 502 from the platform', async () => {
    const upstream = await startFakeUpstream(silentHandler);
    const gateway = await startGateway({ baseUrl: upstream.url, apiUrl: upstream.url });
    open.push(upstream, gateway);

    const client = httpRequest({
      host: '127.0.0.1',
      port: gateway.port,
      path: '/api/datastores/v1/collections/gone/sync',
      headers: { host: gateway.host },
      agent: false,
    });
    client.on('error', () => {});
    client.end();
    await expect.poll(() => upstream.requests.length).toBe(1);
    client.destroy();

    await expect.poll(() => gateway.logs.length, { timeout: 5_000 }).toBe(1);
    expect(gateway.logs[0]).toMatch(
      /^gateway GET \/api\/datastores\/v1\/collections\/gone\/sync 499 /,
    );
  });
});
