import { spawn } from 'node:child_process';
import { median } from './lib';
import { request } from './http-client';

/** A bare node:http server that reads a body and answers 202 with a small JSON: no work at all. */
const BARE_SERVER = `
const http = require('node:http');
const s = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}'));
});
s.listen(0, '127.0.0.1', () => console.log('PORT ' + s.address().port));
`;

/**
 * The machine's floor for `count` start requests sent at once, as the workflows bench sends them
 * (the light client of http-client.ts, after a warm-up on one connection, so each of the others
 * opens its connection): the same POSTs to a server that does nothing, in a process of its own.
 * A start's p50 is read against it: no server answers faster on this machine with this client.
 */
export async function httpFloor(count: number, body: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const found = /PORT (\d+)/.exec(chunk.toString());
        if (found) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    const post = async () => {
      const res = await request(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.json();
    };
    for (let i = 0; i < 12; i++) await post();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: count }, async () => {
        const t = performance.now();
        await post();
        times.push(performance.now() - t);
      }),
    );
    return median(times);
  } finally {
    child.kill();
  }
}
