import { Outlet, useLocation, useParams, useResolvedPath } from 'react-router';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { datasetAccessQueryOptions } from '../../../api/access';
import { useDataset } from '../../../api/datasets';
import { PageHeader, PageState } from '../../../components';
import { CertifiedBadge } from '../components/CertifiedBadge';
import { DATASET_TABPANEL_ID, DatasetTabs, datasetTabId } from '../components/DatasetTabs';
import { plural } from '../components/format';
import type { DatasetContext } from '../hooks/use-dataset-context';
import { datasetsPath } from '../../../lib/paths';

/** The first path segment below the dataset's own path: the current tab. */
function useCurrentTab() {
  const base = useResolvedPath('.').pathname;
  const { pathname } = useLocation();
  return pathname.slice(base.length).split('/').filter(Boolean)[0] ?? '';
}

export function DatasetPage() {
  const { datasetId = '' } = useParams();
  const dataset = useDataset(datasetId);
  // Read with the dataset, so that its tabs open with their actions already enabled or not.
  const access = useQuery(datasetAccessQueryOptions(datasetId));
  const currentTab = useCurrentTab();
  const accessKnown = access.isSuccess || access.isError;
  const context: DatasetContext | undefined =
    dataset.data && accessKnown ? { dataset: dataset.data } : undefined;
  const title = dataset.data?.name ?? (dataset.isError ? datasetId : undefined);

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Datasets', to: datasetsPath() }]}
        subtitle={
          dataset.data && (
            <>
              {dataset.data.description && (
                <Box component="span">{dataset.data.description} · </Box>
              )}
              <Box component="span">
                {plural(dataset.data.rowCount, 'row')}, {plural(dataset.data.columnCount, 'column')}
              </Box>
              <Box component="span" sx={{ ml: 1, verticalAlign: 'middle' }}>
                <CertifiedBadge datasetId={dataset.data.id} />
              </Box>
            </>
          )
        }
      />
      <PageState
        query={{
          data: context,
          isError: dataset.isError,
          error: dataset.error,
          refetch: dataset.refetch,
        }}
        loading={{ variant: 'details', rows: 6, label: 'Loading dataset' }}
      >
        {(ready) => (
          <>
            <DatasetTabs current={currentTab} />
            <Box
              role="tabpanel"
              id={DATASET_TABPANEL_ID}
              aria-labelledby={datasetTabId(currentTab)}
            >
              <Outlet context={ready} />
            </Box>
          </>
        )}
      </PageState>
    </>
  );
}
