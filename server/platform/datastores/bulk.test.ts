import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/api/contract';
import { actingAs } from '../access/principal';
import { Jobs } from '../core/jobs';
import { PlatformError } from '../core/errors';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { documentServiceOn } from '../testing/datastores';
import type { DocumentService } from './documents';
import { parsePlan } from './query/plan';
import { createCollection, createDatastore } from './repository';
import { SortIndexesAndStatistics } from './sort-indexes-and-statistics';
import { sweepDocumentBatches } from './staged-create';

/**
 * Bulk creates staged in pieces no reader sees and published at once
 * (all or nothing); updates by query in pieces; the service's own access check, whoever calls
 * it (a route, a workflow step). On PGlite, and on PostgreSQL when DATABASE_URL is set.
 * Seeded people: 1 Admin, 3 Editor, 4 Participant.
 */
let db: Db;
let jobs: Jobs;
let documents: DocumentService;
let datastoreId: string;
let n = 0;

beforeAll(async () => {
  db = await openTestStore('platform-bulk-', 'seeded');
  jobs = new Jobs(() => undefined);
  documents = documentServiceOn(db, new SortIndexesAndStatistics(db, jobs, () => undefined));
  datastoreId = (await createDatastore(db, 'bulk', 1)).id;
  // Opening a fresh store and seeding it is slow on a loaded machine.
}, 180_000);
afterAll(async () => {
  await jobs?.stop();
  await db?.close();
});

const newCollection = async (defaultPermissions: string | null = null) =>
  (
    await createCollection(db, {
      datastoreId,
      name: `c${n++}`,
      schema: { columns: [] },
      syncEnabled: false,
      owner: 1,
      defaultPermissions,
    })
  ).id;

const docs = (count: number, extra: (i: number) => JsonObject = () => ({})) =>
  Array.from({ length: count }, (_, i) => ({ content: { i, ...extra(i) } }));

/** What readers see, through the service. */
const visibleCount = async (collectionId: string, userId = 1) => {
  const result = await documents.query(
    actingAs(userId),
    collectionId,
    {},
    parsePlan({ count: 'n' }),
  );
  return Number((result.rows[0] as { n: number }).n);
};
/** What the table holds, staged documents included. */
const storedCount = async (collectionId: string) => {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM documents WHERE collection_id = $1',
    [collectionId],
  );
  return row!.n;
};

const failure = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof PlatformError ? { status: e.status, message: e.message } : e),
  );

