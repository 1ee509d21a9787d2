import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stream } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { isPrivateAddress } from './connectors/outbound';
import { createStream, runToEnd, streamBody } from '../testing/streams';

// A stream's URL must not reach the platform's own network (SSRF), and a password
// in it is used, never shown.
describe('private addresses', () => {
  it('are recognised in every range, IPv4-mapped IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '[::1]',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

let platform: TestPlatform;
let web: http.Server;
let port: number;
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  // Only `localhost` is allowed: 127.0.0.1 by address stays refused.
  platform = await startTestPlatform({ env: { STREAMS_ALLOWED_PRIVATE_HOSTS: 'localhost' } });
  web = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    if (req.url === '/redirect')
      res.writeHead(302, { location: `http://127.0.0.1:${port}/cities.csv` }).end();
    else if (req.url === '/cities.csv')
      res.writeHead(200, { 'content-type': 'text/csv' }).end('city\nLyon\n');
    else if (req.url === '/private.csv') {
      const expected = `Basic ${Buffer.from('reader:s3cret-pw').toString('base64')}`;
      if (req.headers.authorization === expected)
        res.writeHead(200, { 'content-type': 'text/csv' }).end('city\nNice\n');
      else res.writeHead(401).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  port = (web.address() as AddressInfo).port;
});
afterAll(async () => {
  web.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
  await platform.close();
});

describe('the HTTP CSV connector', () => {
  it('refuses a loopback address, and a redirect to one, before sending anything', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/cities.csv`,
      `http://localhost:${port}/redirect`,
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const before = seen.length;
      const created = await createStream(platform, streamBody('http-csv', { url }));
      const done = await runToEnd(platform, created.id);
      expect(done.state, url).toBe('ERROR');
      expect(done.errorMessage, url).toMatch(/private or loopback address/);
      expect(seen.length - before, url).toBe(url.includes('redirect') ? 1 : 0);
    }
  });

  it('reads an allowed host, sends the URL password as Basic auth, and never shows it', async () => {
    const created = await createStream(
      platform,
      streamBody('http-csv', { url: `http://reader:s3cret-pw@localhost:${port}/private.csv` }),
    );
    expect((await runToEnd(platform, created.id)).state).toBe('SUCCESS');
    const readBack = stream.parse(
      await (await platform.api(`/api/data/v1/streams/${created.id}`)).json(),
    );
    const url = readBack.configuration.find((item) => item.name === 'url')?.value;
    expect(url).toBe(`http://reader:***@localhost:${port}/private.csv`);

    const failing = await createStream(
      platform,
      streamBody('http-csv', { url: `http://reader:s3cret-pw@localhost:${port}/missing.csv` }),
    );
    const done = await runToEnd(platform, failing.id);
    expect(done.state).toBe('ERROR');
    expect(JSON.stringify(done)).not.toContain('s3cret-pw');
    const list = await (await platform.api('/api/data/v1/streams')).text();
    expect(list).not.toContain('s3cret-pw');
  });
});
