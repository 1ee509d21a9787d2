import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { median, ms, percentile, type Bench, type BenchRow } from './lib';

const PORT = 5192;
const base = `http://127.0.0.1:${PORT}`;

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The model's own time, as the platform reports it (`Server-Timing: model;dur=…`). */
const modelTime = (res: Response) =>
  Number(/model;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);

/**
 * Issue 12: text generation through the gateway with the built-in model. The overhead is each
 * request's time at the client minus the model's own time (templates, validation, the session
 * row, the gateway hop); then the playground's time from Run to the answer on screen.
 */
const generation: Bench = async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-generation-'));
  const dist = path.join(work, 'dist');
  await build({ logLevel: 'silent', build: { outDir: dist, emptyOutDir: true } });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
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
  try {
    await waitFor(`${base}/gateway/status`, 120_000);
    const body = JSON.stringify({
      input: 'Revenue rose 12 % in the North; the South was flat. '.repeat(20),
      promptTemplate: 'Summarise for ${audience}:\n\n${input}',
      parameters: { audience: 'the sales leads' },
      sessionId: 'bench',
    });
    const send = async () => {
      const t = performance.now();
      const res = await fetch(`${base}/api/ai/v1/text/generation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`generation answered ${res.status}`);
      return { total: performance.now() - t, model: modelTime(res) };
    };
    for (let i = 0; i < 30; i++) await send(); // warm-up
    const totals: number[] = [];
    const overheads: number[] = [];
    for (let i = 0; i < 300; i++) {
      const { total, model } = await send();
      totals.push(total);
      overheads.push(total - model);
    }

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/playground?session=bench-ui`);
    const run = page.getByRole('button', { name: 'Run', exact: true });
    await run.waitFor();
    const screen: number[] = [];
    for (let round = 0; round < 12; round++) {
      await page.getByRole('textbox', { name: 'audience' }).fill(`round ${round}`);
      const t = await page.evaluate(() => performance.now());
      await run.click();
      await page.getByRole('region', { name: 'Output' }).getByText(`round ${round}`).waitFor();
      const done = await page.evaluate(() => performance.now());
      if (round > 1) screen.push(done - t);
    }
    const rows: BenchRow[] = [
      {
        group: 'generation',
        metric: 'built-in model via gateway: overhead above the model',
        value: `p50 ${ms(median(overheads))}, p99 ${ms(percentile(overheads, 99))}`,
        note: `300 sequential requests; whole request p50 ${ms(median(totals))}`,
      },
      {
        group: 'generation',
        metric: 'playground: Run → answer on screen',
        value: `p50 ${ms(median(screen))}, max ${ms(percentile(screen, 100))}`,
        note: `${screen.length} rounds, headless Chromium (click to the output's text)`,
      },
    ];
    return rows;
  } finally {
    await browser.close();
    server.kill('SIGINT');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  }
};
export default generation;
