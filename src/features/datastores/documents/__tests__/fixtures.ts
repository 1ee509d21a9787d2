import { http, HttpResponse } from 'msw';
import type { Collection, DocumentV2, JsonObject } from '../../../../api/contract';
import { aCollection, aDatastore } from '../../../../test/data';
import { server } from '../../../../test/server';

export const datastore = aDatastore();

/** The orders collection of the sample data, in small. */
export const ordersCollection = (overrides: Partial<Collection> = {}) =>
  aCollection({
    id: 'c-orders',
    name: 'orders',
    datastoreId: datastore.id,
    schema: {
      columns: [
        { name: 'orderNumber', type: 'LONG' },
        { name: 'region', type: 'STRING' },
        { name: 'quantity', type: 'LONG' },
        { name: 'unitPrice', type: 'DECIMAL' },
        { name: 'orderDate', type: 'DATE' },
        { name: 'shippedAt', type: 'DATETIME' },
        { name: 'note', type: 'STRING' },
        { name: 'tags', type: 'STRING' },
      ],
    },
    ...overrides,
  });

export const aDocument = (
  id: string,
  content: JsonObject,
  overrides: Partial<DocumentV2> = {},
): DocumentV2 => ({
  id,
  datastoreId: datastore.id,
  collectionId: 'c-orders',
  syncRequired: false,
  owner: '1001',
  createdBy: '1001',
  updatedBy: '1002',
  createdOn: '2026-03-01T09:00:00.000Z',
  updatedOn: '2026-03-02T10:30:00.000Z',
  content,
  ...overrides,
});

export const orders: DocumentV2[] = [
  aDocument('doc-1', {
    orderNumber: 10001,
    region: 'North',
    quantity: 12,
    unitPrice: 19.5,
    orderDate: '2026-03-13',
    shippedAt: '2026-03-15T08:00:00Z',
  }),
  aDocument('doc-2', { orderNumber: 10002, region: 'South', quantity: 3, unitPrice: 120 }),
  aDocument('doc-3', {
    orderNumber: 10003,
    region: 'East',
    quantity: 7,
    note: 'x'.repeat(120),
    tags: ['priority', 'gift'],
  }),
];

export interface QueryCall {
  filter: unknown;
  params: Record<string, string>;
}

/**
 * The collection, its datastore, and a query endpoint that answers `rows(filter)` paged by
 * limit and offset, or its count; every call is recorded.
 */
export function givenDocuments({
  collection = ordersCollection(),
  rows = () => orders,
}: {
  collection?: Collection;
  rows?: (filter: unknown) => DocumentV2[];
} = {}) {
  const calls: QueryCall[] = [];
  server.use(
    http.get('/api/datastores/v1/', () => HttpResponse.json([datastore])),
    http.get('/api/datastores/v1/collections/:id', () => HttpResponse.json(collection)),
    http.post('/api/datastores/v2/collections/:id/documents/query', async ({ request }) => {
      const url = new URL(request.url);
      const filter: unknown = await request.json();
      const params = Object.fromEntries(url.searchParams);
      calls.push({ filter, params });
      const all = rows(filter);
      if (params.count) return HttpResponse.json([{ [params.count]: all.length }]);
      const offset = Number(params.offset ?? 0);
      const limit = Number(params.limit ?? 10_000);
      return HttpResponse.json(all.slice(offset, offset + limit));
    }),
  );
  return { collection, calls, pageCalls: () => calls.filter((c) => !c.params.count) };
}

export const documentsUrl = (collection: Collection, search = '') =>
  `/datastores/${collection.datastoreId}/collections/${collection.id}/documents${search}`;
