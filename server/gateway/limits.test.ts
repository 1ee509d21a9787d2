import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable, pipeline } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, TEST_TOKENS } from './testing/fixtures';
import {
  silentHandler,
  startFakeUpstream,
  startGateway,
  send,
  type RunningGateway,
} from './testing/support';
import type { GatewayOptions } from './options';

const open = closedAfterEach();

/** A gateway with a body limit of 1024 bytes (and `options`) before a fake upstream. */
async function setup(options: Partial<GatewayOptions> = {}) {
  const upstream = await startFakeUpstream();
  const gateway = await startGateway({
    baseUrl: upstream.url,
    apiUrl: upstream.url,
    maxBodyBytes: 1024,
    ...options,
  });
  open.push(upstream, gateway);
  return { upstream, gateway };
}

/** Only the headers of a POST that announces `length` bytes: the answer cannot come from counting the body. */
const announce = (gateway: RunningGateway, path: string, length: number) =>
  send(gateway.port, {
    method: 'POST',
    path,
    headers: { 'content-length': String(length) },
    headersOnly: true,
  });

describe('rule 6: body size limit', () => {
  it('answers 413 when Content-Length is over the limit, without calling the upstream', async () => {
    const { upstream, gateway } = await setup();
    const answer = await announce(gateway, '/api/datastores/v1/', 1025);
    expect(answer.status).toBe(413);
    expect(answer.json()).toEqual({ message: 'Request body is larger than 1024 bytes' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 413 when a chunked body grows over the limit, without calling the upstream', async () => {
    const { upstream, gateway } = await setup();
    const chunks = Array.from({ length: 4 }, () => Buffer.alloc(300, 'b'));
    const answer = await send(gateway.port, { method: 'PUT', path: '/api/x', chunks });
    expect(answer.status).toBe(413);
    expect(upstream.requests).toHaveLength(0);
  });

  it('forwards a chunked body within the limit with its exact length', async () => {
    const { upstream, gateway } = await setup();
    const chunks = Array.from({ length: 4 }, (_, i) => Buffer.alloc(256, String(i)));
    const answer = await send(gateway.port, { method: 'POST', path: '/api/x', chunks });
    expect(answer.status).toBe(200);
    expect(upstream.requests[0]?.headers['content-length']).toBe('1024');
    expect(upstream.requests[0]?.headers['transfer-encoding']).toBeUndefined();
    expect(upstream.requests[0]?.body).toBe(chunks.map(String).join(''));
  });
});

describe('data-file uploads stream through up to MAX_UPLOAD_MB', () => {
  const setupUploads = () => setup({ maxUploadBytes: 4096, tokens: TEST_TOKENS });

  it('forwards an upload larger than the body limit, whole, as it arrives', async () => {
    const { upstream, gateway } = await setupUploads();
    const chunks = Array.from({ length: 3 }, (_, i) => Buffer.alloc(1000, String(i)));
    for (const [method, path] of [
      ['POST', '/api/data/v1/data-files?name=a.csv'],
      ['PUT', '/api/data/v1/data-files/7'],
    ] as const) {
      const answer = await send(gateway.port, { method, path, chunks });
      expect(answer.status).toBe(200);
    }
    expect(upstream.requests.map((r) => r.body)).toEqual([
      chunks.map(String).join(''),
      chunks.map(String).join(''),
    ]);
    for (const { headers } of upstream.requests) {
      expect(headers['x-service-developer-token']).toBe(TEST_TOKENS.developer);
      expect(headers.host).toBe(upstream.host);
    }
  });

  it('answers 413 to an upload over MAX_UPLOAD_MB: declared, before calling the upstream; chunked, as it passes', async () => {
    const { upstream, gateway } = await setupUploads();
    const declared = await announce(gateway, '/api/data/v1/data-files?name=a.csv', 4097);
    expect(declared.status).toBe(413);
    expect(upstream.requests).toHaveLength(0);
    const chunked = await send(gateway.port, {
      method: 'POST',
      path: '/api/data/v1/data-files?name=a.csv',
      chunks: Array.from({ length: 5 }, () => Buffer.alloc(1000, 'x')),
    });
    expect(chunked.status).toBe(413);
    // Other routes keep the body limit.
    const other = await send(gateway.port, {
      method: 'POST',
      path: '/api/datastores/v1/',
      chunks: [Buffer.alloc(2000, 'y')],
    });
    expect(other.status).toBe(413);
  });
});

describe('an upload passes through without piling up in the gateway', () => {
  it('holds a few chunks, not the upload, while the upstream is slower than the browser', async () => {
    const MIB = 1024 * 1024;
    const size = 192 * MIB;
    // An upstream that takes the body more slowly than the browser sends it.
    let received = 0;
    const upstream = createServer((req, res) => {
      const slow = new Writable({
        write(chunk: Buffer, _encoding, done) {
          received += chunk.byteLength;
          setImmediate(done);
        },
      });
      pipeline(req, slow, () => res.writeHead(200).end(String(received)));
    });
    const port = await new Promise<number>((resolve) =>
      upstream.listen(0, '127.0.0.1', () => resolve((upstream.address() as AddressInfo).port)),
    );
    open.push({ close: () => new Promise<void>((resolve) => upstream.close(() => resolve())) });
    const gateway = await startGateway({
      baseUrl: `http://127.0.0.1:${port}`,
      apiUrl: `http://127.0.0.1:${port}`,
      maxUploadBytes: size,
    });
    open.push(gateway);

    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(
      () => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)),
      10,
    );
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest({
        host: '127.0.0.1',
        port: gateway.port,
        method: 'POST',
        path: '/api/data/v1/data-files?name=big.bin',
        headers: { host: gateway.host, 'content-length': String(size) },
      });
      outgoing.on('response', (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      });
      outgoing.on('error', reject);
      const chunk = Buffer.alloc(MIB, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += MIB;
          if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
        }
        outgoing.end();
      };
      pump();
    });
    clearInterval(sampler);
    expect(status).toBe(200);
    expect(received).toBe(size);
    // fetch kept every chunk of a streamed body until the answer: ~192 MiB here.
    expect((peak - before) / MIB).toBeLessThan(64);
  });
});

