import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentV2 } from '../../../src/api/contract';
import { startChild } from '../testing/processes';
import { startTestPlatform, type TestPlatform } from '../testing';
import { documentsPath, newCollection, ok, queryDocuments } from '../testing/datastores';

/** No write is lost, under concurrency and across a clean stop (Ctrl-C). */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ seed: false });
});
afterAll(() => platform.close());

const countOf = async (p: { api: TestPlatform['api'] }, collectionId: string) => {
  const res = await p.api(`${documentsPath(collectionId)}/query?count=n`, {
    method: 'POST',
    json: {},
  });
  return (await ok<Array<{ n: number }>>(res))[0]!.n;
};

describe('no write is lost', () => {
  it('keeps exactly 10,000 documents after 20 clients create 500 each at once', async () => {
    const { id } = await newCollection(platform);
    const ids = new Set<string>();
    const client = async (c: number) => {
      for (let i = 0; i < 500; i++) {
        const res = await platform.api(documentsPath(id), {
          method: 'POST',
          json: { content: { client: c, i } },
        });
        ids.add(documentV2.parse(await ok(res)).id);
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, c) => client(c)));
    expect(ids.size).toBe(10_000);
    expect(await countOf(platform, id)).toBe(10_000);
    const perClient = await queryDocuments<{ client: number; n: number }>(
      platform,
      id,
      {},
      '?groupby=content.client&count=n',
    );
    expect(perClient).toHaveLength(20);
    expect(perClient.every((g) => g.n === 500)).toBe(true);

    // The v1 list answers at most 10,000 documents (gaps.md).
    await ok(
      await platform.api(documentsPath(id), { method: 'POST', json: { content: { client: 20 } } }),
    );
    const list = await ok<unknown[]>(await platform.api(documentsPath(id, 'v1')));
    expect(list).toHaveLength(10_000);
  }, 120_000);
});

/** `npm run platform` on PGlite in a child process of its own group, resolved once it prints its URL. */
const startPlatformProcess = (dataDir: string) =>
  startChild('', { DATA_DIR: dataDir }, { detached: true });

/** Ctrl-C: SIGINT to the child's process group. */
const interrupt = (child: ChildProcess) => process.kill(-child.pid!, 'SIGINT');

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('a clean stop', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    // PGlite only: the child process runs on a PGlite folder, the case where a stop can lose writes.
    'loses no acknowledged write when stopped with SIGINT in the middle of writes',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-stop-'));
      try {
        const first = await startPlatformProcess(dataDir);
        const datastore = await ok<{ id: string }>(
          await first.platform.api('/api/datastores/v1/', {
            method: 'POST',
            json: { name: 'stop' },
          }),
        );
        const coll = await ok<{ id: string }>(
          await first.platform.api(`/api/datastores/v1/${datastore.id}/collections`, {
            method: 'POST',
            json: { name: 'writes' },
          }),
        );
        const acknowledged: string[] = [];
        const writer = async (w: number) => {
          for (let i = 0; i < 100_000; i++) {
            try {
              const res = await first.platform.api(documentsPath(coll.id), {
                method: 'POST',
                json: { content: { w, i } },
              });
              if (res.status !== 200) return;
              acknowledged.push(documentV2.parse(await res.json()).id);
            } catch {
              return; // the connection went with the stop: not acknowledged
            }
          }
        };
        const writers = Array.from({ length: 4 }, (_, w) => writer(w));
        while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
        const atStop = acknowledged.length;
        interrupt(first.process);
        expect(await exited(first.process)).toBe(0);
        await Promise.all(writers);
        expect(acknowledged.length).toBeGreaterThanOrEqual(300);
        // The stop is prompt: busy keep-alive connections do not go on writing through it.
        expect(acknowledged.length - atStop).toBeLessThan(100);

        const second = await startPlatformProcess(dataDir);
        try {
          const present = new Set<string>();
          for (let i = 0; i < acknowledged.length; i += 500) {
            const found = await ok<Array<{ id: string }>>(
              await second.platform.api(`${documentsPath(coll.id)}/query?limit=500`, {
                method: 'POST',
                json: { id: { $in: acknowledged.slice(i, i + 500) } },
              }),
            );
            for (const d of found) present.add(d.id);
          }
          expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
        } finally {
          interrupt(second.process);
          await exited(second.process);
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
