import { useDatastores } from '../../../api/datastores';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components';
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
      {datastores.data ? (
        datastores.data.length === 0 ? (
          <EmptyState
            title="No datastores yet"
            description="Datastores that the console's token can see appear here."
          />
        ) : (
          <DatastoresTable
            datastores={[...datastores.data].sort(byName)}
            collectionCounts={collectionCounts}
          />
        )
      ) : datastores.isError ? (
        <ErrorState error={datastores.error} onRetry={() => void datastores.refetch()} />
      ) : (
        <LoadingState label="Loading datastores" />
      )}
    </>
  );
}
