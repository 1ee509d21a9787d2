import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, datastore, documentV2 } from '../../../src/api/contract';
import { ORDERS_COLLECTION_ID, SAMPLE_DATASTORE_ID } from '../seed/datastores';
import { startTestPlatform, type TestPlatform } from '../testing';
import {
  documentsPath,
  expectError,
  newCollection,
  newDatastore,
  ok,
  updateCollection,
  v1,
} from '../testing/datastores';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const columns = [
  { name: 'orderNumber', type: 'LONG' },
  { name: 'placed', type: 'DATE' },
] as const;

describe('datastores', () => {
  it('creates a datastore owned by the caller, and lists it', async () => {
    const res = await platform.api(`${v1}/`, { method: 'POST', json: { name: 'Field service' } });
    const created = datastore.parse(await ok(res));
    expect(created).toMatchObject({ name: 'Field service', owner: 1 });
    const list = datastore.array().parse(await ok(await platform.api(`${v1}/`)));
    expect(list.map((d) => d.id)).toEqual(
      expect.arrayContaining([created.id, SAMPLE_DATASTORE_ID]),
    );
  });

  it('refuses a datastore without a proper name', async () => {
    await expectError(await platform.api(`${v1}/`, { method: 'POST', json: {} }), 400, /^name: /);
    await expectError(
      await platform.api(`${v1}/`, { method: 'POST', json: { name: 7 } }),
      400,
      /^name: /,
    );
    await expectError(
      await platform.api(`${v1}/`, { method: 'POST', json: { name: '  ' } }),
      400,
      /^name: /,
    );
    await expectError(
      await platform.api(`${v1}/`, { method: 'POST' }),
      400,
      /JSON body is required/,
    );
  });
});

describe('collections', () => {
  it('creates a collection (2.1) with defaults', async () => {
    const store = await newDatastore(platform);
    const res = await platform.api(`${v1}/${store.id}/collections`, {
      method: 'POST',
      json: { name: 'visits' },
    });
    expect(collection.parse(await ok(res))).toMatchObject({
      datastoreId: store.id,
      name: 'visits',
      owner: 1,
      updatedBy: 1,
      schema: { columns: [] },
      syncEnabled: false,
      syncRequired: false,
      datasourceId: null,
      filters: null,
      lastSync: null,
    });
  });

  it('creates a collection with a schema and sync on', async () => {
    const created = await newCollection(platform, {
      schema: { columns: [...columns] },
      syncEnabled: true,
    });
    expect(created.schema.columns).toEqual(columns);
    expect(created.syncEnabled).toBe(true);
  });

  it('refuses duplicate column names, naming the duplicate', async () => {
    const store = await newDatastore(platform);
    const res = await platform.api(`${v1}/${store.id}/collections`, {
      method: 'POST',
      json: {
        name: 'x',
        schema: { columns: [...columns, { name: 'OrderNumber', type: 'STRING' }] },
      },
    });
    await expectError(res, 400, 'schema.columns: the column name OrderNumber appears twice');
  });

  it('refuses bad collection bodies: wrong types, unknown column type, a second collection of the same name', async () => {
    const store = await newDatastore(platform);
    const post = (json: unknown) =>
      platform.api(`${v1}/${store.id}/collections`, { method: 'POST', json });
    await expectError(await post({ name: 3 }), 400, /^name: /);
    await expectError(await post({ name: 'a', syncEnabled: 'yes' }), 400, /^syncEnabled: /);
    await expectError(
      await post({ name: 'a', schema: { columns: [{ name: 'b', type: 'TEXT' }] } }),
      400,
      /^schema\.columns\.0\.type: /,
    );
    await ok(await post({ name: 'a' }));
    await expectError(
      await post({ name: 'a' }),
      409,
      'A collection named a already exists in this datastore',
    );
  });

  it('answers 404 for the collections of an unknown datastore', async () => {
    await expectError(
      await platform.api(`${v1}/no-such-store/collections`),
      404,
      /Datastore no-such-store not found/,
    );
    await expectError(
      await platform.api(`${v1}/no-such-store/collections`, {
        method: 'POST',
        json: { name: 'x' },
      }),
      404,
    );
  });

  it('lists collections per datastore, and with the datastoreId filter', async () => {
    const store = await newDatastore(platform);
    const a = await newCollection(platform, { datastoreId: store.id, name: 'b-second' });
    const b = await newCollection(platform, { datastoreId: store.id, name: 'a-first' });
    const perStore = collection
      .array()
      .parse(await ok(await platform.api(`${v1}/${store.id}/collections`)));
    expect(perStore.map((c) => c.id)).toEqual([b.id, a.id]);
    const filtered = collection
      .array()
      .parse(await ok(await platform.api(`${v1}/collections?datastoreId=${store.id}`)));
    expect(filtered.map((c) => c.id)).toEqual([b.id, a.id]);
    const all = collection.array().parse(await ok(await platform.api(`${v1}/collections`)));
    expect(all.map((c) => c.id)).toEqual(
      expect.arrayContaining([a.id, b.id, ORDERS_COLLECTION_ID]),
    );
  });

  it('gets a collection, and answers an unknown one with 404 (4.1)', async () => {
    const created = await newCollection(platform);
    expect(
      collection.parse(await ok(await platform.api(`${v1}/collections/${created.id}`))).id,
    ).toBe(created.id);
    await expectError(
      await platform.api(`${v1}/collections/nope`),
      404,
      'Collection nope not found, or you have no permission to it',
    );
  });
});

