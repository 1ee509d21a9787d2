import { useMemo } from 'react';
import { useAllCollections } from '../../../api/datastores';

/** How many collections each datastore holds, counted from the list of every collection. */
export function useCollectionCounts() {
  const collections = useAllCollections();
  return useMemo(() => {
    if (!collections.data) return undefined;
    const counts = new Map<string, number>();
    for (const c of collections.data)
      counts.set(c.datastoreId, (counts.get(c.datastoreId) ?? 0) + 1);
    return counts;
  }, [collections.data]);
}
