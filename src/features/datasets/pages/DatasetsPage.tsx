import Stack from '@mui/material/Stack';
import { useDatasetPage } from '../../../api/datasets';
import { PageHeader, PageState, SearchField } from '../../../components';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { useListController } from '../../../hooks/use-list-controller';
import { DatasetsTable } from '../components/DatasetsTable';
import { datasetListSpec, datasetPageParams, firstOrder } from '../lib/list-params';

export function DatasetsPage() {
  const list = useListController(datasetListSpec);
  const datasets = useDatasetPage(datasetPageParams(list.params));

  return (
    <>
      <PageHeader
        title="Datasets"
        subtitle="Tables of rows loaded by streams or synced from collections: their schema, sharing, certification and partitions."
      />
      <Stack spacing={2}>
        <SearchField label="Search by name" value={list.params.q} onSearch={list.setters.q} />
        <PageState
          query={datasets}
          loading={{ label: 'Loading datasets', rows: 8 }}
          empty={(page) =>
            page.datasets.length === 0 && (
              <ListEmptyState
                list={list}
                pastEnd={{
                  title: 'No datasets on this page',
                  description: 'The list is shorter than this page number.',
                }}
                noMatch={{
                  title: `No dataset matches “${list.params.q}”`,
                  description: "The search looks for this text anywhere in a dataset's name.",
                }}
                none={{
                  title: 'No datasets yet',
                  description:
                    'Datasets appear here when a stream loads one or a collection syncs to one.',
                }}
              />
            )
          }
        >
          {(page) => (
            <DatasetsTable
              datasets={page.datasets}
              sort={list.tableSort(firstOrder)}
              pager={list.pager({ hasNextPage: page.hasNextPage })}
              updating={datasets.isPlaceholderData}
            />
          )}
        </PageState>
      </Stack>
    </>
  );
}
