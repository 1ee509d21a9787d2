import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleUsers } from '../testing/users';
import { startTestPlatform, type TestPlatform } from '../testing';

// An app path names a path inside its app: no encoding of '.', '..', '/' or '\' may lead it out
// of the app's datastore or past a grant the caller lacks.

let platform: TestPlatform;
let tokens: Readonly<Record<string, string>>;
let ordersId: string;

// Dev calls the app without owning it (its declaring Admin does): the manifest lets every user
// see the notes and add and read them.
const alpha = {
  name: 'Alpha',
  collections: [
    {
      name: 'notes',
      schema: { columns: [{ name: 'text', type: 'STRING' }] },
      defaultPermissions: ['READ', 'READ_CONTENT', 'CREATE_CONTENT'],
    },
  ],
};

/**
 * A call as dev (a Participant without the Workflow API grant) on the app alpha, its path sent
 * as written (node:http; fetch would resolve `%2e%2e` before sending, as browsers do).
 */
const asDev = (pathname: string, method = 'GET', json?: unknown) =>
  new Promise<{ status: number; json: () => Promise<unknown> }>((resolve, reject) => {
    const body = json !== undefined ? JSON.stringify(json) : undefined;
    const request = http.request(
      platform.url + '/',
      {
        method,
        path: pathname,
        headers: {
          'X-SERVICE-Developer-Token': tokens.dev!,
          'X-App-Id': 'alpha',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            json: () => Promise.resolve(JSON.parse(text) as unknown),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });

beforeAll(async () => {
  platform = await startTestPlatform();
  tokens = (await sampleUsers(platform)).tokens;
  expect(
    (await platform.api('/api/apps/v1/apps/alpha', { method: 'PUT', json: alpha })).status,
  ).toBe(200);
  const all = (await (await platform.api('/api/datastores/v1/collections')).json()) as Array<{
    id: string;
    name: string;
  }>;
  ordersId = all.find((c) => c.name === 'orders')!.id;
}, 120_000);
afterAll(() => platform?.close());

const up = (form: string, times: number) => Array.from({ length: times }, () => form).join('');

describe('app paths stay inside their app', () => {
  const refused = /may not name '\.', '\.\.', '\/' or '\\'/;
  // `%2e%2e` segments are resolved by the URL parser before any route sees them (as `..` is),
  // so they climb only within the app path and name no collection of the app.
  const outsideTheApp = (id: string) => new RegExp(`The app alpha has no collection ${id}`);
  const forms: Array<[string, (id: string) => string, 400 | 404]> = [
    ['%5c (backslash)', (id) => `documents/${up('..%5c', 2)}${id}/documents`, 400],
    ['%5C (backslash, upper case)', (id) => `documents/${up('..%5C', 2)}${id}/documents`, 400],
    ['%2f (slash)', (id) => `documents/${up('..%2f', 2)}${id}/documents`, 400],
    ['%2F (slash, upper case)', (id) => `documents/${up('..%2F', 2)}${id}/documents`, 400],
    ['%2e%2e (dots)', (id) => `documents/%2e%2e/%2e%2e/${id}/documents`, 404],
    ['%2E%2e (dots, mixed case)', (id) => `documents/%2E%2e/%2e%2E/${id}/documents`, 404],
    ['double encoding %252e%252e', (id) => `documents/%252e%252e/%252e%252e/${id}/documents`, 400],
    ['double encoding %255c', (id) => `documents/${up('..%255c', 2)}${id}/documents`, 400],
    ['mixed %2e.%5c', (id) => `documents/${up('%2e.%5c', 2)}${id}/documents`, 400],
  ];
  it.each(forms)('%s never reaches the collection outside', async (_, tail, status) => {
    const res = await asDev(`/service/datastores/v1/collections/notes/${tail(ordersId)}`);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { message: string; toe: string };
    expect(body.message).toMatch(status === 400 ? refused : outsideTheApp(ordersId));
    expect(typeof body.toe).toBe('string');
  });

  it.each([
    ['%5c', '..%5c'],
    ['%2f', '..%2f'],
    ['%252e', '%252e%252e%255c'],
  ])('%s cannot reach the workflow API from a collection path', async (_, form) => {
    const escape = `/service/datastores/v1/collections/notes/documents/${up(form, 6)}v1/workflows`;
    const list = await asDev(escape);
    expect(list.status).toBe(400);
    const create = await asDev(escape, 'POST', { name: 'escaped', steps: [] });
    expect(create.status).toBe(400);
    const workflows = (await (
      await fetch(`${platform.url}/v1/workflows?limit=100`, {
        headers: { authorization: `Bearer ${platform.tokens.access}` },
      })
    ).json()) as Array<{ name: string }>;
    expect(workflows.map((w) => w.name)).not.toContain('escaped');
  });

  it('malformed percent-encoding is a 400, not a 500', async () => {
    for (const path of [
      '/service/datastores/v1/collections/%zz/documents',
      '/service/datastores/v1/collections/notes/documents/%E0%A4%A/x',
      '/service/workflow/v1/models/%zz/overall',
    ]) {
      const res = await asDev(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /is not valid percent-encoding/,
      );
    }
  });

  it("a name with an encoded space still names the app's collection", async () => {
    const created = await asDev('/service/datastores/v1/collections/notes/documents', 'POST', {
      content: { text: 'a b' },
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const read = await asDev(`/service/datastores/v1/collections/no%74es/documents/${id}`);
    expect(read.status).toBe(200);
  });

  it("an app's workflow path needs the caller's Workflow API grant, as /v1 does", async () => {
    const workflows = (await (
      await fetch(`${platform.url}/v1/workflows?limit=1`, {
        headers: { authorization: `Bearer ${platform.tokens.access}` },
      })
    ).json()) as Array<{ id: string }>;
    const mapped = {
      ...alpha,
      workflowMapping: [{ alias: 'sync', modelId: workflows[0]!.id }],
    };
    expect(
      (await platform.api('/api/apps/v1/apps/alpha', { method: 'PUT', json: mapped })).status,
    ).toBe(200);
    const start = await asDev('/service/workflow/v1/models/sync/start', 'POST', {});
    expect(start.status).toBe(403);
    expect(((await start.json()) as { message: string }).message).toMatch(/Workflow API/);
  });
});
