import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing';
import { streamBody } from '../testing/streams';
import { createWorkflow, startRun, v1, waitForRun } from '../testing/workflows';

// The secrets an outside review found recorded verbatim: an http step's headers and URL query
// in the activity events of a workflow, a stream's URL query, and a run's record of its step.
const HEADER_SECRETS = {
  'X-Api-Key': 'HEADERSECRET-xapikey',
  Cookie: 'sid=HEADERSECRET-cookie',
  'Ocp-Apim-Subscription-Key': 'HEADERSECRET-ocp',
  'X-Auth': 'HEADERSECRET-xauth',
  'X-Goog-Api-Key': 'HEADERSECRET-goog',
};
const QUERY_SECRETS = ['QUERYSECRET-1', 'QUERYSECRET-2', 'QUERYSECRET-3'];
const STREAM_SECRET = 'STREAMSECRET-1';
const ALL = [...Object.values(HEADER_SECRETS), ...QUERY_SECRETS, STREAM_SECRET];

let platform: TestPlatform;
let hook: Server;
const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  platform = await startTestPlatform({ env: { WORKFLOWS_HTTP_ALLOWED_HOSTS: '127.0.0.1' } });
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await new Promise((resolve) => hook?.close(resolve));
});

const callStep = (query: string) => ({
  id: 'call',
  type: 'http',
  name: 'Call',
  method: 'GET',
  url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook?${query}`,
  headers: { ...HEADER_SECRETS, 'X-Team': 'blue' },
});

describe('an http step and a stream keep their secrets out of what is recorded and answered', () => {
  it('records neither headers nor URL query secrets, in the activity log (JSON, CSV) or the run', async () => {
    const workflow = await createWorkflow(
      platform,
      { steps: [callStep(`api_key=${QUERY_SECRETS[0]}&token=${QUERY_SECRETS[1]}&page=2`)] },
      'redaction test',
    );
    const changed = await v1(platform)(`/v1/workflows/${workflow.id}`, {
      method: 'PUT',
      json: { definition: { steps: [callStep(`key=${QUERY_SECRETS[2]}&page=3`)] } },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const stream = await platform.api('/api/data/v1/streams', {
      method: 'POST',
      json: streamBody('http-csv', {
        url: `https://data.example.com/cities.csv?access_token=${STREAM_SECRET}&region=eu`,
      }),
    });
    expect(stream.status, await stream.clone().text()).toBeLessThan(300);
    const { id: streamId } = (await stream.json()) as { id: number };

    const started = await startRun(platform, workflow.id);
    const run = await waitForRun(platform, started.id);
    expect(run.status, JSON.stringify(run)).toBe('COMPLETED');
    // The call itself carried every secret: only what is recorded and answered loses them.
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toContain(QUERY_SECRETS[2]);
    expect(received[0]!.headers['x-goog-api-key']).toBe(HEADER_SECRETS['X-Goog-Api-Key']);

    const events = await (await platform.api('/api/audit/v1/events?limit=200')).text();
    const csv = await (await platform.api('/api/audit/v1/events.csv')).text();
    const runAnswer = await (await v1(platform)(`/v1/workflows/runs/${started.id}`)).text();
    const runs = await (await v1(platform)(`/v1/workflows/${workflow.id}/runs`)).text();
    const logs = await (await v1(platform)(`/v1/workflows/runs/${started.id}/logs`)).text();
    const streamAnswer = await (await platform.api(`/api/data/v1/streams/${streamId}`)).text();
    for (const [what, text] of Object.entries({ events, csv, runAnswer, runs, logs, streamAnswer }))
      for (const secret of ALL) expect(text, `${what}: ${secret}`).not.toContain(secret);

    // What is not a secret is still there to read.
    expect(events).toMatch(/workflow\.created/);
    expect(events).toMatch(/workflow\.changed/);
    expect(events).toMatch(/stream\.created/);
    expect(events).toContain('api_key=***&token=***&page=2');
    expect(events).toContain('access_token=***&region=eu');
    expect(csv).toContain('page=3');
    const input = run.steps![0]!.input as { url: string; headers: Record<string, string> };
    expect(input.url).toMatch(/\/hook\?key=\*\*\*&page=3$/);
    expect(input.headers).toMatchObject({ 'X-Api-Key': '[redacted]', 'X-Team': 'blue' });
    expect(streamAnswer).toContain('access_token=***&region=eu');
  });
});
