import { expect } from 'vitest';
import {
  runLogs,
  workflow as workflowSchema,
  workflowRun,
  type RunLogEntry,
  type WorkflowRun,
} from '../../../src/api/contract';
import type { TestPlatform } from './index';

/** Calls /v1 with the configured access token (acts as the admin), or `token` when given. */
export function v1(platform: TestPlatform, token = platform.tokens.access) {
  return (path: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(platform.url + path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
}

export async function createWorkflow(
  platform: TestPlatform,
  definition: unknown,
  name = 'test workflow',
) {
  const response = await v1(platform)('/v1/workflows', { json: { name, definition } });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return workflowSchema.parse(JSON.parse(text));
}

export async function startRun(platform: TestPlatform, workflowId: string, input?: unknown) {
  const response = await v1(platform)(`/v1/workflows/${workflowId}/runs`, {
    json: input === undefined ? {} : { input },
  });
  const text = await response.text();
  expect(response.status, text).toBe(202);
  return workflowRun.parse(JSON.parse(text));
}

export async function getRun(platform: TestPlatform, runId: string) {
  const response = await v1(platform)(`/v1/workflows/runs/${runId}`);
  expect(response.status).toBe(200);
  return workflowRun.parse(await response.json());
}

const TERMINAL = ['COMPLETED', 'FAILED', 'CANCELED'];

/** Polls the run until it ends (or `status` holds). */
export async function waitForRun(
  platform: TestPlatform,
  runId: string,
  until: (run: WorkflowRun) => boolean = (run) => TERMINAL.includes(run.status),
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(platform, runId);
    if (until(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every log entry of a run, read incrementally with `after`. */
export async function allLogs(platform: TestPlatform, runId: string) {
  const entries: RunLogEntry[] = [];
  let after = 0;
  for (;;) {
    const response = await v1(platform)(`/v1/workflows/runs/${runId}/logs?after=${after}&limit=7`);
    expect(response.status).toBe(200);
    const page = runLogs.parse(await response.json());
    if (!page.entries.length) return entries;
    entries.push(...page.entries);
    after = page.next;
  }
}
