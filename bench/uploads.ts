import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { median, type Bench, type BenchRow } from './lib';
import { MIB, memoryOf, mib, sleep, startConsole } from './process';

/**
 * A 200 MiB data-file upload through the gateway of `npm start` (gateway and
 * embedded platform in one process, as a user runs it), sent as a stream of 1 MiB chunks with
 * its Content-Length. MB/s from the first byte sent to the answer; the process's peak memory
 * above idle (Linux VmHWM, reset through /proc/<pid>/clear_refs, and rss sampled every 50 ms).
 */
const SIZE = 200 * MIB;
const RUNS = 3;

/** Sends SIZE bytes in 1 MiB chunks, honouring backpressure; resolves with the answer. */
function uploadOnce(url: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const target = new URL('/api/data/v1/data-files?name=bench-200mib.bin', url);
    const req = http.request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(MIB, 'abcdefghijklmnopqrstuvwxyz0123456789\n');
    let sent = 0;
    const pump = () => {
      while (sent < SIZE) {
        sent += MIB;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const bench: Bench = async () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  const rates: number[] = [];
  const peaks: number[] = [];
  let idleRss = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
      const app = await startConsole(dataDir, distDir);
      try {
        await sleep(1500);
        const idle = memoryOf(app.pid).rss;
        idleRss = idle;
        fs.writeFileSync(`/proc/${app.pid}/clear_refs`, '5');
        let sampled = idle;
        const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(app.pid).rss)), 50);
        const t = performance.now();
        const answer = await uploadOnce(app.url);
        const seconds = (performance.now() - t) / 1000;
        clearInterval(sampler);
        if (answer.status !== 200)
          throw new Error(`upload answered ${answer.status}: ${answer.body}`);
        const peak = Math.max(sampled, memoryOf(app.pid).hwm);
        rates.push(SIZE / 1e6 / seconds);
        peaks.push(peak - idle);
      } finally {
        await app.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(distDir, { recursive: true, force: true });
  }
  const peak = median(peaks);
  const rows: BenchRow[] = [
    {
      group: 'uploads',
      metric: `200 MiB data file through the gateway (median of ${RUNS})`,
      value: `${median(rates).toFixed(1)} MB/s`,
      note: `runs: ${rates.map((r) => r.toFixed(1)).join(', ')} MB/s`,
    },
    {
      group: 'uploads',
      metric: 'peak memory above idle during that upload (gateway + platform)',
      value: mib(peak),
      note: `idle rss ${mib(idleRss)}; runs: ${peaks.map(mib).join(', ')}; aim ≤ 64 MiB`,
      ...(peak > 64 * MIB ? { failure: `above the 64 MiB aim` } : {}),
    },
  ];
  return rows;
};
export default bench;
