import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../../src/api/contract';
import { WorkerThread } from '../core/worker-thread';
import { startTestPlatform, type TestPlatform } from '../testing';
import {
  bulkCreate,
  documentsPath,
  expectError,
  newCollection,
  ok,
  queryDocuments,
} from '../testing/datastores';
import { INLINE_BULK_BYTES } from './bulk-body-thread';

// A bulk create or upsert of some 100,000 documents (5 MB of JSON) is parsed and checked on a
// thread of its own: parsed on the event loop, it would hold every read sent meanwhile past its
// 100 ms budget.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);
afterAll(() => platform?.close());

const send = (method: 'POST' | 'PUT', id: string, body: string) =>
  platform.api(`${documentsPath(id)}/bulk`, {
    method,
    body,
    headers: {
      'X-SERVICE-Developer-Token': platform.tokens.developer,
      'content-type': 'application/json',
    },
  });

const post = (id: string, body: string) => send('POST', id, body);

describe('a large bulk create body', () => {
  it('is never parsed on the event loop, and its documents are all created', async () => {
    const { id } = await newCollection(platform);
    const docs = Array.from({ length: 20_000 }, (_, i) => ({ content: { i, label: `bulk ${i}` } }));
    const body = JSON.stringify(docs);
    expect(body.length).toBeGreaterThan(INLINE_BULK_BYTES);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const res = await post(id, body);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toEqual({ Created: 20_000 });
      const longest = Math.max(
        0,
        ...parse.mock.calls.map(([text]) => (typeof text === 'string' ? text.length : 0)),
      );
      expect(longest).toBeLessThan(INLINE_BULK_BYTES);
    } finally {
      parse.mockRestore();
    }
    const [count] = await queryDocuments<{ n: number }>(platform, id, {}, '?count=n');
    expect(count).toEqual({ n: 20_000 });
  });

  it('still names its first fault as a small one does: 400, nothing created', async () => {
    const { id } = await newCollection(platform);
    const docs: unknown[] = Array.from({ length: 20_000 }, (_, i) => ({ content: { i } }));
    docs[15_000] = { content: 'x' };
    await expectError(await post(id, JSON.stringify(docs)), 400, /^15000\.content: /);
    const broken = `${JSON.stringify(docs.slice(0, 15_000))}]`;
    await expectError(await post(id, broken), 400, 'body: not valid JSON');
    await expectError(
      await post(id, JSON.stringify({ content: 'x'.repeat(INLINE_BULK_BYTES) })),
      400,
    );
    expect(await queryDocuments(platform, id, {})).toEqual([]);
  });
});

const put = (id: string, body: string) => send('PUT', id, body);

/** A bulk upsert's `count` documents: the first `replacing` name the ids `doc-0`, `doc-1`… */
const upsertDocs = (count: number, replacing = 0): Array<{ id?: string; content: JsonObject }> =>
  Array.from({ length: count }, (_, i) =>
    i < replacing
      ? { id: `doc-${i}`, content: { i, label: 'replaced' } }
      : { content: { i, label: `upserted ${i}` } },
  );

/**
 * Holds the next body handed to a worker thread until `release`, as a long parse would: `held`
 * settles once the platform has handed it over.
 */
function holdNextBody() {
  const post = WorkerThread.prototype.post;
  let handedOver = () => {};
  const held = new Promise<void>((resolve) => (handedOver = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const spy = vi.spyOn(WorkerThread.prototype, 'post').mockImplementation(function (
    this: WorkerThread<unknown, unknown>,
    request: unknown,
  ) {
    if (typeof request !== 'object' || request === null || !('bytes' in request))
      return post.call(this, request);
    handedOver();
    void released.then(() => post.call(this, request));
  });
  return { held, release, restore: () => spy.mockRestore() };
}

describe('a large bulk upsert body', () => {
  it('is parsed off the event loop: a read of another collection is answered meanwhile', async () => {
    const { id } = await newCollection(platform);
    const other = await newCollection(platform);
    await bulkCreate(platform, other.id, [{ n: 1 }]);
    const named = Array.from({ length: 1_000 }, (_, i) => ({ id: `doc-${i}`, content: { i } }));
    expect(await ok(await put(id, JSON.stringify(named)))).toEqual({ Updated: 0, Created: 1_000 });
    const body = JSON.stringify(upsertDocs(40_000, 1_000));
    expect(body.length).toBeGreaterThan(INLINE_BULK_BYTES);

    const parse = vi.spyOn(JSON, 'parse');
    const parsing = holdNextBody();
    try {
      const upsert = put(id, body);
      const first = await Promise.race([
        parsing.held.then(() => 'handed to its thread'),
        upsert.then(() => 'answered'),
      ]);
      expect(first).toBe('handed to its thread');
      // The body is still being parsed: the event loop answers another collection's read.
      expect(await queryDocuments(platform, other.id, {})).toEqual([
        expect.objectContaining({ content: { n: 1 } }),
      ]);
      parsing.release();
      expect(await ok(await upsert)).toEqual({ Updated: 1_000, Created: 39_000 });
      const longest = Math.max(
        0,
        ...parse.mock.calls.map(([text]) => (typeof text === 'string' ? text.length : 0)),
      );
      expect(longest).toBeLessThan(INLINE_BULK_BYTES);
    } finally {
      parsing.restore();
      parse.mockRestore();
    }
    const count = (filter: JsonObject) => queryDocuments(platform, id, filter, '?count=n');
    expect(await count({})).toEqual([{ n: 40_000 }]);
    expect(await count({ 'content.label': 'replaced' })).toEqual([{ n: 1_000 }]);
  });

  it('answers as a small one does: 400 naming the first fault, nothing written', async () => {
    const { id } = await newCollection(platform);
    const docs: unknown[] = upsertDocs(20_000);
    const large = (at: number, doc: unknown) => JSON.stringify(docs.with(at, doc));
    await expectError(await put(id, large(15_000, { content: 'x' })), 400, /^15000\.content: /);
    await expectError(
      await put(id, large(15_000, { id: 'a/b', content: {} })),
      400,
      '15000.id: a document id cannot hold / \\ ? # or %',
    );
    await expectError(
      await put(id, `${JSON.stringify(docs.slice(0, 15_000))}]`),
      400,
      'body: not valid JSON',
    );
    await expectError(
      await put(id, JSON.stringify({ content: 'x'.repeat(INLINE_BULK_BYTES) })),
      400,
      /^body: /,
    );
    const twice = docs
      .with(10, { id: 'again', content: {} })
      .with(15_000, { id: 'again', content: {} });
    await expectError(
      await put(id, JSON.stringify(twice)),
      400,
      'id again appears twice in the request',
    );
    expect(await queryDocuments(platform, id, {})).toEqual([]);
  });
});
