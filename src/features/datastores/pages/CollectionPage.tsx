import { Link as RouterLink, Outlet, useLocation, useParams, useResolvedPath } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCollection } from '../../../api/datastores';
import { PageHeader, PageState } from '../../../components';
import type { CollectionContext } from '../hooks/use-collection-context';
import { useDatastore } from '../hooks/use-datastore';
import { datastorePath, datastoresPath } from '../../../lib/paths';
import { usePrefetchDocuments } from '../documents/hooks/use-prefetch-documents';

/** The collection's tabs, each a child route; the index route leads to Documents. */
const collectionTabs = [
  { path: 'documents', label: 'Documents' },
  { path: 'details', label: 'Details' },
  { path: 'settings', label: 'Settings' },
  { path: 'history', label: 'History' },
];

const tabId = (path: string) => `collection-tab-${path}`;

/** The first path segment below the collection's own path: the current tab. */
function useCurrentTab() {
  const base = useResolvedPath('.').pathname;
  const { pathname } = useLocation();
  return pathname.slice(base.length).split('/').filter(Boolean)[0] ?? '';
}

function CollectionTabs({ current }: { current: string }) {
  return (
    <Tabs
      // On the index route, for the moment before it leads on to Documents, no tab is current.
      value={collectionTabs.some((tab) => tab.path === current) ? current : false}
      aria-label="Collection sections"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      {collectionTabs.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={tab.label}
          component={RouterLink}
          to={tab.path}
          id={tabId(tab.path)}
          aria-controls="collection-tabpanel"
        />
      ))}
    </Tabs>
  );
}

export function CollectionPage() {
  const { datastoreId = '', collectionId = '' } = useParams();
  const collection = useCollection(collectionId);
  const datastore = useDatastore(datastoreId);
  const currentTab = useCurrentTab();
  usePrefetchDocuments(
    collectionId,
    collection.isPending && ['', 'documents'].includes(currentTab),
  );

  const title = collection.data?.name ?? (collection.isError ? collectionId : undefined);

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'Document store', to: datastoresPath() },
          { label: datastore.data?.name ?? datastoreId, to: datastorePath(datastoreId) },
        ]}
      />
      <PageState
        query={collection}
        loading={{ variant: 'details', rows: 8, label: 'Loading collection' }}
      >
        {(found) => (
          <>
            <CollectionTabs current={currentTab} />
            <Box role="tabpanel" id="collection-tabpanel" aria-labelledby={tabId(currentTab)}>
              <Outlet context={{ collection: found } satisfies CollectionContext} />
            </Box>
          </>
        )}
      </PageState>
    </>
  );
}
