import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowRunList } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { MAX_RECORDED_INPUT_BYTES, durationText } from './step-record';
import { allLogs, createWorkflow, startRun, v1, waitForRun } from '../testing/workflows';

/** The run records what each step received and produced, and how long it ran. */
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

async function run(definition: unknown, input?: unknown) {
  const workflow = await createWorkflow(platform, definition, 'step record test');
  const started = await startRun(platform, workflow.id, input);
  return waitForRun(platform, started.id);
}

describe('a run records each step', () => {
  it('notify: its message with references filled in, its output, its duration and log', async () => {
    const done = await run(
      {
        steps: [
          { id: 'pause', type: 'wait', name: 'Pause', seconds: 0 },
          {
            id: 'tell',
            type: 'notify',
            name: 'Tell',
            to: '${input.who}@example.com',
            message: 'Hello ${input.who}, the report is ready',
          },
        ],
      },
      { who: 'ada' },
    );
    expect(done.status).toBe('COMPLETED');
    const tell = done.steps![1]!;
    expect(tell.input).toEqual({
      to: 'ada@example.com',
      message: 'Hello ada, the report is ready',
    });
    expect(tell.output).toMatchObject({ to: 'ada@example.com', channel: 'email' });
    expect(done.steps![0]!.input).toEqual({ seconds: 0 });
    expect(tell.durationMs).toEqual(expect.any(Number));

    const logs = await allLogs(platform, done.id);
    const sent = logs.find((l) => l.step === 'tell' && l.message.startsWith('Sent'));
    expect(sent?.message).toBe(
      'Sent email notification to ada@example.com, subject "step record test: Tell": Hello ada, the report is ready',
    );
    // One duration per step: the log says what the step's state says.
    for (const step of done.steps!)
      expect(logs.map((l) => l.message)).toContain(
        `Step ${step.id} completed in ${durationText(step.durationMs!)}`,
      );
    // Lines about the whole run carry no step.
    expect(logs.filter((l) => l.step === '').map((l) => l.message)).toEqual([
      'Run queued by Ada Admin (workflow version 1)',
      'Run started (workflow version 1, 2 steps)',
      'Input: {"who":"ada"}',
      expect.stringMatching(/^Run completed in /),
    ]);

    // A list of runs leaves inputs out, as it leaves out outputs.
    const list = await v1(platform)(`/v1/workflows/${done.workflowId}/runs`);
    const [listed] = workflowRunList.parse(await list.json());
    expect(listed!.steps![1]).not.toHaveProperty('input');
    expect(listed!.steps![1]).not.toHaveProperty('output');
    expect(listed!.steps![1]!.durationMs).toBe(tell.durationMs);
  });

  it('never records a secret: header values and a URL password are masked, also when the step fails', async () => {
    const done = await run(
      {
        steps: [
          {
            id: 'call',
            type: 'http',
            name: 'Call',
            method: 'POST',
            url: 'https://robot:s3cret-pw@hooks.example.com/${input.path}',
            headers: { Authorization: 'Bearer abcdef123456', 'X-Team': '${input.team}' },
            body: { token: 'tok-secret', note: 'key sk-abcdefghijkl' },
          },
        ],
      },
      { path: 'deploy', team: 'blue' },
    );
    expect(done.status).toBe('FAILED');
    const call = done.steps![0]!;
    expect(call.input).toEqual({
      method: 'POST',
      url: 'https://robot:***@hooks.example.com/deploy',
      headers: { Authorization: '[redacted]', 'X-Team': 'blue' },
      body: { token: '[redacted]', note: 'key sk-[redacted]' },
    });
    expect(JSON.stringify(done)).not.toMatch(/s3cret|abcdef123456|tok-secret|sk-abcdefghijkl/);
  });

  it('bounds what it keeps of a large input, saying so', async () => {
    const text = 'x'.repeat(40_000);
    const done = await run(
      { steps: [{ id: 'big', type: 'transform', name: 'Big', set: { text: '${input.text}' } }] },
      { text },
    );
    expect(done.status).toBe('COMPLETED');
    const input = done.steps![0]!.input as { truncated: string; start: string };
    expect(input.truncated).toMatch(/^40\d{3} bytes as JSON; the first 16384 characters are kept$/);
    expect(input.start).toHaveLength(MAX_RECORDED_INPUT_BYTES);
    expect((done.steps![0]!.output as { text: string }).text).toHaveLength(40_000);
  });
});

describe('a run has a number its user knows', () => {
  it("counts the workflow's runs by start: 1, 2, … in the answer, the run and the lists", async () => {
    const workflow = await createWorkflow(platform, {
      steps: [{ id: 'pause', type: 'wait', name: 'Pause', seconds: 0 }],
    });
    const first = await startRun(platform, workflow.id);
    const second = await startRun(platform, workflow.id);
    expect([first.number, second.number]).toEqual([1, 2]);
    expect((await waitForRun(platform, second.id)).number).toBe(2);
    const list = await v1(platform)(`/v1/workflows/${workflow.id}/runs`);
    const runs = workflowRunList.parse(await list.json());
    expect(runs.map((r) => [r.id, r.number])).toEqual([
      [second.id, 2],
      [first.id, 1],
    ]);
    const across = await v1(platform)(
      `/v1/workflows/runs?workflowId=${workflow.id}&sort=startedAt`,
    );
    expect(workflowRunList.parse(await across.json()).map((r) => r.number)).toEqual([1, 2]);
  });
});
