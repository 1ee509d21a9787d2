import { useOutletContext } from 'react-router';
import type { Collection } from '../../../api/contract';

export interface CollectionContext {
  collection: Collection;
}

/** The collection a tab of the collection page shows (loaded once by the page). */
export const useCollectionContext = () => useOutletContext<CollectionContext>();
