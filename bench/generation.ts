import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { startConsoleServer } from './console-server';
import { median, ms, percentile, type Bench, type BenchRow } from './lib';

const PORT = 5192;
const base = `http://127.0.0.1:${PORT}`;

/** The model's own time, as the platform reports it (`Server-Timing: model;dur=…`). */
const modelTime = (res: Response) =>
  Number(/model;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);

/**
 * Text generation through the gateway with the built-in model. The overhead is each
 * request's time at the client minus the model's own time (templates, validation, the session
 * row, the gateway hop); then the playground's time from Run to the answer on screen.
 */
const generation: Bench = async () => {
  const { browser, stop } = await startConsoleServer(PORT);
  try {
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
    // The first generation since the server started, with Get Collection sent meanwhile one
    // after another: the longest one waited (the tokenizer's loading once held every request).
    let first = true;
    const reads: number[] = [];
    const reading = (async () => {
      while (first) {
        const t = performance.now();
        const res = await fetch(`${base}/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`Get Collection answered ${res.status}`);
        reads.push(performance.now() - t);
      }
    })();
    // Both awaited together: a read that fails is reported, not left unhandled.
    const [firstGeneration] = await Promise.all([send().finally(() => (first = false)), reading]);
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
        metric: 'first generation since start: Get Collection meanwhile, longest',
        value: ms(Math.max(...reads)),
        note: `${reads.length} reads while the first generation took ${ms(firstGeneration.total)} (its tokenizer starting)`,
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
    await stop();
  }
};
export default generation;
