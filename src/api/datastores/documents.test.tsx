import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DocumentV2 } from '../contract';
import { aCollection, aDocumentStoreError } from '../../test/data';
import { server } from '../../test/server';
import { bulkCreateDocuments } from './bulk-create-documents';
import { useBulkDeleteDocuments } from './bulk-delete-documents';
import { countDocuments } from './count-documents';
import { useDeleteDocument } from './delete-document';
import { getDocument } from './get-document';
import { datastoreKeys } from './keys';
import { queryAllDocuments, queryDocuments } from './query-documents';
import { useReplaceDocument } from './replace-document';

const base = '/api/datastores/v2/collections/c%201/documents';
const aDocument = (id: string, content = {}): DocumentV2 => ({
  id,
  datastoreId: 'ds',
  collectionId: 'c 1',
  syncRequired: true,
  owner: '1001',
  createdBy: '1001',
  updatedBy: '1001',
  createdOn: '2026-03-05T10:00:00Z',
  updatedOn: '2026-03-05T10:00:00Z',
  content,
});

function withClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const collection = aCollection({ id: 'c 1' });
  queryClient.setQueryData(datastoreKeys.collection('c 1'), collection);
  queryClient.setQueryData(datastoreKeys.documentQuery('c 1', {}, { limit: 25 }), []);
  queryClient.setQueryData(datastoreKeys.document('c 1', 'd1'), aDocument('d1'));
  queryClient.setQueryData(datastoreKeys.collection('other'), aCollection({ id: 'other' }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('query documents (gaps.md)', () => {
  it('posts the filter with limit, offset and orderby, and reads v2 documents', async () => {
    let seen: { url?: URL; body?: unknown } = {};
    server.use(
      http.post(`${base}/query`, async ({ request }) => {
        seen = { url: new URL(request.url), body: await request.json() };
        return HttpResponse.json([aDocument('d1', { region: 'North' })]);
      }),
    );
    const rows = await queryDocuments(
      'c 1',
      { 'content.region': 'North' },
      { limit: 25, offset: 50, orderby: 'content.quantity descending' },
    );
    expect(rows.map((r) => r.id)).toEqual(['d1']);
    expect(seen.body).toEqual({ 'content.region': 'North' });
    expect(Object.fromEntries(seen.url!.searchParams)).toEqual({
      limit: '25',
      offset: '50',
      orderby: 'content.quantity descending',
    });
  });

  it('counts with count=total', async () => {
    server.use(
      http.post(`${base}/query`, ({ request }) =>
        new URL(request.url).searchParams.get('count') === 'total'
          ? HttpResponse.json([{ total: 82 }])
          : HttpResponse.json([], { status: 500 }),
      ),
    );
    expect(await countDocuments('c 1', {})).toBe(82);
  });

  it('a 400 is an ApiError with the platform message and trace id', async () => {
    server.use(
      http.post(`${base}/query`, () =>
        HttpResponse.json(
          aDocumentStoreError({
            status: 400,
            statusReason: 'Bad Request',
            message: 'unknown operator $near at content.region',
          }),
          { status: 400 },
        ),
      ),
    );
    await expect(queryDocuments('c 1', { a: { $near: 1 } }, {})).rejects.toMatchObject({
      status: 400,
      message: 'unknown operator $near at content.region',
      traceId: 'TOE-4F2A9C1B7E',
    });
  });

  it('reads a whole result page by page', async () => {
    const all = Array.from({ length: 2_345 }, (_, i) => aDocument(`d${i}`));
    const offsets: string[] = [];
    server.use(
      http.post(`${base}/query`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        const offset = Number(params.get('offset'));
        offsets.push(`${offset}/${params.get('limit')}/${params.get('orderby')}`);
        return HttpResponse.json(all.slice(offset, offset + Number(params.get('limit'))));
      }),
    );
    const progress: number[] = [];
    const rows = await queryAllDocuments(
      'c 1',
      {},
      { orderby: 'id ascending', onProgress: (n) => progress.push(n) },
    );
    expect(rows).toHaveLength(2_345);
    expect(rows.at(-1)?.id).toBe('d2344');
    expect(offsets).toEqual([
      '0/1000/id ascending',
      '1000/1000/id ascending',
      '2000/1000/id ascending',
    ]);
    expect(progress).toEqual([1000, 2000, 2345]);
  });
});

describe('document writes', () => {
  it('get reads the v2 document', async () => {
    server.use(http.get(`${base}/d%2F1`, () => HttpResponse.json(aDocument('d/1'))));
    expect((await getDocument('c 1', 'd/1')).id).toBe('d/1');
  });

  it('replace PUTs the whole content to v2, caches the answer and invalidates through the keys', async () => {
    let body: unknown;
    server.use(
      http.put(`${base}/d1`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aDocument('d1', { a: 2 }));
      }),
    );
    const { queryClient, wrapper } = withClient();
    const { result } = renderHook(() => useReplaceDocument(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ collectionId: 'c 1', documentId: 'd1', content: { a: 2 } }),
    );
    expect(body).toEqual({ content: { a: 2 } });
    expect(queryClient.getQueryData(datastoreKeys.document('c 1', 'd1'))).toMatchObject({
      content: { a: 2 },
    });
    expect(invalidated(queryClient, datastoreKeys.documentQuery('c 1', {}, { limit: 25 }))).toBe(
      true,
    );
    expect(invalidated(queryClient, datastoreKeys.collection('other'))).toBe(false);
  });

  it('delete is a v1 DELETE answered 204; the document leaves the cache', async () => {
    let called = '';
    server.use(
      http.delete('/api/datastores/v1/collections/c%201/documents/d1', ({ request }) => {
        called = request.method;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { queryClient, wrapper } = withClient();
    const { result } = renderHook(() => useDeleteDocument(), { wrapper });
    await act(() => result.current.mutateAsync({ collectionId: 'c 1', documentId: 'd1' }));
    expect(called).toBe('DELETE');
    expect(queryClient.getQueryState(datastoreKeys.document('c 1', 'd1'))).toBeUndefined();
    expect(invalidated(queryClient, datastoreKeys.documentQuery('c 1', {}, { limit: 25 }))).toBe(
      true,
    );
  });

  it('bulk delete sends the ids in the query string, 100 per call, and adds up Deleted', async () => {
    const calls: string[][] = [];
    server.use(
      http.delete(`${base}/bulk`, ({ request }) => {
        const ids = new URL(request.url).searchParams.get('ids')!.split(',');
        calls.push(ids);
        return HttpResponse.json({ Deleted: ids.length });
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => useBulkDeleteDocuments(), { wrapper });
    const ids = Array.from({ length: 150 }, (_, i) => `d${i}`);
    const answer = await act(() =>
      result.current.mutateAsync({ collectionId: 'c 1', documentIds: ids }),
    );
    expect(answer).toEqual({ Deleted: 150 });
    expect(calls.map((c) => c.length)).toEqual([100, 50]);
    expect(calls[0]?.slice(0, 2)).toEqual(['d0', 'd1']);
  });

  it('bulk create posts [{content}] and reads {Created}', async () => {
    let body: unknown;
    server.use(
      http.post(`${base}/bulk`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ Created: 2 });
      }),
    );
    const answer = await bulkCreateDocuments({
      collectionId: 'c 1',
      documents: [{ content: { a: 1 } }, { content: { b: 2 } }],
    });
    expect(answer).toEqual({ Created: 2 });
    expect(body).toEqual([{ content: { a: 1 } }, { content: { b: 2 } }]);
  });
});