describe('rule 7: upstream failures', () => {
  it('answers 502 with the upstream host when the upstream is down', async () => {
    const upstream = await startFakeUpstream();
    await upstream.close();
    const gateway = await startGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      tokens: TEST_TOKENS,
    });
    open.push(gateway);

    const answer = await send(gateway.port, { path: '/api/datastores/v1/' });
    expect(answer.status).toBe(502);
    expect(answer.json()).toEqual({
      message: 'Cannot reach the platform (ECONNREFUSED)',
      upstream: upstream.host,
    });
    for (const token of Object.values(TEST_TOKENS)) expect(answer.body).not.toContain(token);

    // An upload goes out by another client (Node's http): same answer.
    const upload = await send(gateway.port, {
      method: 'POST',
      path: '/api/data/v1/data-files?name=a.csv',
      chunks: [Buffer.from('a,b\n1,2\n')],
    });
    expect(upload.status).toBe(502);
    expect(upload.json()).toEqual({
      message: 'Cannot reach the platform (ECONNREFUSED)',
      upstream: upstream.host,
    });
  });

  it('answers 504 when the upstream does not answer within timeoutMs', async () => {
    const upstream = await startFakeUpstream(silentHandler);
    const gateway = await startGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      tokens: TEST_TOKENS,
      timeoutMs: 150,
    });
    open.push(upstream, gateway);

    const started = performance.now();
    const answer = await send(gateway.port, { path: '/v1/workflows' });
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(504);
    expect(answer.json()).toEqual({
      message: 'The platform did not answer within 150 ms',
      upstream: upstream.host,
    });
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1500);
    expect(upstream.requests).toHaveLength(1);
  });

  it('does not cut a slow answer that keeps sending within timeoutMs', async () => {
    const upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      let sent = 0;
      const timer = setInterval(() => {
        res.write(`row ${sent}\n`);
        if (++sent === 5) {
          clearInterval(timer);
          res.end();
        }
      }, 80);
    });
    const gateway = await startGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      timeoutMs: 200,
    });
    open.push(upstream, gateway);

    const answer = await send(gateway.port, { path: '/api/exports/e-1/download' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('row 0\nrow 1\nrow 2\nrow 3\nrow 4\n');
  });

  it('names the embedded platform rather than its address in embedded mode', async () => {
    const upstream = await startFakeUpstream();
    await upstream.close();
    const gateway = await startGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      mode: 'embedded',
    });
    open.push(gateway);
    const answer = await send(gateway.port, { path: '/api/x' });
    expect(answer.json()).toMatchObject({ upstream: 'embedded platform' });
  });

  it('turns an unexpected failure inside the gateway into a 502 JSON answer', async () => {
    const upstream = await startFakeUpstream();
    const gateway = await startGateway({
      baseUrl: upstream.url,
      apiUrl: upstream.url,
      log: () => {
        throw new Error('log sink is broken');
      },
    });
    open.push(upstream, gateway);
    const answer = await send(gateway.port, { path: '/api/x' });
    expect(answer.status).toBe(502);
    expect(answer.json()).toEqual({ message: 'The gateway failed to handle the request' });
  });
});
