import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { build, type Manifest } from 'vite';
import { readConfig } from '../server/config';
import { createGateway } from '../server/gateway';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { startEmbeddedPlatform } from '../server/platform/server';
import { latencies, median, ms, percentile, type Bench, type BenchRow } from './lib';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB gz`;

/** Gzipped JS of the production build: what the first page loads, and each route's own chunk. */
async function bundle(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
  try {
    await build({ logLevel: 'silent', build: { outDir, manifest: true, emptyOutDir: true } });
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const gz = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file))).length;
    const closure = (key: string, seen = new Set<string>()) => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
      return seen;
    };
    const entry = closure('index.html');
    const size = (keys: Iterable<string>) =>
      [...keys].reduce((n, k) => n + gz(manifest[k]!.file), 0);
    const rows: BenchRow[] = [];
    const routes = Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry);
    const firstRoute = routes.find(([key]) => key.endsWith('features/datastores/pages/index.ts'));
    const firstPage = new Set(entry);
    if (firstRoute) for (const k of closure(firstRoute[0])) firstPage.add(k);
    rows.push({
      group: 'console bundle',
      metric: 'first page (/datastores) JS',
      value: kb(size(firstPage)),
      note: `${firstPage.size} chunks: entry + datastores route`,
    });
    for (const [key] of routes) {
      const own = [...closure(key)].filter((k) => !entry.has(k));
      rows.push({
        group: 'console bundle',
        metric: `route chunk ${key.replace(/^src\//, '')}`,
        value: kb(size(own)),
      });
    }
    return rows;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** Get Collection (4.1) on the embedded platform, directly and through the gateway. */
async function latency(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-platform-'));
  const platform = await startEmbeddedPlatform({ config: readConfig({ DATA_DIR: dataDir }) });
  // The gateway checks the Host header, so it is made once the listener knows its port.
  const holder: { gateway?: ReturnType<typeof createGateway> } = {};
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(
      { fetch: (req) => holder.gateway!.fetch(req), port: 0, hostname: '127.0.0.1' },
      () => resolve(s),
    );
  });
  const gatewayPort = (server.address() as AddressInfo).port;
  holder.gateway = createGateway({
    baseUrl: platform.url,
    apiUrl: platform.url,
    tokens: platform.tokens,
    brand: 'SERVICE',
    mode: 'embedded',
    allowedHosts: [`127.0.0.1:${gatewayPort}`],
  });
  const pathname = `/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`;
  const direct = () =>
    fetch(platform.url + pathname, {
      headers: { 'X-SERVICE-Developer-Token': platform.tokens.developer },
    }).then((r) => r.arrayBuffer());
  const viaGateway = () =>
    fetch(`http://127.0.0.1:${gatewayPort}${pathname}`).then((r) => r.arrayBuffer());
  try {
    const check = await fetch(`http://127.0.0.1:${gatewayPort}${pathname}`);
    if (check.status !== 200) throw new Error(`gateway answered ${check.status}`);
    await latencies(200, 4, direct); // warm-up
    await latencies(200, 4, viaGateway);
    const rows: BenchRow[] = [];
    for (const concurrency of [1, 16]) {
      const xs = await latencies(2000, concurrency, direct);
      rows.push({
        group: 'platform',
        metric: `Get Collection, ${concurrency} client${concurrency > 1 ? 's' : ''}`,
        value: `p50 ${ms(median(xs))}, p99 ${ms(percentile(xs, 99))}`,
        note: '2,000 requests, PGlite',
      });
    }
    // Interleaved rounds, so that machine noise hits both sides alike.
    const d: number[] = [];
    const g: number[] = [];
    for (let round = 0; round < 5; round++) {
      d.push(median(await latencies(300, 1, direct)));
      g.push(median(await latencies(300, 1, viaGateway)));
    }
    rows.push({
      group: 'gateway',
      metric: 'overhead: via gateway / direct (median)',
      value: `${(median(g) / median(d)).toFixed(2)}×`,
      note: `direct ${ms(median(d))}, via gateway ${ms(median(g))}`,
    });
    return rows;
  } finally {
    server.close();
    await platform.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const foundation: Bench = async () => [...(await bundle()), ...(await latency())];
export default foundation;
