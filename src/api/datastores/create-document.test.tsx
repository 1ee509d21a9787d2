import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aCollection, aDocumentStoreError } from '../../test/data';
import { server } from '../../test/server';
import { ApiError } from '../errors';
import { useCreateDocument } from './create-document';
import { datastoreKeys } from './keys';

const collection = aCollection({ id: 'c 1' });
const created = {
  id: 'doc-1',
  datastoreId: collection.datastoreId,
  collectionId: collection.id,
  syncRequired: true,
  owner: '1001',
  createdBy: '1001',
  updatedBy: '1001',
  createdOn: '2026-03-05T10:00:00Z',
  updatedOn: '2026-03-05T10:00:00Z',
  content: { sku: 'A-1' },
};

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(datastoreKeys.collection(collection.id), collection);
  queryClient.setQueryData(datastoreKeys.documents(collection.id), []);
  queryClient.setQueryData(datastoreKeys.collections(collection.datastoreId), [collection]);
  queryClient.setQueryData(datastoreKeys.collection('other'), aCollection({ id: 'other' }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useCreateDocument(), { wrapper }) };
}

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('Create Document (4.2)', () => {
  it('posts the content to the v2 path, reads a v2 document, and invalidates through the keys', async () => {
    let body: unknown;
    server.use(
      http.post('/api/datastores/v2/collections/c%201/documents', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(created);
      }),
    );
    const { result, queryClient } = setup();

    const document = await act(() =>
      result.current.mutateAsync({ collectionId: 'c 1', content: { sku: 'A-1' } }),
    );

    expect(body).toEqual({ content: { sku: 'A-1' } });
    expect(document).toEqual(created);
    expect(invalidated(queryClient, datastoreKeys.collection(collection.id))).toBe(true);
    expect(invalidated(queryClient, datastoreKeys.documents(collection.id))).toBe(true);
    expect(invalidated(queryClient, datastoreKeys.collections(collection.datastoreId))).toBe(true);
    expect(invalidated(queryClient, datastoreKeys.collection('other'))).toBe(false);
  });

  it('omitted content is sent as an empty body (the platform makes it {})', async () => {
    let body: unknown;
    server.use(
      http.post('/api/datastores/v2/collections/:id/documents', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...created, content: {} });
      }),
    );
    const { result } = setup();
    await act(() => result.current.mutateAsync({ collectionId: collection.id }));
    expect(body).toEqual({});
  });

  it('a 404 is an ApiError with the trace id, and nothing is invalidated', async () => {
    server.use(
      http.post('/api/datastores/v2/collections/:id/documents', () =>
        HttpResponse.json(aDocumentStoreError(), { status: 404 }),
      ),
    );
    const { result, queryClient } = setup();
    act(() => result.current.mutate({ collectionId: collection.id, content: {} }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ status: 404, traceId: 'TOE-4F2A9C1B7E' });
    expect(invalidated(queryClient, datastoreKeys.collection(collection.id))).toBe(false);
  });

  it('a v1-shaped answer (numeric owner) is refused', async () => {
    server.use(
      http.post('/api/datastores/v2/collections/:id/documents', () =>
        HttpResponse.json({ ...created, owner: 1001 }),
      ),
    );
    const { result } = setup();
    act(() => result.current.mutate({ collectionId: collection.id, content: {} }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ kind: 'contract' });
  });
});
