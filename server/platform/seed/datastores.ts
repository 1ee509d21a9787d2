import { z } from 'zod';
import {
  collection,
  datastore,
  permissionNames,
  userIdInt,
  type JsonObject,
} from '../../../src/api/contract';
import type { Queryable } from '../store';
import { readData } from './load';

/** `data/datastores.json`: the document store's datastores and collections, with who may use them. */
const sample = readData(
  'datastores.json',
  z.strictObject({
    datastores: z.array(datastore.pick({ id: true, name: true, owner: true }).strict()),
    collections: z.array(
      collection
        .pick({ id: true, datastoreId: true, name: true, syncEnabled: true })
        .extend({
          defaultPermissions: z.string().nullable(),
          schema: collection.shape.schema,
          note: z.string().optional(),
          grants: z
            .array(
              z.strictObject({
                type: z.enum(['USER', 'GROUP']),
                id: userIdInt,
                permissions: z.array(z.enum(permissionNames)),
              }),
            )
            .optional(),
        })
        .strict(),
    ),
  }),
);
const collectionNamed = (name: string) => {
  const found = sample.collections.find((c) => c.name === name);
  if (!found) throw new Error(`sample data datastores.json: no collection ${name}`);
  return found;
};

/** Deterministic pseudo-random numbers, so the sample data is the same on every machine. */
export function seededRandom(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const regions = ['North', 'South', 'East', 'West', 'Central'];
const products = ['Widget', 'Gadget', 'Sprocket', 'Gizmo', 'Doohickey', 'Thingamajig'];
const statuses = ['open', 'shipped', 'delivered', 'returned'];

function orderDocument(i: number, rnd: () => number): JsonObject {
  const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 300) * 86_400_000);
  return {
    orderNumber: 10_000 + i,
    customer: `Customer ${1 + Math.floor(rnd() * 60)}`,
    region: regions[Math.floor(rnd() * regions.length)],
    product: products[Math.floor(rnd() * products.length)],
    quantity: 1 + Math.floor(rnd() * 20),
    unitPrice: Math.round((5 + rnd() * 195) * 100) / 100,
    status: statuses[Math.floor(rnd() * statuses.length)],
    orderDate: day.toISOString().slice(0, 10),
    shippedAt:
      new Date(day.getTime() + Math.floor(rnd() * 5) * 86_400_000).toISOString().slice(0, 19) + 'Z',
    tags: rnd() > 0.7 ? ['priority'] : [],
  };
}

export const SAMPLE_DATASTORE_ID = sample.datastores[0]!.id;
export const ORDERS_COLLECTION_ID = collectionNamed('orders').id;
export const CUSTOMERS_COLLECTION_ID = collectionNamed('customers').id;
export const NOTES_COLLECTION_ID = collectionNamed('ticket notes').id;
/** A sample collection's name, by id (the sample runs' log lines name it, as a run's do). */
export const sampleCollectionName = (id: string) =>
  sample.collections.find((c) => c.id === id)?.name ?? id;

export async function seedDocumentStore(tx: Queryable) {
  const now = new Date();
  const rnd = seededRandom(42);
  for (const d of sample.datastores)
    await tx.query(
      'INSERT INTO datastores (id, name, owner, created_on, updated_on) VALUES ($1, $2, $3, $4, $4)',
      [d.id, d.name, d.owner, now],
    );
  for (const col of sample.collections) {
    await tx.query(
      `INSERT INTO collections (id, datastore_id, name, owner, default_permissions, schema,
         sync_enabled, sync_required, created_on, updated_on, updated_by)
       VALUES ($1, $2, $3, 1, $4, $5, $6, true, $7, $7, 1)`,
      [
        col.id,
        col.datastoreId,
        col.name,
        col.defaultPermissions,
        JSON.stringify(col.schema),
        col.syncEnabled,
        now,
      ],
    );
    for (const grant of col.grants ?? [])
      await tx.query(
        `INSERT INTO collection_permissions (collection_id, principal_type, principal_id, permissions)
         VALUES ($1, $2, $3, $4)`,
        [col.id, grant.type, grant.id, grant.permissions],
      );
  }
  const notes = collectionNamed('ticket notes');
  const docs: Array<[string, string, JsonObject]> = [];
  for (let i = 0; i < 400; i++)
    docs.push([ORDERS_COLLECTION_ID, SAMPLE_DATASTORE_ID, orderDocument(i, rnd)]);
  for (let i = 0; i < 60; i++)
    docs.push([
      CUSTOMERS_COLLECTION_ID,
      SAMPLE_DATASTORE_ID,
      {
        name: `Customer ${i + 1}`,
        region: regions[i % regions.length],
        lifetimeValue: Math.round(rnd() * 50_000),
      },
    ]);
  for (let i = 0; i < 25; i++)
    docs.push([
      NOTES_COLLECTION_ID,
      notes.datastoreId,
      {
        ticket: `T-${1000 + i}`,
        note: `Follow-up ${i + 1}: customer asked about delivery`,
        resolved: i % 3 === 0,
      },
    ]);
  // One statement for all documents: PGlite inserts row by row at ~16k rows/s (toolchain.md).
  await tx.query(
    `INSERT INTO documents (id, collection_id, datastore_id, owner, created_by, updated_by,
       created_on, updated_on, sync_required, content)
     SELECT gen_random_uuid()::text, c, d, 1, 1, 1, $4::timestamptz - (n * interval '1 minute'),
       $4::timestamptz - (n * interval '1 minute'), true, content
     FROM unnest($1::text[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS t(c, d, content, n)`,
    [docs.map((d) => d[0]), docs.map((d) => d[1]), docs.map((d) => JSON.stringify(d[2])), now],
  );
}
