import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components';
import { NewButton } from '../../../components/NewButton';
import { formatCount, plural } from '../../../lib/format';
import { StreamFilters } from '../components/StreamFilters';
import { STREAMS_PAGE_SIZE, StreamsTable } from '../components/StreamsTable';
import { useStreamsList } from '../hooks/use-streams-list';
import { useStreamsParams } from '../hooks/use-streams-params';
import { newStreamPath } from '../paths';

function NewStreamButton({ prominent = true }: { prominent?: boolean }) {
  return (
    <NewButton to={newStreamPath()} prominent={prominent}>
      New stream
    </NewButton>
  );
}

/** Every stream the user may see: what it loads, from where, when, and how its last run went. */
export function StreamsPage() {
  const params = useStreamsParams();
  const list = useStreamsList(params);
  const { streams } = list;

  let body;
  if (streams.isPending) body = <LoadingState label="Loading streams" />;
  else if (streams.isError)
    body = (
      <ErrorState
        error={streams.error}
        title="Cannot list the streams"
        onRetry={() => void streams.refetch()}
      />
    );
  else if (list.total === 0)
    body = (
      <EmptyState
        title="No streams yet"
        description="A stream loads a dataset from a data file, a document-store collection or a CSV on the web, on demand or on a schedule."
        action={<NewStreamButton />}
      />
    );
  else if (list.matching === 0)
    body = (
      <EmptyState
        title="No stream matches these filters"
        description={`${plural(list.total, 'stream')} in all, none of them matching. Change or clear the filters.`}
      />
    );
  else
    body = (
      <StreamsTable
        streams={list.shown}
        connectors={list.connectors}
        pager={{
          page: list.page,
          pageSize: STREAMS_PAGE_SIZE,
          total: list.matching,
          onPageChange: params.setPage,
        }}
      />
    );

  return (
    <>
      <PageHeader
        title="Streams"
        subtitle="Where each dataset's rows come from, and how its runs went."
        actions={<NewStreamButton />}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <StreamFilters params={params} connectors={list.connectors} />
        {list.isTruncated && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Only the first {formatCount(list.total)} streams are listed and filtered here.
          </Alert>
        )}
        {body}
      </Paper>
    </>
  );
}
