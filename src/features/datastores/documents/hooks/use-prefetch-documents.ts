import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { documentCountQueryOptions, documentsPageQueryOptions } from '../../../../api/datastores';
import { checkFilter } from '../lib/filter-check';
import { orderBy, readListState } from '../lib/list-params';

/**
 * Asks for the page of documents (and its count) that the address names while the collection
 * itself is still loading, so the grid does not wait for one request before starting the next.
 * The same queryOptions serve the grid, which then finds them in the cache.
 */
export function usePrefetchDocuments(collectionId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  useEffect(() => {
    if (!enabled) return;
    const list = readListState(params);
    const check = checkFilter(list.filter);
    if (check.kind !== 'valid') return;
    const page = {
      limit: list.pageSize,
      offset: list.page * list.pageSize,
      orderby: orderBy(list.sort),
    };
    void queryClient.prefetchQuery(documentsPageQueryOptions(collectionId, check.filter, page));
    void queryClient.prefetchQuery(documentCountQueryOptions(collectionId, check.filter));
  }, [enabled, collectionId, params, queryClient]);
}
