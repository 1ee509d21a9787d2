import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatformProcess } from './process';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
const p = await startPlatformProcess(dataDir);
const headers = { authorization: `Bearer ${p.tokens.access}`, 'content-type': 'application/json' };
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function burst(label: string, fn: (i: number) => Promise<unknown>) {
  for (let round = 0; round < 3; round++) {
    const times: number[] = [];
    await Promise.all(Array.from({ length: 100 }, async (_, i) => { const t = performance.now(); await fn(i); times.push(performance.now() - t); }));
    console.log(label, 'p50', median(times).toFixed(1), 'max', Math.max(...times).toFixed(1));
    await new Promise((r) => setTimeout(r, 500));
  }
}
await burst('GET / (no auth)', () => fetch(p.url + '/').then((r) => r.text()));
await burst('GET /v1/workflows?limit=1', () => fetch(p.url + '/v1/workflows?limit=1', { headers }).then((r) => r.text()));
const wf = await (await fetch(p.url + '/v1/workflows', { method: 'POST', headers, body: JSON.stringify({ name: 'probe', definition: { steps: [{ id: 'a', type: 'transform', name: 'A', set: { x: 1 } }] } }) })).json() as { id: string };
await burst('POST start', (i) => fetch(`${p.url}/v1/workflows/${wf.id}/runs`, { method: 'POST', headers, body: JSON.stringify({ input: { n: i } }) }).then((r) => r.text()));
await p.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
