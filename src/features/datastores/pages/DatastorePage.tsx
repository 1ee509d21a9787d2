import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import { useCollections } from '../../../api/datastores';
import { EmptyState, PageHeader, PageState } from '../../../components';
import { CollectionsTable } from '../components/CollectionsTable';
import { NewCollectionButton } from '../components/CreateCollectionDialog';
import { IdText } from '../components/IdText';
import { useDatastore } from '../hooks/use-datastore';
import { datastoresPath } from '../../../lib/paths';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** A datastore: its collections. */
export function DatastorePage() {
  const { datastoreId = '' } = useParams();
  const datastore = useDatastore(datastoreId);
  const collections = useCollections(datastoreId);
  const title = datastore.data?.name ?? (datastore.isPending ? undefined : datastoreId);

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Document store', to: datastoresPath() }]}
        actions={datastore.data && <NewCollectionButton datastoreId={datastoreId} />}
        subtitle={
          <>
            Datastore <IdText value={datastoreId} />
          </>
        }
      />
      {datastore.data === null ? (
        <EmptyState
          title="Not found, or you have no access"
          description="No datastore with this id is visible to the console."
          action={
            <Button component={RouterLink} to={datastoresPath()}>
              All datastores
            </Button>
          }
        />
      ) : (
        <PageState
          query={collections}
          loading="Loading collections"
          empty={(all) =>
            all.length === 0 && (
              <EmptyState
                title="This datastore has no collections yet"
                description="A collection holds JSON documents and describes them with a column schema."
              />
            )
          }
        >
          {(all) => <CollectionsTable collections={[...all].sort(byName)} />}
        </PageState>
      )}
    </>
  );
}
