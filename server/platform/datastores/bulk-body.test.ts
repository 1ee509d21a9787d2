import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing';
import { documentsPath, expectError, newCollection, queryDocuments } from '../testing/datastores';
import { INLINE_BULK_BYTES } from './bulk-body-thread';

// A bulk create of some 100,000 documents (5 MB of JSON) is parsed and checked on a thread of its
// own: parsed on the event loop, it would hold every read sent meanwhile past its 100 ms budget.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);
afterAll(() => platform?.close());

const post = (id: string, body: string) =>
  platform.api(`${documentsPath(id)}/bulk`, {
    method: 'POST',
    body,
    headers: {
      'X-SERVICE-Developer-Token': platform.tokens.developer,
      'content-type': 'application/json',
    },
  });

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
