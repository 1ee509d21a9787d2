import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionFilter, JsonObject } from '../../../src/api/contract';
import { actingAs } from '../access/principal';
import { Jobs } from '../core/jobs';
import { PlatformError } from '../core/errors';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { documentServiceOn } from '../testing/datastores';
import { accessCondition, filterApplies } from './access';
import type { DocumentService } from './documents';
import { parsePlan } from './query/plan';
import { SqlParams } from './query/sql-params';
import { createCollection, createDatastore, updateCollection } from './repository';
import { SortIndexesAndStatistics } from './sort-indexes-and-statistics';

/**
 * Document-level filters (gaps.md) seen by callers other than the developer token's user 1:
 * the service is called with their user ids directly (no HTTP back door for identities).
 * documents.test.ts checks the same over HTTP with a filter that applies to user 1.
 * Seeded people: user 2 is in group 101, user 3 in group 102.
 */
let db: Db;
let jobs: Jobs;
let documents: DocumentService;
let datastoreId: string;

beforeAll(async () => {
  db = await openTestStore('platform-access-', 'seeded');
  jobs = new Jobs(() => undefined);
  documents = documentServiceOn(db, new SortIndexesAndStatistics(db, jobs, () => undefined));
  datastoreId = (await createDatastore(db, 'access', 1)).id;
});
afterAll(async () => {
  await jobs.stop();
  await db.close();
});

const filter = (f: Partial<CollectionFilter>): CollectionFilter => ({
  name: 'f',
  applyOn: ['READ', 'UPDATE', 'DELETE'],
  applyTo: [],
  applyToAll: false,
  limitToOwner: false,
  query: {},
  ...f,
});

let n = 0;
/** A collection with documents of user 1 (North, South) and of user 2 (North, South). */
async function collectionWith(filters: CollectionFilter[]) {
  const c = await createCollection(db, {
    datastoreId,
    name: `c${n++}`,
    schema: { columns: [] },
    syncEnabled: false,
    owner: 1,
    // Every user may work with the documents: what is tested here is the filters.
    defaultPermissions: 'READ_CONTENT,CREATE_CONTENT,UPDATE_CONTENT,DELETE_CONTENT',
  });
  await updateCollection(db, c.id, { filters }, 1);
  await documents.createMany(actingAs(1), c.id, [
    { content: { who: 1, region: 'North' } },
    { content: { who: 1, region: 'South' } },
  ]);
  await documents.createMany(actingAs(2), c.id, [
    { content: { who: 2, region: 'North' } },
    { content: { who: 2, region: 'South' } },
  ]);
  return c.id;
}

const seen = async (collectionId: string, userId: number, query: JsonObject = {}) => {
  const result = await documents.query(actingAs(userId), collectionId, query, parsePlan({}));
  if (result.kind !== 'documents') throw new Error('expected documents');
  return result.rows.map((r) => `${String(r.content.who)}${String(r.content.region)[0]}`);
};

const status = async (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof PlatformError ? e.status : 500),
  );

describe('which filters apply', () => {
  it('applies to all, to a user id, or to a group of the caller, for the operations named', () => {
    const caller = { userId: 3, groupIds: [102] };
    expect(filterApplies(filter({ applyToAll: true }), caller, 'READ')).toBe(true);
    expect(
      filterApplies(filter({ applyTo: [{ type: 'USER_ID', values: ['3'] }] }), caller, 'READ'),
    ).toBe(true);
    expect(
      filterApplies(filter({ applyTo: [{ type: 'GROUP_ID', values: ['102'] }] }), caller, 'DELETE'),
    ).toBe(true);
    expect(
      filterApplies(filter({ applyTo: [{ type: 'USER_ID', values: ['2'] }] }), caller, 'READ'),
    ).toBe(false);
    expect(filterApplies(filter({ applyToAll: true, applyOn: ['DELETE'] }), caller, 'READ')).toBe(
      false,
    );
  });

  it('ANDs each applying filter, with the owner for limitToOwner', () => {
    const condition = accessCondition(
      [filter({ applyToAll: true, limitToOwner: true, query: { 'content.a': 1 } })],
      { userId: 3, groupIds: [] },
      'READ',
    );
    expect(condition(new SqlParams())).toBe(
      '((content @> $1::jsonb OR content @> $2::jsonb)) AND (owner = $3::integer)',
    );
    expect(accessCondition(null, { userId: 1, groupIds: [] }, 'READ')(new SqlParams())).toBe(
      'TRUE',
    );
  });
});

