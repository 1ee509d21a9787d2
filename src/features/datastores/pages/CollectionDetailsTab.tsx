import { CollectionDetails } from '../components/CollectionDetails';
import { useCollectionContext } from '../hooks/use-collection-context';

export function CollectionDetailsTab() {
  const { collection } = useCollectionContext();
  return <CollectionDetails collection={collection} />;
}