describe('a bulk create', () => {
  it('is written in pieces that readers do not see, and read in between', async () => {
    const id = await newCollection();
    let settled = false;
    const bulk = documents.createMany(actingAs(1), id, docs(4_000)).finally(() => (settled = true));
    const stagedWhilePending: number[] = [];
    const seenWhilePending: number[] = [];
    while (!settled) {
      const stored = await storedCount(id);
      const seen = await visibleCount(id);
      if (!settled && stored > 0) {
        stagedWhilePending.push(stored);
        seenWhilePending.push(seen);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await bulk).toBe(4_000);
    // Some pieces were written while the bulk went on (a reader found part of it staged), and
    // readers were answered meanwhile. All 4,000 may also be seen staged just before publishing.
    expect(stagedWhilePending.some((stored) => stored > 0 && stored < 4_000)).toBe(true);
    // ...without seeing any of them; then all at once.
    expect(seenWhilePending.every((count) => count === 0 || count === 4_000)).toBe(true);
    expect(seenWhilePending.filter((count) => count === 0).length).toBeGreaterThan(0);
    expect(await visibleCount(id)).toBe(4_000);
  });

  it('leaves no document when one of its documents fails, even in a late piece', async () => {
    const id = await newCollection();
    // Postgres refuses \u0000 in a jsonb string: the 2,600th document fails, after 5 pieces.
    const bad = docs(3_000, (i) => (i === 2_600 ? { text: 'a\u0000b' } : {}));
    expect(await failure(documents.createMany(actingAs(1), id, bad))).toMatchObject({
      status: 400,
    });
    expect(await visibleCount(id)).toBe(0);
    // The pieces written before the failure are swept.
    await sweepDocumentBatches(db);
    expect(await storedCount(id)).toBe(0);
    // The collection takes the same documents once the bad one is gone.
    expect(await documents.createMany(actingAs(1), id, docs(3_000))).toBe(3_000);
    expect(await visibleCount(id)).toBe(3_000);
  });

  it('whose writer stopped is discarded and swept after a while; a live one is not', async () => {
    const id = await newCollection();
    const stage = (batchId: string, age: string) =>
      db.query(
        `INSERT INTO document_batches (id, collection_id, state, created_from, document_count, touched_at)
         VALUES ($1, $2, 'staging', clock_timestamp(), 2, now() - $3::interval)`,
        [batchId, id, age],
      );
    const stagedDocument = (docId: string, batchId: string) =>
      db.query(
        `INSERT INTO documents (id, collection_id, datastore_id, owner, created_by, updated_by,
           created_on, updated_on, content, batch_id)
         SELECT $1, $2, $3, 1, 1, 1, b.created_from, b.created_from, '{}', b.id
         FROM document_batches b WHERE b.id = $4`,
        [docId, id, datastoreId, batchId],
      );
    await stage(`old-${id}`, '10 minutes');
    await stagedDocument(`old-doc-${id}`, `old-${id}`);
    await stage(`fresh-${id}`, '1 second');
    await stagedDocument(`fresh-doc-${id}`, `fresh-${id}`);
    expect(await visibleCount(id)).toBe(0);
    await sweepDocumentBatches(db);
    expect(await storedCount(id)).toBe(1);
    const [left] = await db.query<{ id: string }>(
      'SELECT id FROM document_batches WHERE collection_id = $1',
      [id],
    );
    expect(left?.id).toBe(`fresh-${id}`);
    expect(await visibleCount(id)).toBe(0);
  });
});

describe('an update by query', () => {
  it('changes every matching document, in pieces', async () => {
    const id = await newCollection();
    await documents.createMany(
      actingAs(1),
      id,
      docs(1_200, (i) => ({ even: i % 2 === 0 })),
    );
    expect(
      await documents.updateMatching(actingAs(1), id, { 'content.even': true }, { $inc: { i: 1 } }),
    ).toBe(600);
    const holding = async (value: number) =>
      (await documents.query(actingAs(1), id, { 'content.i': value }, parsePlan({}))).rows.length;
    // Documents 0 and 1198 (the first and the last piece) were moved on to 1 and 1199.
    expect(await holding(0)).toBe(0);
    expect(await holding(1)).toBe(2);
    expect(await holding(1_198)).toBe(0);
    expect(await holding(1_199)).toBe(2);
  });

  it('keeps a change made to a document while its piece was read, and applies the update to it', async () => {
    const id = await newCollection();
    await documents.createMany(
      actingAs(1),
      id,
      docs(600, (i) => ({ even: i % 2 === 0 })),
    );
    const batch = db.batch;
    let changedMeanwhile: string | undefined;
    db.batch = async (statements) => {
      // Just before the first piece is written, another writer changes one of its documents.
      const write = statements.find((s) => /xmin::text = t\.seen/.test(s.sql));
      if (write && !changedMeanwhile) {
        changedMeanwhile = (write.params![0] as string[])[3];
        await db.query(
          `UPDATE documents SET content = jsonb_set(content, '{i}', '1000') WHERE id = $1`,
          [changedMeanwhile],
        );
      }
      return batch(statements);
    };
    try {
      expect(
        await documents.updateMatching(
          actingAs(1),
          id,
          { 'content.even': true },
          { $inc: { i: 1 } },
        ),
      ).toBe(300);
    } finally {
      db.batch = batch;
    }
    expect(changedMeanwhile).toBeDefined();
    const [doc] = await db.query<{ i: number }>(
      `SELECT (content->>'i')::int AS i FROM documents WHERE id = $1`,
      [changedMeanwhile],
    );
    // The other writer's 1000, moved on by the update: neither change lost.
    expect(doc?.i).toBe(1001);
  });

  it('changes nothing when the operation cannot apply to one matching document', async () => {
    const id = await newCollection();
    await documents.createMany(
      actingAs(1),
      id,
      docs(1_200, (i) => ({ v: i === 1_100 ? 'text' : i })),
    );
    expect(
      await failure(documents.updateMatching(actingAs(1), id, {}, { $inc: { v: 1 } })),
    ).toMatchObject({
      status: 400,
    });
    const moved = await documents.query(actingAs(1), id, { 'content.v': 1 }, parsePlan({}));
    // Document 0 held 0 and document 1 holds 1: had the first pieces been written, two would.
    expect(moved.rows).toHaveLength(1);
  });
});

describe('the documents service decides access itself', () => {
  it('answers 404 to a user without any permission, whatever the operation', async () => {
    const id = await newCollection();
    await documents.createMany(actingAs(1), id, docs(2));
    const [doc] = (await documents.query(actingAs(1), id, {}, parsePlan({}))).rows as Array<{
      id: string;
    }>;
    const attempts = [
      () => documents.query(actingAs(4), id, {}, parsePlan({})),
      () => documents.get(actingAs(4), id, doc!.id),
      () => documents.createOne(actingAs(4), id, { x: 1 }),
      () => documents.createMany(actingAs(4), id, docs(2)),
      () => documents.replace(actingAs(4), id, doc!.id, { x: 1 }),
      () => documents.remove(actingAs(4), id, [doc!.id]),
      () => documents.upsert(actingAs(4), id, docs(1)),
      () => documents.updateMatching(actingAs(4), id, {}, { $set: { x: 1 } }),
    ];
    for (const attempt of attempts) expect(await failure(attempt())).toMatchObject({ status: 404 });
    expect(await visibleCount(id)).toBe(2);
  });

  it('answers 403 naming the permission a reader lacks to create, change or delete', async () => {
    const id = await newCollection('READ_CONTENT');
    await documents.createMany(actingAs(1), id, docs(2));
    const result = await documents.query(actingAs(4), id, {}, parsePlan({}));
    expect(result.rows).toHaveLength(2);
    const [doc] = result.rows as Array<{ id: string }>;
    expect(await failure(documents.createOne(actingAs(4), id, { x: 1 }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('CREATE_CONTENT') as unknown,
    });
    expect(await failure(documents.createMany(actingAs(4), id, docs(2)))).toMatchObject({
      status: 403,
    });
    expect(await failure(documents.replace(actingAs(4), id, doc!.id, { x: 1 }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('UPDATE_CONTENT') as unknown,
    });
    expect(
      await failure(documents.updateMatching(actingAs(4), id, {}, { $set: { x: 1 } })),
    ).toMatchObject({
      status: 403,
    });
    expect(await failure(documents.remove(actingAs(4), id, [doc!.id]))).toMatchObject({
      status: 403,
      message: expect.stringContaining('DELETE_CONTENT') as unknown,
    });
    expect(await visibleCount(id)).toBe(2);
  });

  it('lets a user with CREATE_CONTENT create, as a workflow step does', async () => {
    const id = await newCollection('READ_CONTENT,CREATE_CONTENT');
    const row = await documents.createOne(actingAs(4), id, { by: 'step' });
    expect(row.owner).toBe(4);
    expect(await visibleCount(id, 4)).toBe(1);
  });
});
