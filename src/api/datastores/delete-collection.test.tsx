import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aCollection } from '../../test/data';
import { server } from '../../test/server';
import { useDeleteCollection } from './delete-collection';
import { datastoreKeys } from './keys';

describe('Delete Collection (gaps.md)', () => {
  it('takes the collection out of every cached list at once, so no list asks for its count', async () => {
    const gone = aCollection({ id: 'gone' });
    const kept = aCollection({ id: 'kept' });
    server.use(
      http.delete('/api/datastores/v1/collections/gone', () => HttpResponse.json(gone)),
      // The lists read again answer slowly: what is shown meanwhile is the cache.
      http.get('*', () => new Promise<Response>(() => {})),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(datastoreKeys.collections(gone.datastoreId), [gone, kept]);
    queryClient.setQueryData([...datastoreKeys.collectionLists(), { all: true }], [kept, gone]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useDeleteCollection(), { wrapper });
    await act(async () => {
      result.current.mutate({ collectionId: 'gone' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(result.current.isSuccess).toBe(true);
    expect(queryClient.getQueryData(datastoreKeys.collections(gone.datastoreId))).toEqual([kept]);
    expect(queryClient.getQueryData([...datastoreKeys.collectionLists(), { all: true }])).toEqual([
      kept,
    ]);
  });
});
