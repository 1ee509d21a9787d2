import type { JsonObject } from '../../../src/api/contract';
import type { Queryable } from '../store';

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

export const SAMPLE_DATASTORE_ID = '6f1c2a52-5d2e-4c8e-9a51-1b0c1d2e3f40';
export const ORDERS_COLLECTION_ID = '0d9e8f7a-1b2c-4d3e-8f4a-5b6c7d8e9f01';
export const CUSTOMERS_COLLECTION_ID = '1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a02';
export const NOTES_COLLECTION_ID = '2f3a4b5c-6d7e-4f8a-9b0c-1d2e3f4a5b03';

export async function seedDocumentStore(tx: Queryable) {
  const now = new Date();
  const rnd = seededRandom(42);
  await tx.query(
    'INSERT INTO datastores (id, name, owner, created_on, updated_on) VALUES ($1, $2, 1, $3, $3), ($4, $5, 2, $3, $3)',
    [
      SAMPLE_DATASTORE_ID,
      'Sales operations',
      now,
      '7a2d3b63-6e3f-4d9f-ab62-2c1d2e3f4051',
      'Support desk',
    ],
  );
  const collections = [
    {
      id: ORDERS_COLLECTION_ID,
      datastore: SAMPLE_DATASTORE_ID,
      name: 'orders',
      syncEnabled: true,
      permissions: 'READ,WRITE,CREATE_CONTENT,READ_CONTENT,UPDATE_CONTENT',
      columns: [
        { name: 'orderNumber', type: 'LONG' },
        { name: 'customer', type: 'STRING' },
        { name: 'region', type: 'STRING' },
        { name: 'product', type: 'STRING' },
        { name: 'quantity', type: 'LONG' },
        { name: 'unitPrice', type: 'DECIMAL' },
        { name: 'status', type: 'STRING' },
        { name: 'orderDate', type: 'DATE' },
        { name: 'shippedAt', type: 'DATETIME' },
      ],
    },
    {
      id: CUSTOMERS_COLLECTION_ID,
      datastore: SAMPLE_DATASTORE_ID,
      name: 'customers',
      syncEnabled: false,
      permissions: null,
      columns: [
        { name: 'name', type: 'STRING' },
        { name: 'region', type: 'STRING' },
        { name: 'lifetimeValue', type: 'DOUBLE' },
      ],
    },
    {
      id: NOTES_COLLECTION_ID,
      datastore: '7a2d3b63-6e3f-4d9f-ab62-2c1d2e3f4051',
      name: 'ticket notes',
      syncEnabled: false,
      permissions: 'READ,READ_CONTENT',
      columns: [],
    },
  ];
  for (const col of collections) {
    await tx.query(
      `INSERT INTO collections (id, datastore_id, name, owner, default_permissions, schema,
         sync_enabled, sync_required, created_on, updated_on, updated_by)
       VALUES ($1, $2, $3, 1, $4, $5, $6, true, $7, $7, 1)`,
      [
        col.id,
        col.datastore,
        col.name,
        col.permissions,
        JSON.stringify({ columns: col.columns }),
        col.syncEnabled,
        now,
      ],
    );
  }
  // Issue 14: customers has no default permissions; Finance (Chloe, Eve) may read it, and Chloe
  // may also add and change customers.
  await tx.query(
    `INSERT INTO collection_permissions (collection_id, principal_type, principal_id, permissions)
     VALUES ($1, 'GROUP', 102, '{READ,READ_CONTENT}'),
            ($1, 'USER', 3, '{READ,READ_CONTENT,CREATE_CONTENT,UPDATE_CONTENT}')`,
    [CUSTOMERS_COLLECTION_ID],
  );
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
      '7a2d3b63-6e3f-4d9f-ab62-2c1d2e3f4051',
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
