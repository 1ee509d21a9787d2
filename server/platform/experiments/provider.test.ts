import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEventPage,
  experiment as experimentSchema,
  experimentResults,
  type CreateExperimentBody,
} from '../../../src/api/contract';
import { startTestPlatform, testFolder, type TestPlatform } from '../testing';
import {
  casesDataset,
  createExperiment,
  experimentsPath,
  experimentWhen,
} from '../testing/experiments';
import { fakeChat } from '../testing/provider';
import { createWorkflow, startRun, waitForRun } from '../testing/workflows';

// The fake provider's model `small-chat` answers "answer to <prompt>"; asked as a judge (its
// system message), it answers a score. Its latency and 429s are set by each test.
const chat = fakeChat();
const JUDGE = 'You grade';
let provider: http.Server;
let env: Record<string, string>;
let platform: TestPlatform;
let datasetId: string;
const api = (path: string, init?: RequestInit & { json?: unknown }) => platform.api(path, init);

const body = (more: Partial<CreateExperimentBody> = {}): CreateExperimentBody => ({
  name: 'On the provider',
  cases: { datasetId, limit: 1 },
  mapping: { question: 'question' },
  expectedColumn: 'answer',
  variants: [{ model: 'small-chat', template: '${question}' }],
  scorers: [],
  concurrency: 1,
  ...more,
});

const resultsOf = async (id: string) =>
  experimentResults.parse(await (await api(`${experimentsPath}/${id}/results?limit=200`)).json());

