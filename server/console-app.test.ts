import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createConsoleApp } from './console-app';
import { createGateway } from './gateway';
import { startFakeUpstream, type FakeUpstream } from './gateway/testing/support';

const HOST = '127.0.0.1:5173';
let distDir: string;
let upstream: FakeUpstream;
let app: ReturnType<typeof createConsoleApp>;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg/>');
  upstream = await startFakeUpstream();
  const gateway = createGateway({
    baseUrl: upstream.url,
    apiUrl: upstream.url,
    tokens: { developer: 'dev-1' },
    brand: 'SERVICE',
    mode: 'remote',
    allowedHosts: [HOST],
  });
  app = createConsoleApp({ gateway, distDir });
});

afterAll(async () => {
  await upstream.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (pathname: string, accept = 'text/html') =>
  app.request(`http://${HOST}${pathname}`, { headers: { host: HOST, accept } });

describe('npm start: console files behind the gateway', () => {
  it('serves index.html with the security headers and no-cache', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline'");
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' data:");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await get('/assets/index-abc123.js', '*/*');
    const icon = await get('/favicon.svg', '*/*');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client-side routes with index.html, and missing files with 404', async () => {
    const route = await get('/datasets/42');
    const missingAsset = await get('/assets/gone.js', '*/*');
    const missingUnderAssets = await get('/assets/gone', 'text/html');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await route.text()).toContain('<div id="root">');
    expect(missingAsset.status).toBe(404);
    expect(missingUnderAssets.headers.get('cache-control')).toBe('no-cache');
  });

  it('leaves /api, /v1 and /gateway to the gateway', async () => {
    const proxied = await get('/api/datastores/v1/', 'application/json');
    const status = await get('/gateway/status', 'application/json');
    const unknown = await get('/gateway/nothing');
    expect(proxied.status).toBe(200);
    expect(await proxied.json()).toEqual({ ok: true, path: '/api/datastores/v1/' });
    expect(status.status).toBe(200);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
