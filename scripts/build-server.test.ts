import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { textGenerationResponse } from '../src/api/contract';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { openStore } from '../server/platform/store';
import { buildServer } from './build-server.mjs';

/**
 * `npm start` runs the server's bundle (about 100 MiB less at idle than through
 * tsx). What only the bundle could get wrong is where things are found: the migrations and the
 * seed data (each module's own location), the console's dist/, and the two worker threads'
 * entries built beside it. So: the bundle, started on an empty DATA_DIR, seeds, answers through
 * the gateway, and counts a long prompt on the tokens thread. The first start's seed runs in a
 * process of its own, the bundle's seed entry (its memory never stays with the
 * server), and a seed that fails fails the start with its reason.
 */
describe('the server bundle that npm start runs', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
  const dist = path.join(work, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>bundle test</title>');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** `npm start`'s process on `dataDir`; `output()` is what it printed so far. */
  async function startBundle(dataDir: string) {
    const entry = await buildServer();
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
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
    children.push(child);
    return { child, output: () => output };
  }

  it('starts on an empty data folder and serves the console and the embedded platform', async () => {
    const { child, output } = await startBundle(path.join(work, 'data'));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output()}`)), 90_000);
      child.stdout.on('data', () => {
        const found = /Platform Console: (http:\/\/\S+)/.exec(output());
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output()}`)));
    });

    // The sample data was written by another process, which has exited since.
    const seeder = Number(/written by a seed process \(pid (\d+),/.exec(output())?.[1]);
    expect(seeder, output()).toBeGreaterThan(0);
    expect(seeder).not.toBe(child.pid);
    expect(() => process.kill(seeder, 0)).toThrow();

    const page = await fetch(`${url}/datastores`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('bundle test');

    // Migrations and seed data found: the sample collection answers through the gateway.
    const collection = await fetch(`${url}/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`);
    expect(collection.status, output()).toBe(200);
    expect(((await collection.json()) as { name: string }).name).toBeTruthy();

    // A prompt past the inline limit is counted on the tokens thread (its bundled entry).
    const generated = await fetch(`${url}/api/ai/v1/text/generation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'word '.repeat(3_000) }),
    });
    expect(generated.status, output()).toBe(200);
    const answer = textGenerationResponse.parse(await generated.json());
    expect(answer.usage.inputTokens).toBeGreaterThan(2_000);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).not.toMatch(/Error|ERR_/);
  }, 180_000);

  it('fails the start with the seed’s reason when the seed fails, and writes none of it', async () => {
    // A store migrated but not seeded, holding a group the seed's own collides with.
    const dataDir = path.join(work, 'failing');
    const db = await openStore({ dataDir });
    await db.query("INSERT INTO user_groups (id, name) VALUES (101, 'taken')");
    await db.close();

    const { child, output } = await startBundle(dataDir);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output()).toMatch(
      /^Platform Console: could not start: the sample data could not be written: duplicate key value violates unique constraint "user_groups_pkey"/m,
    );
    expect(output()).not.toContain(dataDir);
    expect(output()).not.toMatch(/\n\s+at /);

    const after = await openStore({ dataDir });
    try {
      expect(await after.query("SELECT 1 FROM meta WHERE key = 'seeded'")).toEqual([]);
      expect(await after.query('SELECT 1 FROM users')).toEqual([]);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('bundles every thread and process entry the server names beside its own', async () => {
    const folder = path.dirname(await buildServer());
    const named = new Set<string>();
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.mjs')))
      for (const [, entry] of fs
        .readFileSync(path.join(folder, file), 'utf8')
        .matchAll(/new URL\(["']\.\/([\w-]+-(?:worker|child)\.mjs)["']/g))
        named.add(entry!);
    expect([...named].sort()).toEqual([
      'bulk-body-worker.mjs',
      'csv-worker.mjs',
      'pglite-worker.mjs',
      'regex-worker.mjs',
      'seed-child.mjs',
      'tokens-worker.mjs',
    ]);
    for (const entry of named) expect(fs.existsSync(path.join(folder, entry)), entry).toBe(true);
  });
});
