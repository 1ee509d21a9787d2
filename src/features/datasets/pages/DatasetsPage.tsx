import Stack from '@mui/material/Stack';
import { useDatasetPage } from '../../../api/datasets';
import { ErrorState, listPager, LoadingState, PageHeader, SearchField } from '../../../components';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { DatasetsTable } from '../components/DatasetsTable';
import { useDatasetListParams } from '../hooks/use-dataset-list-params';

export function DatasetsPage() {
  const list = useDatasetListParams();
  const datasets = useDatasetPage(list.query);
  const page = datasets.data;

  return (
    <>
      <PageHeader
        title="Datasets"
        subtitle="Tables of rows loaded by streams or synced from collections: their schema, sharing, certification and partitions."
      />
      <Stack spacing={2}>
        <SearchField label="Search by name" value={list.search} onSearch={list.setSearch} />
        {page ? (
          page.datasets.length > 0 ? (
            <DatasetsTable
              datasets={page.datasets}
              sort={list.sort}
              order={list.order}
              onSort={list.setSort}
              pager={listPager(list, { hasNextPage: page.hasNextPage })}
              updating={datasets.isPlaceholderData}
            />
          ) : (
            <ListEmptyState
              list={list}
              pastEnd={{
                title: 'No datasets on this page',
                description: 'The list is shorter than this page number.',
              }}
              noMatch={{
                title: `No dataset matches “${list.search}”`,
                description: "The search looks for this text anywhere in a dataset's name.",
              }}
              none={{
                title: 'No datasets yet',
                description:
                  'Datasets appear here when a stream loads one or a collection syncs to one.',
              }}
            />
          )
        ) : datasets.isError ? (
          <ErrorState error={datasets.error} onRetry={() => void datasets.refetch()} />
        ) : (
          <LoadingState label="Loading datasets" rows={8} />
        )}
      </Stack>
    </>
  );
}
