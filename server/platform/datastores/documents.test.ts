import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, documentV1, documentV2, type DocumentV2 } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import {
  bulkCreate,
  documentsPath,
  expectError,
  newCollection,
  ok,
  queryDocuments,
  updateCollection,
  v1,
} from '../testing/datastores';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ seed: false });
});
afterAll(() => platform.close());

const create = async (collectionId: string, content: unknown, version: 'v1' | 'v2' = 'v2') =>
  ok<Record<string, unknown>>(
    await platform.api(documentsPath(collectionId, version), { method: 'POST', json: { content } }),
  );

const strictV1 = documentV1.strict();
const strictV2 = documentV2.strict();

describe('document forms (2.2)', () => {
  it('creates under v1 with integer user ids and createdBy', async () => {
    const { id } = await newCollection(platform);
    const doc = strictV1.parse(await create(id, { a: 1 }, 'v1'));
    expect(doc).toMatchObject({
      collectionId: id,
      owner: 1,
      updatedBy: 1,
      createdBy: 1,
      syncRequired: true,
      content: { a: 1 },
    });
  });

  it('creates under v2 with string user ids, and an empty content when it is omitted', async () => {
    const { id } = await newCollection(platform);
    const doc = strictV2.parse(await ok(await platform.api(documentsPath(id), { method: 'POST' })));
    expect(doc).toMatchObject({ owner: '1', updatedBy: '1', createdBy: '1', content: {} });
  });

  it('gets and lists in the version form: v1 without createdBy, v2 with it', async () => {
    const { id } = await newCollection(platform);
    const doc = documentV2.parse(await create(id, { a: 1 }));
    const v1Get = strictV1.parse(
      await ok(await platform.api(`${documentsPath(id, 'v1')}/${doc.id}`)),
    );
    expect(v1Get).not.toHaveProperty('createdBy');
    expect(v1Get.owner).toBe(1);
    const v2Get = strictV2.parse(await ok(await platform.api(`${documentsPath(id)}/${doc.id}`)));
    expect(v2Get.createdBy).toBe('1');
    const v1List = strictV1.array().parse(await ok(await platform.api(documentsPath(id, 'v1'))));
    expect(v1List.map((d) => d.id)).toEqual([doc.id]);
    expect(v1List[0]).not.toHaveProperty('createdBy');
    strictV2.array().parse(await ok(await platform.api(documentsPath(id))));
  });

  it('answers a v1 query in the v1 form', async () => {
    const { id } = await newCollection(platform);
    await create(id, { a: 1 });
    const rows = await queryDocuments(platform, id, {}, '', 'v1');
    expect(strictV1.array().parse(rows)[0]).not.toHaveProperty('createdBy');
  });

  it('lists in creation order, with limit and offset', async () => {
    const { id } = await newCollection(platform);
    await bulkCreate(platform, id, [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const page = documentV1
      .array()
      .parse(await ok(await platform.api(`${documentsPath(id, 'v1')}?limit=2&offset=1`)));
    expect(page.map((d) => d.content.n)).toEqual([2, 3]);
    await expectError(
      await platform.api(`${documentsPath(id, 'v1')}?limit=10001`),
      400,
      /^limit: /,
    );
  });
});

describe('full replace (PUT)', () => {
  it('replaces the content, answering in the version form', async () => {
    const { id } = await newCollection(platform);
    const doc = documentV2.parse(await create(id, { a: 1, b: 2 }));
    const replaced = strictV2.parse(
      await ok(
        await platform.api(`${documentsPath(id)}/${doc.id}`, {
          method: 'PUT',
          json: { content: { c: 3 } },
        }),
      ),
    );
    expect(replaced.content).toEqual({ c: 3 });
    expect(Date.parse(replaced.updatedOn)).toBeGreaterThanOrEqual(Date.parse(doc.updatedOn));
    expect(replaced.createdOn).toBe(doc.createdOn);
    const v1Replaced = strictV1.parse(
      await ok(
        await platform.api(`${documentsPath(id, 'v1')}/${doc.id}`, {
          method: 'PUT',
          json: { content: { d: 4 } },
        }),
      ),
    );
    expect(v1Replaced).not.toHaveProperty('createdBy');
    expect(v1Replaced.content).toEqual({ d: 4 });
  });

  it('refuses a missing or non-object content, and unknown ids', async () => {
    const { id } = await newCollection(platform);
    const doc = documentV2.parse(await create(id, {}));
    const put = (path: string, json: unknown) => platform.api(path, { method: 'PUT', json });
    await expectError(await put(`${documentsPath(id)}/${doc.id}`, {}), 400, /^content: /);
    await expectError(
      await put(`${documentsPath(id)}/${doc.id}`, { content: [1] }),
      400,
      /^content: /,
    );
    await expectError(
      await put(`${documentsPath(id)}/nope`, { content: {} }),
      404,
      'Document nope not found',
    );
    await expectError(
      await put(`${documentsPath('nope')}/${doc.id}`, { content: {} }),
      404,
      'Collection nope not found',
    );
  });
});

describe('delete', () => {
  it('answers 204, then 404 with the 7.1 body', async () => {
    const { id } = await newCollection(platform);
    const doc = documentV2.parse(await create(id, {}));
    const res = await platform.api(`${documentsPath(id, 'v1')}/${doc.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await expectError(await platform.api(`${documentsPath(id)}/${doc.id}`), 404);
    await expectError(
      await platform.api(`${documentsPath(id)}/${doc.id}`, { method: 'DELETE' }),
      404,
      /not found/,
    );
  });

  it('does not reach a document through another collection', async () => {
    const a = await newCollection(platform);
    const b = await newCollection(platform);
    const doc = documentV2.parse(await create(a.id, {}));
    await expectError(await platform.api(`${documentsPath(b.id)}/${doc.id}`), 404);
    await expectError(
      await platform.api(`${documentsPath(b.id)}/${doc.id}`, { method: 'DELETE' }),
      404,
    );
    expect((await platform.api(`${documentsPath(a.id)}/${doc.id}`)).status).toBe(200);
  });
});

describe('sync flags on writes', () => {
  it('marks the document and its collection as pending a sync', async () => {
    const created = await newCollection(platform);
    expect(created.syncRequired).toBe(false);
    const doc = documentV2.parse(await create(created.id, {}));
    expect(doc.syncRequired).toBe(true);
    const after = collection.parse(await ok(await platform.api(`${v1}/collections/${created.id}`)));
    expect(after.syncRequired).toBe(true);
  });
});

describe('bulk operations', () => {
  it('creates in bulk, keeping the request order', async () => {
    const { id } = await newCollection(platform);
    expect(await bulkCreate(platform, id, [{ n: 1 }, { n: 2 }, { n: 3 }])).toEqual({ Created: 3 });
    const docs = await queryDocuments<DocumentV2>(platform, id, {});
    expect(docs.map((d) => d.content.n)).toEqual([1, 2, 3]);
  });

  it('refuses bad bulk bodies', async () => {
    const { id } = await newCollection(platform);
    const post = (json: unknown) =>
      platform.api(`${documentsPath(id)}/bulk`, { method: 'POST', json });
    await expectError(await post([]), 400);
    await expectError(await post({ content: {} }), 400);
    await expectError(await post([{ content: 'x' }]), 400, /^0\.content: /);
    // Checked a piece at a time, a bad document is still named by its place in the request.
    const many = Array.from({ length: 1_500 }, (_, i) => ({ content: { i } }));
    await expectError(await post([...many, { content: 'x' }]), 400, /^1500\.content: /);
    // A document Postgres refuses (\u0000 in jsonb), in a late piece: nothing is created.
    await expectError(await post([...many, { content: { text: 'a\u0000b' } }]), 400);
    expect(await queryDocuments(platform, id, {})).toEqual([]);
    await expectError(
      await platform.api(`${documentsPath('nope')}/bulk`, {
        method: 'POST',
        json: [{ content: {} }],
      }),
      404,
    );
  });

  it('upserts: replaces by id, creates without one or with an unknown one', async () => {
    const { id } = await newCollection(platform);
    const doc = documentV2.parse(await create(id, { v: 1 }));
    const res = await platform.api(`${documentsPath(id, 'v1')}/bulk`, {
      method: 'PUT',
      json: [
        { id: doc.id, content: { v: 2 } },
        { content: { v: 3 } },
        { id: 'my-own-id', content: { v: 4 } },
      ],
    });
    expect(await ok(res)).toEqual({ Updated: 1, Created: 2 });
    const docs = await queryDocuments<DocumentV2>(platform, id, {}, '?orderby=content.v');
    expect(docs.map((d) => [d.content.v, d.id === doc.id])).toEqual([
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(docs[2]!.id).toBe('my-own-id');
  });

  it('refuses an upsert naming an id twice, an empty id, or a body that is not an array of documents', async () => {
    const { id } = await newCollection(platform);
    const put = (json: unknown) =>
      platform.api(`${documentsPath(id)}/bulk`, { method: 'PUT', json });
    await expectError(
      await put([
        { id: 'a', content: {} },
        { id: 'a', content: {} },
      ]),
      400,
      'id a appears twice in the request',
    );
    await expectError(await put([{ id: '', content: {} }]), 400, /^0\.id: /);
    await expectError(await put([]), 400, /^body: /);
    await expectError(await put({ id: 'a', content: {} }), 400, /^body: /);
    await expectError(await put([{ content: {} }, { id: 'x', content: [] }]), 400, /^1\.content: /);
    const raw = (body: string) =>
      platform.api(`${documentsPath(id)}/bulk`, {
        method: 'PUT',
        body,
        headers: {
          'X-SERVICE-Developer-Token': platform.tokens.developer,
          'content-type': 'application/json',
        },
      });
    await expectError(await raw(''), 400, 'body: a JSON body is required');
    await expectError(await raw('[{"content": {}'), 400, 'body: not valid JSON');
    expect(await queryDocuments(platform, id, {})).toEqual([]);
  });

  it('deletes in bulk by ids, counting only what it deleted', async () => {
    const a = await newCollection(platform);
    const b = await newCollection(platform);
    const [x, y] = [
      documentV2.parse(await create(a.id, {})),
      documentV2.parse(await create(a.id, {})),
    ];
    const z = documentV2.parse(await create(b.id, {}));
    const res = await platform.api(`${documentsPath(a.id)}/bulk?ids=${x.id},${y.id},${z.id},nope`, {
      method: 'DELETE',
    });
    expect(await ok(res)).toEqual({ Deleted: 2 });
    expect((await platform.api(`${documentsPath(b.id)}/${z.id}`)).status).toBe(200);
    await expectError(
      await platform.api(`${documentsPath(a.id)}/bulk`, { method: 'DELETE' }),
      400,
      /ids/,
    );
    await expectError(
      await platform.api(`${documentsPath(a.id)}/bulk?ids=,`, { method: 'DELETE' }),
      400,
      /ids/,
    );
  });
});

describe('partial update', () => {
  it('applies the operators to the matching documents and answers how many changed', async () => {
    const { id } = await newCollection(platform);
    await bulkCreate(platform, id, [
      { kind: 'a', n: 1, tags: ['x'] },
      { kind: 'a', n: 2, tags: [] },
      { kind: 'b', n: 3 },
    ]);
    const res = await platform.api(`${documentsPath(id, 'v1')}/update`, {
      method: 'PUT',
      json: {
        query: { 'content.kind': 'a' },
        operation: {
          $inc: { 'content.n': 10 },
          $addToSet: { 'content.tags': 'y' },
          $set: { 'content.seen': true },
        },
      },
    });
    expect(await ok(res)).toBe(2);
    const docs = await queryDocuments<DocumentV2>(platform, id, {}, '?orderby=content.n');
    expect(docs.map((d) => d.content)).toEqual([
      { kind: 'b', n: 3 },
      { kind: 'a', n: 11, tags: ['x', 'y'], seen: true },
      { kind: 'a', n: 12, tags: ['y'], seen: true },
    ]);
  });

  it('counts only documents that changed', async () => {
    const { id } = await newCollection(platform);
    await bulkCreate(platform, id, [{ n: 1 }, { n: 5 }]);
    const res = await platform.api(`${documentsPath(id)}/update`, {
      method: 'PUT',
      json: { query: {}, operation: { $max: { n: 3 } } },
    });
    expect(await ok(res)).toBe(1);
  });

  it('refuses unknown operators, bad filters and values of the wrong type, changing nothing', async () => {
    const { id } = await newCollection(platform);
    await bulkCreate(platform, id, [{ n: 1 }, { n: 'one' }]);
    const put = (json: unknown) =>
      platform.api(`${documentsPath(id)}/update`, { method: 'PUT', json });
    await expectError(
      await put({ query: {}, operation: { $push: { n: 1 } } }),
      400,
      /unknown operator \$push/,
    );
    await expectError(
      await put({ query: { 'content.n': { $bad: 1 } }, operation: { $inc: { n: 1 } } }),
      400,
      'unknown operator $bad at content.n',
    );
    await expectError(await put({ query: {} }), 400, /^operation: /);
    await expectError(await put({ query: {}, operation: { $inc: { n: 1 } } }), 400, /not a number/);
    const docs = await queryDocuments<DocumentV2>(platform, id, {});
    expect(docs.map((d) => d.content.n)).toEqual([1, 'one']);
  });
});

describe('bad input', () => {
  it('answers bad JSON, oversize bodies and unknown collections with 4xx and the 7.1 body', async () => {
    const { id } = await newCollection(platform);
    const raw = (body: string) =>
      platform.api(documentsPath(id), {
        method: 'POST',
        body,
        headers: {
          'X-SERVICE-Developer-Token': platform.tokens.developer,
          'content-type': 'application/json',
        },
      });
    await expectError(await raw('{"content": {'), 400, /not valid JSON/);
    await expectError(
      await raw(JSON.stringify({ content: { big: 'x'.repeat(10 * 1024 * 1024) } })),
      413,
    );
    await expectError(
      await platform.api(documentsPath('nope'), { method: 'POST', json: { content: {} } }),
      404,
    );
    await expectError(await platform.api(documentsPath('nope', 'v1')), 404);
    await expectError(await platform.api(`${documentsPath(id)}/${'x'.repeat(300)}`), 404);
  });
});

describe('document-level filters over HTTP (a filter that applies to user 1, the developer token)', () => {
  it('answers a filtered-out document with 404 (7.1) and leaves it out of lists and queries', async () => {
    const created = await newCollection(platform);
    const open = documentV2.parse(await create(created.id, { status: 'open' }));
    const closed = documentV2.parse(await create(created.id, { status: 'closed' }));
    const onlyOpen = {
      name: 'open only',
      applyOn: ['READ', 'UPDATE', 'DELETE'],
      applyTo: [{ type: 'USER_ID', values: ['1'] }],
      applyToAll: false,
      limitToOwner: false,
      query: { 'content.status': 'open' },
    };
    await ok(await updateCollection(platform, created.id, { filters: [onlyOpen] }));
    await expectError(
      await platform.api(`${documentsPath(created.id)}/${closed.id}`),
      404,
      /not found, or you have no permission/,
    );
    expect(
      (await queryDocuments<{ id: string }>(platform, created.id, {})).map((d) => d.id),
    ).toEqual([open.id]);
    const list = await ok<Array<{ id: string }>>(
      await platform.api(documentsPath(created.id, 'v1')),
    );
    expect(list.map((d) => d.id)).toEqual([open.id]);
    const put = await platform.api(`${documentsPath(created.id)}/${closed.id}`, {
      method: 'PUT',
      json: { content: {} },
    });
    await expectError(put, 404);
    await expectError(
      await platform.api(`${documentsPath(created.id)}/${closed.id}`, { method: 'DELETE' }),
      404,
    );
    await ok(await updateCollection(platform, created.id, { filters: null }));
    expect((await platform.api(`${documentsPath(created.id)}/${closed.id}`)).status).toBe(200);
  });
});
