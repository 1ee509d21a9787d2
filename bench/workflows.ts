import { workflow, workflowRun, runLogs } from '../src/api/contract';
import { readEvents } from '../server/platform/live/read-sse';
import { MAX_LIVE_READS, liveLimits } from '../server/platform/live/sse';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestPlatform } from '../server/platform/testing';
import { httpFloor } from './http-floor';
import { request } from './http-client';
import { batchRows } from './workflows-batch';
import { median, ms, percentile, type Bench, type BenchRow } from './lib';
import { cpuTimeOf, startPlatformProcess, type PlatformProcess } from './process';

const RUNS = 100;

/**
 * 100 concurrent runs of a three-step workflow (transform, generate with the built-in
 * model, notify into the outbox) through the platform's /v1 API on a fresh DATA_DIR (PGlite, or
 * PostgreSQL when DATABASE_URL is set). Runs per second: from the first start request until
 * every run has ended. Start → first log line: from the request that starts a run until the
 * run's live read (`GET …/runs/{id}/live?after=0`, as the run page follows it on the embedded
 * platform) delivers an entry.
 */
async function startPlatform(): Promise<
  Pick<PlatformProcess, 'url' | 'tokens' | 'api' | 'stop'> & { pid?: number }
> {
  // It follows 100 runs at once as one user, where a console user holds a few live reads.
  if (process.env.BENCH_IN_PROCESS === '1') {
    liveLimits.maxOpenPerUser = MAX_LIVE_READS;
    const platform = await startTestPlatform();
    return { ...platform, stop: () => platform.close() };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-workflows-'));
  const platform = await startPlatformProcess(dataDir, {
    LIVE_READS_PER_USER: String(MAX_LIVE_READS),
  });
  return {
    ...platform,
    stop: async () => {
      await platform.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const workflows: Bench = async () => {
  const platform = await startPlatform();
  const headers = {
    authorization: `Bearer ${platform.tokens.access}`,
    'content-type': 'application/json',
  };
  const call = async (path: string, body?: unknown) => {
    const res = await request(platform.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  try {
    const created = workflow.parse(
      await call('/v1/workflows', {
        name: 'bench: three steps',
        definition: {
          inputs: [{ name: 'n', type: 'number', required: true }],
          steps: [
            { id: 'shape', type: 'transform', name: 'Shape', set: { label: 'run ${input.n}' } },
            {
              id: 'write',
              type: 'generate',
              name: 'Write',
              model: 'local.template-echo',
              promptTemplate: 'Say hello to ${who}',
              parameters: { who: '${steps.shape.output.label}' },
            },
            {
              id: 'tell',
              type: 'notify',
              name: 'Tell',
              to: 'bench@example.com',
              message: '${steps.write.output.output}',
            },
          ],
        },
      }),
    );
    // Alone (the first two are warm-up): start → "Run started" line, and → COMPLETED.
    const aloneStarted: number[] = [];
    const aloneDone: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      const run = workflowRun.parse(
        await call(`/v1/workflows/${created.id}/runs`, { input: { n: -i } }),
      );
      let started = 0;
      for (;;) {
        if (!started) {
          const logs = runLogs.parse(await call(`/v1/workflows/runs/${run.id}/logs?after=0`));
          if (logs.entries.some((e) => e.message.startsWith('Run started')))
            started = performance.now() - t;
        }
        const now = workflowRun.parse(await call(`/v1/workflows/runs/${run.id}`));
        if (now.finishedAt) {
          if (i >= 2) {
            aloneStarted.push(started || performance.now() - t);
            aloneDone.push(performance.now() - t);
          }
          break;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    }

    const firstLog: number[] = [];
    const runStarted: number[] = [];
    const accepted: number[] = [];
    const statuses: string[] = [];
    const cpu0 = platform.pid ? cpuTimeOf(platform.pid) : undefined;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: RUNS }, async (_, n) => {
        const started = performance.now();
        const run = workflowRun.parse(
          await call(`/v1/workflows/${created.id}/runs`, { input: { n: n + 1 } }),
        );
        accepted.push(performance.now() - started);
        // Followed as the run page follows it on the embedded platform: the live read.
        const live = await request(`${platform.url}/v1/workflows/runs/${run.id}/live?after=0`, {
          headers,
        });
        if (!live.ok) throw new Error(`live read answered ${live.status}`);
        let status = '';
        await readEvents(live, undefined, 120_000, (event) => {
          const at = performance.now() - started;
          if (event.event === 'run') status = workflowRun.parse(JSON.parse(event.data)).status;
          if (event.event !== 'log') return;
          const { entries } = runLogs.parse(JSON.parse(event.data));
          if (entries.length && firstLog[n] === undefined) firstLog[n] = at;
          if (entries.some((e) => e.message.startsWith('Run started'))) runStarted.push(at);
        });
        statuses.push(status);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpuPerRun = cpu0 === undefined ? undefined : (cpuTimeOf(platform.pid!) - cpu0) / RUNS;
    const floor = await httpFloor(RUNS, JSON.stringify({ input: { n: 1 } }));
    const completed = statuses.filter((s) => s === 'COMPLETED').length;
    const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const rows: BenchRow[] = [
      {
        group: 'workflows',
        metric: 'one run alone: start → "Run started" line; → COMPLETED',
        value: `p50 ${ms(median(aloneStarted))}; p50 ${ms(median(aloneDone))}`,
        note: `${aloneDone.length} sequential runs, polled every 5 ms`,
      },
      {
        group: 'workflows',
        metric: `${RUNS} concurrent runs of a three-step workflow: runs per second`,
        value: `${(RUNS / seconds).toFixed(1)} runs/s`,
        note: `${store}; all ended in ${seconds.toFixed(2)} s; ${completed}/${RUNS} COMPLETED`,
        ...(completed < RUNS ? { failure: `${RUNS - completed} runs did not complete` } : {}),
      },
      ...(cpuPerRun === undefined
        ? []
        : [
            {
              group: 'workflows',
              metric: `${RUNS} concurrent runs: the platform's CPU time per run`,
              value: ms(cpuPerRun),
              note: `the platform process (its thread and the database's), user + system, from the first start until every run ended; unlike the wall-clock figures, what else runs on the machine does not change it`,
            },
          ]),
      {
        group: 'workflows',
        metric: 'start → first log line (while 100 run)',
        value: `p50 ${ms(median(firstLog.filter(Boolean)))}, p90 ${ms(percentile(firstLog.filter(Boolean), 90))}`,
        note: 'POST …/runs to the first entry ("Run queued", written with the run) on the run\'s live read (…/live?after=0), opened once POST answered',
      },
      {
        group: 'workflows',
        metric: 'start → "Run started" log line (while 100 run)',
        value: `p50 ${ms(median(runStarted))}, p90 ${ms(percentile(runStarted, 90))}`,
        note: `the runner claimed the run and started its first step; POST answered 202 in p50 ${ms(median(accepted))}, p90 ${ms(percentile(accepted, 90))}`,
      },
      {
        group: 'workflows',
        metric: `start POST p50 (while ${RUNS} run), against the machine's floor`,
        value: `p50 ${ms(median(accepted))}; ${(median(accepted) / floor).toFixed(1)} × the floor`,
        note: `floor: the same ${RUNS} POSTs at once, by the same client (node:http, http-client.ts), to a bare node:http server that does nothing, p50 ${ms(floor)}; goal p50 ≤ 50 ms`,
      },
      ...(await batchRows(platform, store)),
    ];
    return rows;
  } finally {
    await platform.stop();
  }
};

export default workflows;
