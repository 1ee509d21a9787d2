import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMERS_COLLECTION_ID as CUSTOMERS,
  ORDERS_COLLECTION_ID as ORDERS,
  SAMPLE_DATASTORE_ID as SALES_OPS,
} from '../seed/datastores';
import type { TestPlatform } from '../testing';
import { sampleUserRequests, startWithSampleUsers, type AsUser } from '../testing/users';

// Seed: Sales operations and its collections belong to Ada (Admin). orders gives
// every user READ, WRITE, CREATE_CONTENT, READ_CONTENT, UPDATE_CONTENT by default; customers
// has no default: Finance (Chloe, Eve) may READ and READ_CONTENT, Chloe also CREATE_CONTENT
// and UPDATE_CONTENT. Ben (Privileged) and Dev (Participant) have nothing on customers.
let platform: TestPlatform;
let as: AsUser;

beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUserRequests));
});
afterAll(() => platform.close());

const coll = (id: string) => `/api/datastores/v1/collections/${id}`;
const docs = (id: string) => `${coll(id)}/documents`;
let aDocument = '';

const operations: Record<string, (id: string) => [string, string, unknown?]> = {
  'get collection': (id) => [coll(id), 'GET'],
  'list documents': (id) => [docs(id), 'GET'],
  'query documents': (id) => [`${docs(id)}/query`, 'POST', {}],
  'read a document': (id) => [`${docs(id)}/${aDocument}`, 'GET'],
  'create a document': (id) => [docs(id), 'POST', { content: { name: 'New', region: 'West' } }],
  'partial update': (id) => [
    `${docs(id)}/update`,
    'PUT',
    { query: { 'content.name': 'nobody' }, operation: { $set: { 'content.region': 'X' } } },
  ],
  'delete documents': (id) => [`${docs(id)}/bulk?ids=no-such-document`, 'DELETE'],
  'change the collection': (id) => [coll(id), 'PUT', { schema: undefined }],
  'share the collection': (id) => [`${coll(id)}/permission/USER/1?permissions=read`, 'PUT'],
};

// user × operation on customers → status (200 allowed, 403 refused naming the permission, 404 hidden)
const table: Array<[string, string, number]> = [
  ['ada', 'get collection', 200],
  ['ada', 'share the collection', 200],
  ['chloe', 'get collection', 200],
  ['chloe', 'list documents', 200],
  ['chloe', 'read a document', 200],
  ['chloe', 'create a document', 200],
  ['chloe', 'partial update', 200],
  ['chloe', 'delete documents', 403],
  ['chloe', 'change the collection', 403],
  ['chloe', 'share the collection', 403],
  ['eve', 'query documents', 200],
  ['eve', 'create a document', 403],
  ['eve', 'partial update', 403],
  ['ben', 'get collection', 404],
  ['ben', 'query documents', 404],
  ['ben', 'create a document', 404],
  ['dev', 'read a document', 404],
  ['dev', 'share the collection', 404],
];

