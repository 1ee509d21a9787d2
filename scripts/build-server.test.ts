import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { textGenerationResponse } from '../src/api/contract';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { buildServer } from './build-server.mjs';

/**
 * `npm start` runs the server's bundle (issue 26 §4: about 100 MiB less at idle than through
 * tsx). What only the bundle could get wrong is where things are found: the migrations and the
 * seed data (each module's own location), the console's dist/, and the two worker threads'
 * entries built beside it. So: the bundle, started on an empty DATA_DIR, seeds, answers through
 * the gateway, and counts a long prompt on the tokens thread.
 */
describe('the server bundle that npm start runs', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
  let stop = () => {};
  afterAll(() => {
    stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('starts on an empty data folder and serves the console and the embedded platform', async () => {
    const entry = await buildServer();
    const dist = path.join(work, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>bundle test</title>');
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      env: {
        ...process.env,
        DATA_DIR: path.join(work, 'data'),
        CONSOLE_DIST_DIR: dist,
        PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
        DATABASE_URL: '',
        PLATFORM_BASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    stop = () => child.kill('SIGTERM');
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 90_000);
      child.stdout.on('data', () => {
        const found = /Platform Console: (http:\/\/\S+)/.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
    });

    const page = await fetch(`${url}/datastores`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('bundle test');

    // Migrations and seed data found: the sample collection answers through the gateway.
    const collection = await fetch(`${url}/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`);
    expect(collection.status, output).toBe(200);
    expect(((await collection.json()) as { name: string }).name).toBeTruthy();

    // A prompt past the inline limit is counted on the tokens thread (its bundled entry).
    const generated = await fetch(`${url}/api/ai/v1/text/generation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'word '.repeat(3_000) }),
    });
    expect(generated.status, output).toBe(200);
    const answer = textGenerationResponse.parse(await generated.json());
    expect(answer.usage.inputTokens).toBeGreaterThan(2_000);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/Error|ERR_/);
  }, 180_000);
});
