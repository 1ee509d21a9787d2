import { ObjectHistory } from '../../../components';
import { useCollectionContext } from '../hooks/use-collection-context';

export function CollectionHistoryTab() {
  const { collection } = useCollectionContext();
  return <ObjectHistory objectType="collection" objectId={collection.id} />;
}