describe('collection permissions', () => {
  beforeAll(async () => {
    const res = await platform.api(`${docs(CUSTOMERS)}?limit=1`);
    aDocument = ((await res.json()) as Array<{ id: string }>)[0]!.id;
  });

  it.each(table)('%s: %s on customers answers %i', async (who, operation, status) => {
    const [path, method, json] = operations[operation]!(CUSTOMERS);
    const res = await as(who, path, method, json);
    expect(res.status).toBe(status);
    if (status === 403) {
      const body = (await res.json()) as { message: string; status: number; toe: string };
      expect(body.status).toBe(403);
      expect(body.message).toMatch(/You need the [A-Z_]+ permission to .+ collection customers/);
      expect(body.toe).toBeTruthy();
    }
    if (status === 404)
      expect(((await res.json()) as { message: string }).message).toMatch(/no permission/);
  });

  it('default permissions let every user use orders, but not delete from it', async () => {
    expect((await as('dev', `${docs(ORDERS)}?limit=1`)).status).toBe(200);
    expect((await as('dev', docs(ORDERS), 'POST', { content: { region: 'West' } })).status).toBe(
      200,
    );
    const del = await as('dev', `${docs(ORDERS)}/bulk?ids=x`, 'DELETE');
    expect(del.status).toBe(403);
    expect(((await del.json()) as { message: string }).message).toMatch(/DELETE_CONTENT/);
  });

  it('a grant shows a private collection and its datastore at once; removing it hides both again', async () => {
    // Ben makes a datastore of his own with a collection nobody else has a permission to.
    const store = (await (
      await as('ben', '/api/datastores/v1/', 'POST', { name: 'Ben private' })
    ).json()) as { id: string };
    const created = await as('ben', `/api/datastores/v1/${store.id}/collections`, 'POST', {
      name: 'secrets',
    });
    expect(created.status).toBe(200);
    const secret = ((await created.json()) as { id: string }).id;
    const storeNames = async (who: string) =>
      ((await (await as(who, '/api/datastores/v1')).json()) as Array<{ name: string }>).map(
        (d) => d.name,
      );
    expect(await storeNames('dev')).not.toContain('Ben private');
    expect((await as('dev', coll(secret))).status).toBe(404);
    expect((await as('dev', `/api/datastores/v1/${store.id}/collections`)).status).toBe(404);
    // Dev may not add a collection to a datastore he cannot see; Chloe may not to Ada's.
    expect(
      (await as('dev', `/api/datastores/v1/${store.id}/collections`, 'POST', { name: 'x' })).status,
    ).toBe(404);
    expect(
      (await as('chloe', `/api/datastores/v1/${SALES_OPS}/collections`, 'POST', { name: 'x' }))
        .status,
    ).toBe(403);
    // Sync now: only the datastore's owner or an Admin; a datastore not seen is not found.
    expect((await as('chloe', `/api/datastores/v1/export/${SALES_OPS}`, 'POST')).status).toBe(403);
    expect((await as('dev', `/api/datastores/v1/export/${store.id}`, 'POST')).status).toBe(404);
    expect((await as('ben', `/api/datastores/v1/export/${store.id}`, 'POST')).status).toBe(200);

    const grant = await as(
      'ben',
      `${coll(secret)}/permission/USER/4?permissions=read,read_content`,
      'PUT',
    );
    expect(grant.status).toBe(200);
    expect(await storeNames('dev')).toContain('Ben private');
    expect((await as('dev', `${docs(secret)}/query`, 'POST', {})).status).toBe(200);
    expect((await as('dev', docs(secret), 'POST', { content: {} })).status).toBe(403);
    const listed = (await (await as('ben', `${coll(secret)}/permission`)).json()) as unknown;
    expect(listed).toEqual([
      { type: 'USER', id: 4, name: 'Dev Participant', permissions: ['READ', 'READ_CONTENT'] },
    ]);
    const abilities = (await (await as('dev', `/api/access/v1/collections/${secret}`)).json()) as {
      permissions: string[];
      operations: Record<string, { allowed: boolean; needed?: string }>;
    };
    expect(abilities.permissions).toEqual(['READ', 'READ_CONTENT']);
    expect(abilities.operations.readContent).toEqual({ allowed: true });
    expect(abilities.operations.createContent).toMatchObject({
      allowed: false,
      needed: 'CREATE_CONTENT',
    });

    expect((await as('ben', `${coll(secret)}/permission/USER/4`, 'DELETE')).status).toBe(204);
    expect((await as('ben', `${coll(secret)}/permission/USER/4`, 'DELETE')).status).toBe(404);
    expect((await as('dev', coll(secret))).status).toBe(404);
    expect(await storeNames('dev')).not.toContain('Ben private');
  });

  it('bad permission requests answer 400 naming the field, and change nothing', async () => {
    const bad = await platform.api(`${coll(CUSTOMERS)}/permission/USER/4?permissions=read,fly`, {
      method: 'PUT',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/unknown permission fly/);
    const noUser = await platform.api(`${coll(CUSTOMERS)}/permission/USER/999?permissions=read`, {
      method: 'PUT',
    });
    expect(noUser.status).toBe(400);
    expect(((await noUser.json()) as { message: string }).message).toMatch(/no user 999/);
    const badType = await platform.api(`${coll(CUSTOMERS)}/permission/APP/4?permissions=read`, {
      method: 'PUT',
    });
    expect(badType.status).toBe(400);
    expect((await as('dev', coll(CUSTOMERS))).status).toBe(404);
  });
});
