import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appList, app as appSchema } from '../../../src/api/contract';
import { sampleUserRequests } from '../testing/users';
import { startTestPlatform, type TestPlatform } from '../testing';

// Issue 28: the Apps API and the app paths' bad input, on PGlite and PostgreSQL.

let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUserRequests>>;

const crm = {
  name: 'CRM',
  collections: [{ name: 'leads', schema: { columns: [{ name: 'name', type: 'STRING' }] } }],
};

beforeAll(async () => {
  platform = await startTestPlatform();
  as = await sampleUserRequests(platform);
}, 120_000);
afterAll(() => platform?.close());

const appCall = (pathname: string, init: RequestInit & { json?: unknown; app?: string } = {}) =>
  platform.api(pathname, {
    ...init,
    headers: {
      'X-SERVICE-Developer-Token': platform.tokens.developer,
      'content-type': 'application/json',
      ...(init.app ? { 'X-App-Id': init.app } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

describe('custom apps', () => {
  it('with no app declared, an app path says how to declare one', async () => {
    const res = await appCall('/service/datastores/v1/collections');
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 404, statusReason: 'Not Found' });
    expect(body.message).toMatch(/No app is declared: put a manifest in DATA_DIR\/apps/);
    expect(typeof body.toe).toBe('string');
  });

  it('only an Admin registers an app, and a malformed manifest is refused naming its field', async () => {
    const refused = await as('ben', '/api/apps/v1/apps/crm', 'PUT', crm);
    expect(refused.status).toBe(403);
    const malformed = await platform.api('/api/apps/v1/apps/crm', {
      method: 'PUT',
      json: { name: 'CRM', collections: [{ schema: {} }] },
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(
      /The manifest of app crm is malformed: collections\.0\.name/,
    );
    const badId = await platform.api('/api/apps/v1/apps/Not_An_Id', { method: 'PUT', json: crm });
    expect(badId.status).toBe(400);

    const registered = await platform.api('/api/apps/v1/apps/crm', { method: 'PUT', json: crm });
    expect(registered.status).toBe(200);
    expect(appSchema.parse(await registered.json())).toMatchObject({
      id: 'crm',
      source: 'api',
      datastoreId: null,
    });
  });

  it("the only app serves the calls; its first call creates its datastore and the manifest's collections", async () => {
    const list = await appCall('/service/datastores/v1/collections/');
    expect(list.status).toBe(200);
    const collections = (await list.json()) as Array<{ name: string; datastoreId: string }>;
    expect(collections.map((c) => c.name)).toEqual(['leads']);
    const created = await appCall('/service/datastores/v1/collections/leads/documents', {
      method: 'POST',
      json: { content: { name: 'Acme' } },
    });
    expect(created.status).toBe(200);

    const apps = appList.parse(await (await platform.api('/api/apps/v1/apps')).json());
    const app = apps.find((a) => a.id === 'crm')!;
    expect(app.datastoreId).toBe(collections[0]!.datastoreId);
    expect(app.recentCalls.slice(0, 2)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/service/datastores/v1/collections/leads/documents',
        status: 200,
      }),
      expect.objectContaining({ method: 'GET', status: 200 }),
    ]);
  });

  it("acts as the caller: another user meets the collection's permissions", async () => {
    const res = await as('ben', '/service/datastores/v1/collections/leads/documents', 'GET');
    expect(res.status).toBe(404);
    // The document store's own answer for a collection one may not see, not the app's.
    expect(((await res.json()) as { message: string }).message).not.toMatch(/app/i);
    const own = await appCall('/service/datastores/v1/collections/leads/documents');
    expect(own.status).toBe(200);
  });

  it('nothing outside the mapping is reachable, by name or by id', async () => {
    const all = (await (await platform.api('/api/datastores/v1/collections')).json()) as Array<{
      id: string;
      name: string;
    }>;
    const customers = all.find((c) => c.name === 'customers')!;
    for (const nameOrId of ['customers', customers.id]) {
      const res = await appCall(`/service/datastores/v1/collections/${nameOrId}/documents`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(
        `The app crm has no collection ${nameOrId} (its collections: leads)`,
      );
    }
  });

  it('with several apps a call names its app; an unknown or malformed app is a clear 4xx', async () => {
    fs.mkdirSync(path.join(platform.dataDir, 'apps', 'broken'), { recursive: true });
    fs.writeFileSync(
      path.join(platform.dataDir, 'apps', 'broken', 'manifest.json'),
      JSON.stringify({ collections: [] }),
    );
    const apps = appList.parse(await (await platform.api('/api/apps/v1/apps')).json());
    expect(apps.find((a) => a.id === 'broken')).toMatchObject({
      source: 'file',
      problem:
        'The manifest of app broken is malformed: name: Invalid input: expected string, received undefined',
    });

    const unnamed = await appCall('/service/datastores/v1/collections');
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { message: string }).message).toBe(
      '2 apps are declared (broken, crm): name one with the X-App-Id header',
    );
    const broken = await appCall('/service/datastores/v1/collections', { app: 'broken' });
    expect(broken.status).toBe(400);
    const unknown = await appCall('/service/datastores/v1/collections', { app: 'nope' });
    expect(unknown.status).toBe(404);
    const named = await appCall('/service/datastores/v1/collections', { app: 'crm' });
    expect(named.status).toBe(200);
  });

  it('a path the platform does not serve for apps is a 501 naming it', async () => {
    const res = await appCall('/service/codeengine/v2/packages', { app: 'crm' });
    expect(res.status).toBe(501);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /does not serve GET \/service\/codeengine\/v2\/packages for apps/,
    );
  });
});
