import { expect } from 'vitest';
import { stream, streamExecution, type StreamExecution } from '../../../src/api/contract';
import type { TestPlatform } from '../testing';

export { streamBody } from './test-bodies';

export async function createStream(platform: TestPlatform, json: unknown) {
  const res = await platform.api('/api/data/v1/streams', { method: 'POST', json });
  expect(res.status, await res.clone().text()).toBe(200);
  return stream.parse(await res.json());
}

export async function uploadCsv(platform: TestPlatform, name: string, csv: string) {
  const res = await platform.api(`/api/data/v1/data-files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: csv,
    headers: { 'X-SERVICE-Developer-Token': platform.tokens.developer, 'content-type': 'text/csv' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { dataFileId: number }).dataFileId;
}

export async function startRun(
  platform: TestPlatform,
  streamId: number,
  json: unknown = { runType: 'MANUAL' },
) {
  const res = await platform.api(`/api/data/v1/streams/${streamId}/executions`, {
    method: 'POST',
    json,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return streamExecution.parse(await res.json());
}

/** Polls the execution until it leaves ACTIVE. */
export async function finished(
  platform: TestPlatform,
  streamId: number,
  executionId: number,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await platform.api(`/api/data/v1/streams/${streamId}/executions/${executionId}`);
    const execution: StreamExecution = streamExecution.parse(await res.json());
    if (execution.state !== 'ACTIVE') return execution;
    if (Date.now() > deadline)
      throw new Error(`execution ${executionId} still ACTIVE after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function runToEnd(platform: TestPlatform, streamId: number) {
  return finished(platform, streamId, (await startRun(platform, streamId)).id);
}