describe('updating a collection', () => {
  it('changes only what the body names', async () => {
    const created = await newCollection(platform, { schema: { columns: [...columns] } });
    const renamed = collection.parse(
      await ok(await updateCollection(platform, created.id, { name: 'renamed' })),
    );
    expect(renamed).toMatchObject({
      name: 'renamed',
      schema: created.schema,
      syncEnabled: false,
      owner: 1,
    });
    expect(Date.parse(renamed.updatedOn)).toBeGreaterThanOrEqual(Date.parse(created.updatedOn));
    const owned = collection.parse(
      await ok(await updateCollection(platform, created.id, { owner: 2, syncEnabled: true })),
    );
    expect(owned).toMatchObject({ name: 'renamed', owner: 2, syncEnabled: true, updatedBy: 1 });
  });

  it('makes a sync pending when the schema changes or sync is turned on', async () => {
    const created = await newCollection(platform);
    expect(created.syncRequired).toBe(false);
    const withSchema = collection.parse(
      await ok(
        await updateCollection(platform, created.id, {
          schema: { columns: [{ name: 'n', type: 'DOUBLE' }] },
        }),
      ),
    );
    expect(withSchema.syncRequired).toBe(true);
    expect(withSchema.schema.columns).toEqual([{ name: 'n', type: 'DOUBLE' }]);
  });

  it('stores document-level filters and default permissions', async () => {
    const created = await newCollection(platform);
    const filters = [
      {
        name: 'only open',
        applyOn: ['READ', 'UPDATE'],
        applyTo: [{ type: 'GROUP_ID', values: ['102'] }],
        applyToAll: false,
        limitToOwner: true,
        query: { 'content.status': 'open' },
      },
    ];
    const updated = collection.parse(
      await ok(
        await updateCollection(platform, created.id, {
          filters,
          defaultPermissions: 'READ,READ_CONTENT',
        }),
      ),
    );
    expect(updated.filters).toEqual(filters);
    expect(updated.defaultPermissions).toBe('READ,READ_CONTENT');
    const cleared = collection.parse(
      await ok(await updateCollection(platform, created.id, { filters: null })),
    );
    expect(cleared.filters).toBeNull();
  });

  it('refuses bad updates, naming the field', async () => {
    const created = await newCollection(platform);
    const other = await newCollection(platform, {
      datastoreId: created.datastoreId,
      name: 'taken',
    });
    const put = (json: unknown) => updateCollection(platform, created.id, json);
    await expectError(await put({ name: 5 }), 400, /^name: /);
    await expectError(await put({ owner: 'ada' }), 400, /^owner: /);
    await expectError(await put({ owner: 999 }), 400, 'owner: no user has the id 999');
    await expectError(await put({ syncEnabled: 1 }), 400, /^syncEnabled: /);
    await expectError(
      await put({ defaultPermissions: 'READ,EVERYTHING' }),
      400,
      /unknown permission EVERYTHING/,
    );
    await expectError(
      await put({
        schema: {
          columns: [
            { name: 'a', type: 'LONG' },
            { name: 'a', type: 'DATE' },
          ],
        },
      }),
      400,
      'schema.columns: the column name a appears twice',
    );
    const badFilter = {
      name: 'f',
      applyOn: ['READ'],
      applyTo: [],
      applyToAll: true,
      limitToOwner: false,
      query: { 'content.a': { $foo: 1 } },
    };
    await expectError(
      await put({ filters: [badFilter] }),
      400,
      'filters.0.query: unknown operator $foo at content.a',
    );
    await expectError(
      await put({ filters: [{ ...badFilter, applyOn: ['WRITE'] }] }),
      400,
      /^filters\.0\.applyOn\.0: /,
    );
    await expectError(await put({ name: other.name }), 409, /already exists/);
    await expectError(await updateCollection(platform, 'nope', { name: 'x' }), 404);
  });
});

describe('deleting a collection', () => {
  it('deletes it with its documents (200), then answers 404', async () => {
    const created = await newCollection(platform);
    const doc = documentV2.parse(
      await ok(
        await platform.api(documentsPath(created.id), {
          method: 'POST',
          json: { content: { a: 1 } },
        }),
      ),
    );
    const res = await platform.api(`${v1}/collections/${created.id}`, { method: 'DELETE' });
    expect(collection.parse(await ok(res)).id).toBe(created.id);
    await expectError(await platform.api(`${v1}/collections/${created.id}`), 404);
    await expectError(await platform.api(`${documentsPath(created.id)}/${doc.id}`), 404);
    await expectError(
      await platform.api(`${v1}/collections/${created.id}`, { method: 'DELETE' }),
      404,
    );
  });
});

describe('request limits', () => {
  it('answers a body over 10 MiB with 413 and the 7.1 body', async () => {
    const store = await newDatastore(platform);
    const big = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024 + 10) });
    const res = await platform.api(`${v1}/${store.id}/collections`, {
      method: 'POST',
      body: big,
      headers: {
        'X-SERVICE-Developer-Token': platform.tokens.developer,
        'content-type': 'application/json',
      },
    });
    await expectError(res, 413, /larger than/);
  });
});