describe('filters on READ', () => {
  it("hide documents outside a group's query from list, query, get and aggregates", async () => {
    const id = await collectionWith([
      filter({
        applyOn: ['READ'],
        applyTo: [{ type: 'GROUP_ID', values: ['102'] }],
        query: { 'content.region': 'North' },
      }),
    ]);
    expect(await seen(id, 3)).toEqual(['1N', '2N']);
    expect(await seen(id, 3, { 'content.who': 1 })).toEqual(['1N']);
    expect(await seen(id, 2)).toEqual(['1N', '1S', '2N', '2S']);
    const all = await documents.query(actingAs(2), id, {}, parsePlan({}));
    const south =
      all.kind === 'documents' ? all.rows.find((r) => r.content.region === 'South')! : undefined;
    expect(await status(documents.get(actingAs(3), id, south!.id))).toBe(404);
    expect(await status(documents.get(actingAs(2), id, south!.id))).toBe(200);
    const counted = await documents.query(actingAs(3), id, {}, parsePlan({ count: 'n' }));
    expect(counted.rows).toEqual([{ n: 2 }]);
  });

  it("limit to the caller's own documents with limitToOwner", async () => {
    const id = await collectionWith([
      filter({ applyOn: ['READ'], applyToAll: true, limitToOwner: true }),
    ]);
    expect(await seen(id, 2)).toEqual(['2N', '2S']);
    expect(await seen(id, 1)).toEqual(['1N', '1S']);
    expect(await seen(id, 4)).toEqual([]);
  });
});

describe('filters on UPDATE and DELETE', () => {
  it('leave filtered-out documents unchanged by replace, partial update and upsert', async () => {
    const id = await collectionWith([
      filter({
        applyOn: ['UPDATE'],
        applyTo: [{ type: 'USER_ID', values: ['2'] }],
        limitToOwner: true,
      }),
    ]);
    const all = await documents.query(actingAs(1), id, {}, parsePlan({}));
    const rows = all.kind === 'documents' ? all.rows : [];
    const ofUser1 = rows.find((r) => r.owner === 1)!;
    const ofUser2 = rows.find((r) => r.owner === 2)!;
    expect(await status(documents.replace(actingAs(2), id, ofUser1.id, { hacked: true }))).toBe(
      404,
    );
    expect(await status(documents.replace(actingAs(2), id, ofUser2.id, { mine: true }))).toBe(200);
    expect(await documents.updateMatching(actingAs(2), id, {}, { $set: { touched: true } })).toBe(
      2,
    );
    expect(
      await documents.upsert(actingAs(2), id, [{ id: ofUser1.id, content: { hacked: true } }]),
    ).toEqual({
      Updated: 0,
      Created: 0,
    });
    expect((await documents.get(actingAs(1), id, ofUser1.id)).content).toEqual({
      who: 1,
      region: 'North',
    });
    // User 1 is not filtered for UPDATE, and still may.
    expect(await status(documents.replace(actingAs(1), id, ofUser1.id, { fine: true }))).toBe(200);
  });

  it('leave filtered-out documents in place on delete and bulk delete', async () => {
    const id = await collectionWith([
      filter({
        applyOn: ['DELETE'],
        applyTo: [{ type: 'GROUP_ID', values: ['101'] }],
        query: { 'content.region': 'South' },
      }),
    ]);
    const all = await documents.query(actingAs(1), id, {}, parsePlan({}));
    const rows = all.kind === 'documents' ? all.rows : [];
    const north = rows.filter((r) => r.content.region === 'North').map((r) => r.id);
    // User 2 is in group 101: only South documents may be deleted by them; reading is not filtered.
    expect(await documents.remove(actingAs(2), id, north)).toBe(0);
    expect(
      await documents.remove(
        actingAs(2),
        id,
        rows.map((r) => r.id),
      ),
    ).toBe(2);
    expect(await seen(id, 2)).toEqual(['1N', '2N']);
  });
});