beforeAll(async () => {
  provider = http.createServer(chat.handler);
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  env = {
    GENERATION_OPENAI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    GENERATION_OPENAI_API_KEY: 'sk-experiments-test',
    GENERATION_OPENAI_MODELS: 'small-chat',
    GENERATION_TIMEOUT_SECONDS: '20',
  };
  platform = await startTestPlatform({ env });
  datasetId = await casesDataset(platform, {
    name: 'Provider questions',
    owner: 1,
    columns: ['question', 'answer'],
    rows: Array.from({ length: 12 }, (_, i) => [`q${i}`, `answer to q${i}`]),
  });
}, 180_000);
afterAll(async () => {
  await platform?.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

const reset = (latencyMs = 0) => {
  chat.latencyMs = latencyMs;
  chat.rateLimit(0);
  chat.calls = 0;
  chat.times = [];
  chat.maxInFlight = 0;
  chat.answer = (prompt, system) =>
    system?.startsWith(JUDGE) ? '{"score": 0.75, "reason": "close enough"}' : `answer to ${prompt}`;
};

describe('an experiment on an OpenAI-compatible provider', () => {
  it('scores with a judge, and scores 0 a judge answer that is not a score', async () => {
    reset();
    const created = await createExperiment(
      api,
      body({
        cases: { datasetId, limit: 2 },
        scorers: [
          { type: 'judge', model: 'small-chat', rubric: 'Does it answer the question?' },
          // The built-in model echoes the judge's prompt: no score in it.
          { type: 'judge', model: 'local.template-echo', rubric: 'Is it short?' },
          { type: 'exactMatch', caseSensitive: true },
        ],
      }),
    );
    const done = await experimentWhen(api, created.id);
    expect(done.state).toBe('SUCCESS');
    expect(done.summary[0]!.meanScores).toEqual([0.75, 0, 1]);
    const cell = (await resultsOf(created.id)).cases[0]!.cells[0]!;
    expect(cell.output).toBe('answer to q0');
    expect(cell.scores[0]).toEqual({ scorer: 0, score: 0.75, reason: 'close enough' });
    expect(cell.scores[1]!.reason).toMatch(/^the judge's answer was not a score: /);
    expect(cell.inputTokens).toBe(10);
    expect(cell.outputTokens).toBe(5);
  });

  it('retries a 429 after its retry-after, and counts the attempts', async () => {
    reset();
    chat.rateLimit(2, '1');
    const created = await createExperiment(api, body());
    const done = await experimentWhen(api, created.id);
    expect(done.state).toBe('SUCCESS');
    const cell = (await resultsOf(created.id)).cases[0]!.cells[0]!;
    expect(cell).toMatchObject({ state: 'DONE', attempts: 3, output: 'answer to q0' });
    expect(chat.times).toHaveLength(3);
    expect(chat.times[1]! - chat.times[0]!).toBeGreaterThanOrEqual(950);
    expect(chat.times[2]! - chat.times[1]!).toBeGreaterThanOrEqual(950);
  });

  it('fails a cell whose attempts are spent, and runs it again alone', async () => {
    reset();
    chat.rateLimit(5, '0');
    const created = await createExperiment(api, body());
    const failed = await experimentWhen(api, created.id);
    expect(failed.state).toBe('FAILED');
    expect(failed.error).toMatch(
      /^every call failed; the first: the model provider is rate limiting/,
    );
    const cell = (await resultsOf(created.id)).cases[0]!.cells[0]!;
    expect(cell).toMatchObject({ state: 'FAILED', attempts: 5, output: null });
    expect(cell.error).toMatch(/rate limiting requests; retry after 0 s: slow down/);
    expect(chat.calls).toBe(5);

    const rerun = await api(`${experimentsPath}/${created.id}/cells/0/0/run`, { method: 'POST' });
    expect(rerun.status).toBe(200);
    expect(((await rerun.json()) as { state: string }).state).toBe('RUNNING');
    const again = await experimentWhen(api, created.id);
    expect(again.state).toBe('SUCCESS');
    expect(again.error).toBeNull();
    expect((await resultsOf(created.id)).cases[0]!.cells[0]).toMatchObject({
      state: 'DONE',
      attempts: 1,
      output: 'answer to q0',
    });
    // A cell that does not exist; a cell of a running experiment.
    const missing = await api(`${experimentsPath}/${created.id}/cells/5/0/run`, { method: 'POST' });
    expect(missing.status).toBe(404);
  });

  it('calls the provider at the experiment’s concurrency', async () => {
    reset(100);
    const created = await createExperiment(
      api,
      body({ cases: { datasetId, limit: 8 }, concurrency: 2 }),
    );
    const done = await experimentWhen(api, created.id);
    expect(done.progress.done).toBe(8);
    expect(chat.maxInFlight).toBe(2);
  });

  it('cancels what is queued and keeps what finished', async () => {
    reset(200);
    const created = await createExperiment(api, body({ cases: { datasetId, limit: 12 } }));
    await experimentWhen(api, created.id, (e) => e.progress.done >= 2);
    const res = await api(`${experimentsPath}/${created.id}/cancel`, { method: 'POST' });
    expect(res.status).toBe(200);
    const cancelled = experimentSchema.parse(await res.json());
    expect(cancelled.state).toBe('CANCELLED');
    expect(cancelled.progress.done).toBeGreaterThanOrEqual(2);
    expect(cancelled.progress.done + cancelled.progress.cancelled).toBe(12);
    const calls = chat.calls;
    await new Promise((r) => setTimeout(r, 500));
    expect(chat.calls).toBe(calls);
    const page = await resultsOf(created.id);
    const states = page.cases.map((c) => c.cells[0]!.state);
    expect(states.slice(0, 2)).toEqual(['DONE', 'DONE']);
    expect(states.at(-1)).toBe('CANCELLED');
    expect(page.cases[0]!.cells[0]!.output).toBe('answer to q0');
    expect((await api(`${experimentsPath}/${created.id}/cancel`, { method: 'POST' })).status).toBe(
      409,
    );
    const events = auditEventPage.parse(
      await (await api(`/api/audit/v1/events?objectType=experiment&objectId=${created.id}`)).json(),
    ).events;
    expect(events.map((e) => e.action)).toEqual(['experiment.cancelled', 'experiment.created']);
    // Once it has ended, a cancelled cell runs again alone.
    const rerun = await api(`${experimentsPath}/${created.id}/cells/11/0/run`, { method: 'POST' });
    expect(rerun.status).toBe(200);
    const again = await experimentWhen(api, created.id);
    expect(again.state).toBe('SUCCESS');
    expect(again.progress.done).toBe(cancelled.progress.done + 1);
  });

  it('a workflow step starts one as the run’s user and waits; a FAILED one fails the step', async () => {
    reset();
    const workflow = await createWorkflow(platform, {
      steps: [
        {
          id: 'suite',
          type: 'experiment.run',
          name: 'Prompt suite',
          experiment: body({ cases: { datasetId, limit: 3 } }),
        },
      ],
    });
    const run = await waitForRun(platform, (await startRun(platform, workflow.id)).id);
    expect(run.status).toBe('COMPLETED');
    const output = run.steps!.find((s) => s.id === 'suite')!.output as {
      experimentId: string;
      state: string;
      summary: Array<{ done: number }>;
    };
    expect(output.state).toBe('SUCCESS');
    expect(output.summary[0]!.done).toBe(3);
    const experiment = await experimentWhen(api, output.experimentId);
    expect(experiment.owner).toBe(1);

    reset();
    chat.rateLimit(5, '0');
    const failing = await createWorkflow(platform, {
      steps: [{ id: 'suite', type: 'experiment.run', name: 'Prompt suite', experiment: body() }],
    });
    const failed = await waitForRun(platform, (await startRun(platform, failing.id)).id);
    expect(failed.status).toBe('FAILED');
    expect(JSON.stringify(failed)).toMatch(/failed: every call failed/);
  });
});

describe('a run stopped with its platform', () => {
  it('goes on after the restart from the cells left, keeping those done', async () => {
    reset(150);
    const folder = testFolder('experiments-restart-');
    let first: TestPlatform | undefined = await startTestPlatform({ folder, env });
    let second: TestPlatform | undefined;
    try {
      const id = await casesDataset(first, {
        name: 'Restart questions',
        owner: 1,
        columns: ['question', 'answer'],
        rows: Array.from({ length: 12 }, (_, i) => [`r${i}`, `answer to r${i}`]),
      });
      const request =
        (p: TestPlatform) => (path: string, init?: RequestInit & { json?: unknown }) =>
          p.api(path, init);
      const created = await createExperiment(
        request(first),
        body({ cases: { datasetId: id, limit: 12 }, concurrency: 2 }),
      );
      await experimentWhen(request(first), created.id, (e) => e.progress.done >= 4);
      await first.close();
      first = undefined;
      const before = experimentResults.parse(
        await (
          await (second = await startTestPlatform({ folder, env })).api(
            `${experimentsPath}/${created.id}/results?limit=200`,
          )
        ).json(),
      );
      const done = await experimentWhen(request(second), created.id);
      expect(done.state).toBe('SUCCESS');
      expect(done.progress).toEqual({ total: 12, done: 12, failed: 0, cancelled: 0 });
      const after = experimentResults.parse(
        await (await second.api(`${experimentsPath}/${created.id}/results?limit=200`)).json(),
      );
      const kept = before.cases.filter((c) => c.cells[0]!.state === 'DONE');
      expect(kept.length).toBeGreaterThanOrEqual(4);
      for (const c of kept) expect(after.cases[c.index]!.cells[0]).toEqual(c.cells[0]);
      // Each cell was asked once, but those in flight at the stop, asked again.
      expect(chat.calls).toBeLessThanOrEqual(12 + 2);
    } finally {
      await first?.close();
      await second?.close();
      await folder.remove();
    }
  });
});
