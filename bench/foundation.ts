import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { readConfig } from '../server/config';
import { createGateway } from '../server/gateway';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { startEmbeddedPlatform } from '../server/platform/server';
import { bundleRows } from '../scripts/bundle-size';
import { latencies, median, ms, percentile, type Bench, type BenchRow } from './lib';

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

const foundation: Bench = async () => [...(await bundleRows()), ...(await latency())];
export default foundation;
