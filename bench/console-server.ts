import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { serverArgs } from './process';

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface ConsoleServer {
  base: string;
  browser: Browser;
  stop: () => Promise<void>;
}

/**
 * `npm start`'s server on fresh sample data (a production build of the console, the embedded
 * platform on PGlite) and headless Chromium, for benchmarks that measure what a user waits for.
 */
export async function startConsoleServer(port: number): Promise<ConsoleServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-console-'));
  const dist = path.join(work, 'dist');
  await build({ logLevel: 'silent', build: { outDir: dist, emptyOutDir: true } });
  const server = spawn(process.execPath, await serverArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(work, 'data'),
      CONSOLE_DIST_DIR: dist,
      PLATFORM_BASE_URL: '',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: chromiumArgs,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await browser.close();
    server.kill('SIGINT');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/gateway/status`, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, browser, stop };
}
