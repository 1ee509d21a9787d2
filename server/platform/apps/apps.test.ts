import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appList, app as appSchema } from '../../../src/api/contract';
import { actingAs } from '../access/principal';
import { Principals } from '../people/principals';
import { sampleUsers, type SampleUser } from '../testing/users';
import { startTestPlatform, type TestPlatform } from '../testing';
import { AppService } from './service';

// The Apps API and the app paths' bad input, on PGlite and PostgreSQL.

let platform: TestPlatform;
let users: Awaited<ReturnType<typeof sampleUsers>>;
const as = (who: SampleUser, path: string, method = 'GET', json?: unknown) =>
  users(who, path, { method, json });

const crm = {
  name: 'CRM',
  collections: [{ name: 'leads', schema: { columns: [{ name: 'name', type: 'STRING' }] } }],
};

beforeAll(async () => {
  platform = await startTestPlatform();
  users = await sampleUsers(platform);
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

/** A call of the app `app` as a sample user. */
const appAs = (who: SampleUser, app: string, pathname: string, method = 'GET', json?: unknown) =>
  fetch(platform.url + pathname, {
    method,
    headers: {
      'X-SERVICE-Developer-Token': users.tokens[who],
      'X-App-Id': app,
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });

const register = (id: string, manifest: unknown) =>
  platform.api(`/api/apps/v1/apps/${id}`, { method: 'PUT', json: manifest });

describe("an app's owner, its recent calls and its manifest", () => {
  // Every user may see the tips and add one; nobody but their owner may read their content.
  const tips = {
    name: 'Tips',
    collections: [
      {
        name: 'tips',
        schema: { columns: [{ name: 'text', type: 'STRING' }] },
        defaultPermissions: ['READ', 'CREATE_CONTENT'],
      },
    ],
  };

  it("belongs to the Admin who declared it: callers get only the manifest's permissions", async () => {
    expect((await register('tips', tips)).status).toBe(200);
    const bens = await appAs(
      'ben',
      'tips',
      '/service/datastores/v1/collections/tips/documents',
      'POST',
      {
        content: { text: "Ben's tip" },
      },
    );
    expect(bens.status).toBe(200);
    const { id } = (await bens.json()) as { id: string };
    expect(
      (
        await appAs('chloe', 'tips', '/service/datastores/v1/collections/tips/documents', 'POST', {
          content: { text: "Chloe's tip" },
        })
      ).status,
    ).toBe(200);

    // Chloe, the second caller, reads none of Ben's documents: the manifest gives no read.
    const list = await appAs('chloe', 'tips', '/service/datastores/v1/collections/tips/documents');
    expect(list.status).toBe(403);
    expect(((await list.json()) as { message: string }).message).toMatch(/READ_CONTENT/);
    const one = await appAs(
      'chloe',
      'tips',
      `/service/datastores/v1/collections/tips/documents/${id}`,
    );
    expect(one.status).toBe(403);

    // Neither caller owns the datastore or the collection: the declaring Admin (Ada) does.
    const app = appSchema.parse(await (await platform.api('/api/apps/v1/apps/tips')).json());
    const datastores = (await (await platform.api('/api/datastores/v1/')).json()) as Array<{
      id: string;
      owner: number;
    }>;
    expect(datastores.find((d) => d.id === app.datastoreId)?.owner).toBe(1);
    const collections = (await (
      await platform.api(`/api/datastores/v1/${app.datastoreId}/collections`)
    ).json()) as Array<{ name: string; owner: number; defaultPermissions: string | null }>;
    expect(collections).toEqual([
      expect.objectContaining({
        name: 'tips',
        owner: 1,
        defaultPermissions: 'READ,CREATE_CONTENT',
      }),
    ]);
  });

  it('shows its recent calls to the Admins and its declaring user only', async () => {
    const byAdmin = appSchema.parse(await (await platform.api('/api/apps/v1/apps/tips')).json());
    expect(byAdmin.recentCalls.length).toBeGreaterThanOrEqual(4);
    const byBen = await as('ben', '/api/apps/v1/apps/tips');
    expect(byBen.status).toBe(200);
    expect(appSchema.parse(await byBen.json())).toMatchObject({ id: 'tips', recentCalls: [] });
    const listed = appList.parse(await (await as('chloe', '/api/apps/v1/apps')).json());
    expect(listed.every((a) => a.recentCalls.length === 0)).toBe(true);
  });

  it('refuses a manifest over 64 KiB naming the limit, in the Apps error body', async () => {
    const large = { ...tips, padding: 'x'.repeat(65 * 1024) };
    const res = await register('tips', large);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      message: 'The manifest of app tips is larger than 64 KiB (65536 bytes)',
    });
  });

  it('sees a changed manifest at the next call, made here or by another process', async () => {
    const names = async () =>
      (
        (await (await appAs('ada', 'tips', '/service/datastores/v1/collections')).json()) as Array<{
          name: string;
        }>
      ).map((c) => c.name);
    expect(await names()).toEqual(['tips']);
    const more = { ...tips, collections: [...tips.collections, { name: 'votes' }] };
    expect((await register('tips', more)).status).toBe(200);
    expect(await names()).toEqual(['tips', 'votes']);

    // Another process: its own services, with their own memory, on the same store.
    const other = new AppService(platform.db, new Principals(platform.db), platform.dataDir);
    const body = new TextEncoder().encode(
      JSON.stringify({ ...more, collections: [...more.collections, { name: 'badges' }] }),
    );
    await other.register(actingAs(1), 'tips', () => Promise.resolve(body));
    expect(await names()).toEqual(['badges', 'tips', 'votes']);
  });

  it('makes one datastore when its first calls come at once', async () => {
    expect((await register('rush', { name: 'Rush', collections: [{ name: 'a' }] })).status).toBe(
      200,
    );
    const calls = await Promise.all(
      Array.from({ length: 8 }, () => appAs('ada', 'rush', '/service/datastores/v1/collections')),
    );
    expect(calls.map((res) => res.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const datastores = (await (await platform.api('/api/datastores/v1/')).json()) as Array<{
      name: string;
    }>;
    expect(datastores.filter((d) => d.name === 'Rush')).toHaveLength(1);
  });

  it('is removed by an Admin only; its datastore stays', async () => {
    expect((await as('ben', '/api/apps/v1/apps/tips', 'DELETE')).status).toBe(403);
    expect((await platform.api('/api/apps/v1/apps/tips', { method: 'DELETE' })).status).toBe(204);
    expect((await platform.api('/api/apps/v1/apps/tips')).status).toBe(404);
    expect((await appAs('ada', 'tips', '/service/datastores/v1/collections')).status).toBe(404);
    expect((await platform.api('/api/apps/v1/apps/tips', { method: 'DELETE' })).status).toBe(404);
    expect((await register('tips', tips)).status).toBe(200);
    const again = appSchema.parse(await (await platform.api('/api/apps/v1/apps/tips')).json());
    expect(again.datastoreId).not.toBeNull();
  });
});
