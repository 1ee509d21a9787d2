// Helpers of the streams tests, and request bodies for tests, benchmarks and browser journeys: no
// test runner is needed to import this file (a failed request throws, naming its answer).
import { stream, streamExecution, type StreamExecution } from '../../../src/api/contract';
import type { TestPlatform } from './index';

/** The answer, once its status is `status`; else an error with the status and the body. */
async function expectStatus(res: Response, status: number, what: string) {
  if (res.status === status) return res;
  throw new Error(`${what}: expected HTTP ${status}, got ${res.status}: ${await res.text()}`);
}

/** A create-stream body (4.3) for a connector, with `configuration` given as name → value. */
export function streamBody(
  connector: string,
  settings: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const account = { 'data-file': 1, 'document-store': 2, 'http-csv': 3 }[connector] ?? 1;
  return {
    transport: { type: 'CONNECTOR', description: connector, version: '1' },
    configuration: Object.entries(settings).map(([name, value]) => ({
      name,
      value,
      type: 'string',
      category: 'METADATA',
    })),
    account: { id: account },
    updateMethod: 'REPLACE',
    dataProvider: { key: connector },
    dataSource: { name: `From ${connector}`, description: 'made by a test' },
    advancedScheduleJson: JSON.stringify({ type: 'MANUAL', timezone: 'UTC' }),
    ...overrides,
  };
}

/** A manual REPLACE stream reading uploaded data file `dataFileId` into a new dataset `name`. */
export const dataFileStream = (dataFileId: unknown, name: string) =>
  streamBody(
    'data-file',
    { dataFileId: String(dataFileId) },
    { dataSource: { name, description: '' } },
  );

export async function createStream(platform: TestPlatform, json: unknown) {
  const res = await platform.api('/api/data/v1/streams', { method: 'POST', json });
  await expectStatus(res, 200, 'create a stream');
  return stream.parse(await res.json());
}

export async function uploadCsv(platform: TestPlatform, name: string, csv: string) {
  const res = await platform.api(`/api/data/v1/data-files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: csv,
    headers: { 'X-SERVICE-Developer-Token': platform.tokens.developer, 'content-type': 'text/csv' },
  });
  await expectStatus(res, 200, `upload ${name}`);
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
  await expectStatus(res, 201, `run stream ${streamId}`);
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
