import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs } from '../access/principal';
import { Jobs } from '../core/jobs';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { documentServiceOn } from '../testing/datastores';
import { inCollection } from './document-repository';
import { filterCondition } from './query/filter';
import { parsePlan, selectDocuments } from './query/plan';
import { createCollection, createDatastore, deleteCollection } from './repository';
import { SortIndexesAndStatistics } from './sort-indexes-and-statistics';

/** Sort indexes on demand, with a small threshold instead of 10,000 documents. */
let db: Db;
beforeAll(async () => {
  db = await openTestStore('platform-sort-indexes-');
});
afterAll(async () => {
  await db.close();
});

const sortIndexes = (collectionId: string) =>
  db.query<{ index_name: string; path: string[] }>(
    'SELECT index_name, path FROM document_sort_indexes WHERE collection_id = $1',
    [collectionId],
  );
const indexExists = async (name: string) =>
  (
    await db.query("SELECT 1 FROM pg_indexes WHERE indexname = $1 AND tablename = 'documents'", [
      name,
    ])
  ).length > 0;

describe('statistics after large writes', () => {
  // PostgreSQL analyzes on its own (autovacuum); PGlite only when the platform asks.
  it.skipIf(!!process.env.DATABASE_URL)(
    "learn the table's size each time, and the content's only once it has grown fourfold",
    async () => {
      const jobs = new Jobs(() => undefined);
      const upkeep = new SortIndexesAndStatistics(db, jobs, () => undefined, {
        analyzeAfterRows: 1_000,
      });
      const documents = documentServiceOn(db, upkeep);
      const store = await createDatastore(db, 'statistics', 1);
      const orders = await createCollection(db, {
        datastoreId: store.id,
        name: 'orders',
        schema: { columns: [] },
        syncEnabled: false,
        owner: 1,
      });
      let next = 0;
      const write = async (count: number) => {
        const docs = Array.from({ length: count }, () => ({ content: { n: next++ } }));
        await documents.createMany(actingAs(1), orders.id, docs);
        await jobs.settled();
      };
      const table = async () =>
        (
          await db.query<{ rows: number; content: string | null }>(
            `SELECT c.reltuples::int AS rows, (SELECT histogram_bounds::text FROM pg_stats
               WHERE tablename = 'documents' AND attname = 'content') AS content
             FROM pg_class c WHERE c.oid = 'documents'::regclass`,
          )
        )[0]!;
      // The first time in this process: the content's statistics too.
      await write(1_200);
      const first = await table();
      expect(first.rows).toBeGreaterThanOrEqual(1_200);
      expect(first.content).toContain('{\\"n\\": 0}');
      // Grown by less than its size: its size is learnt, the content's statistics stay (taking
      // them sorts every sampled document, holding PGlite meanwhile).
      await write(1_100);
      const second = await table();
      expect(second.rows).toBeGreaterThanOrEqual(first.rows + 1_100);
      expect(second.content).toBe(first.content);
      await jobs.stop();
    },
  );
});

describe('sort indexes', () => {
  it('are made for a large collection ordered by a content field, used by the query, and dropped with it', async () => {
    const jobs = new Jobs(() => undefined);
    const upkeep = new SortIndexesAndStatistics(db, jobs, () => undefined, {
      sortIndexMinDocuments: 500,
    });
    const documents = documentServiceOn(db, upkeep);
    const store = await createDatastore(db, 'upkeep', 1);
    const small = await createCollection(db, {
      datastoreId: store.id,
      name: 'small',
      schema: { columns: [] },
      syncEnabled: false,
      owner: 1,
    });
    const big = await createCollection(db, {
      datastoreId: store.id,
      name: 'big',
      schema: { columns: [] },
      syncEnabled: false,
      owner: 1,
    });
    await documents.createMany(actingAs(1), small.id, [{ content: { qty: 1 } }]);
    await documents.createMany(
      actingAs(1),
      big.id,
      Array.from({ length: 2000 }, (_, i) => ({
        content: { qty: (i * 7919) % 1000, region: ['North', 'South'][i % 2] },
      })),
    );

    const plan = parsePlan({ orderby: 'content.qty descending', limit: 5 });
    await documents.query(actingAs(1), small.id, {}, plan);
    await documents.query(actingAs(1), big.id, { 'content.region': 'North' }, plan);
    await jobs.stop();

    expect(await sortIndexes(small.id)).toEqual([]);
    const [made] = await sortIndexes(big.id);
    expect(made?.path).toEqual(['qty']);
    expect(await indexExists(made!.index_name)).toBe(true);

    const select = selectDocuments(
      plan,
      inCollection(big.id, filterCondition({ 'content.region': 'North' }), () => 'TRUE'),
    );
    const explained = await db.query<Record<string, string>>(
      `EXPLAIN ${select.sql}`,
      select.params,
    );
    expect(explained.map((r) => Object.values(r)[0]).join('\n')).toContain(made!.index_name);

    await upkeep.dropSortIndexes(big.id);
    await deleteCollection(db, big.id);
    expect(await indexExists(made!.index_name)).toBe(false);
    expect(await sortIndexes(big.id)).toEqual([]);
  });

  it('never refuse a document: a value too large for the index drops it, and every create in the batch lands', async () => {
    const jobs = new Jobs(() => undefined);
    const upkeep = new SortIndexesAndStatistics(db, jobs, () => undefined, {
      sortIndexMinDocuments: 500,
    });
    const documents = documentServiceOn(db, upkeep);
    const store = await createDatastore(db, 'long values', 1);
    const notes = await createCollection(db, {
      datastoreId: store.id,
      name: 'notes',
      schema: { columns: [] },
      syncEnabled: false,
      owner: 1,
    });
    await documents.createMany(
      actingAs(1),
      notes.id,
      Array.from({ length: 600 }, (_, i) => ({
        content: { note: `n${String(i).padStart(4, '0')}` },
      })),
    );
    const plan = parsePlan({ orderby: 'content.note ascending', limit: 3 });
    await documents.query(actingAs(1), notes.id, {}, plan);
    await jobs.stop();
    const [made] = await sortIndexes(notes.id);
    expect(await indexExists(made!.index_name)).toBe(true);

    // A 4,000-character value that does not compress, sent alongside ordinary creates.
    const long = `z${randomBytes(3_000).toString('base64')}`;
    const created = await Promise.allSettled([
      documents.createOne(actingAs(1), notes.id, { note: 'a short one' }),
      documents.createOne(actingAs(1), notes.id, { note: long }),
      documents.createOne(actingAs(1), notes.id, { note: 'another short one' }),
    ]);
    expect(created.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await indexExists(made!.index_name)).toBe(false);
    expect(await sortIndexes(notes.id)).toEqual([]);

    const last = await documents.query(
      actingAs(1),
      notes.id,
      {},
      parsePlan({ orderby: 'content.note descending', limit: 1 }),
    );
    expect(last.kind === 'documents' && last.rows[0]?.content).toEqual({ note: long });
    await deleteCollection(db, notes.id);
  });
});
