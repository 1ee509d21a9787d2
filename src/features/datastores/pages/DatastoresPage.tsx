import { useDatastores } from '../../../api/datastores';
import { EmptyState, PageHeader, PageState } from '../../../components';
import { NewDatastoreButton } from '../components/NewDatastoreButton';
import { DatastoresTable } from '../components/DatastoresTable';
import { useCollectionCounts } from '../hooks/use-collection-counts';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

export function DatastoresPage() {
  const datastores = useDatastores();
  const collectionCounts = useCollectionCounts();
  return (
    <>
      <PageHeader
        title="Document store"
        subtitle="Datastores hold collections, and collections hold JSON documents."
        actions={<NewDatastoreButton />}
      />
      <PageState
        query={datastores}
        loading="Loading datastores"
        empty={(all) =>
          all.length === 0 && (
            <EmptyState
              title="No datastores yet"
              description="Datastores that the console's token can see appear here."
            />
          )
        }
      >
        {(all) => (
          <DatastoresTable datastores={[...all].sort(byName)} collectionCounts={collectionCounts} />
        )}
      </PageState>
    </>
  );
}
