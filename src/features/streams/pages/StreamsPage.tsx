import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { EmptyState, PageHeader, PageState } from '../../../components';
import { useListController } from '../../../hooks/use-list-controller';
import { NewButton } from '../../../components/NewButton';
import { formatCount, plural } from '../../../lib/format';
import { StreamFilters } from '../components/StreamFilters';
import { STREAMS_PAGE_SIZE, StreamsTable } from '../components/StreamsTable';
import { useStreamsList } from '../hooks/use-streams-list';
import { streamsSpec } from '../model/stream-list';
import { newStreamPath } from '../../../lib/paths';

function NewStreamButton({ prominent = true }: { prominent?: boolean }) {
  return (
    <NewButton to={newStreamPath()} prominent={prominent}>
      New stream
    </NewButton>
  );
}

/** Every stream the user may see: what it loads, from where, when, and how its last run went. */
export function StreamsPage() {
  const list = useListController(streamsSpec);
  const found = useStreamsList(list.params);
  const { streams } = found;
  const pager = list.pager({ pageSize: STREAMS_PAGE_SIZE, total: found.matching });

  return (
    <>
      <PageHeader
        title="Streams"
        subtitle="Where each dataset's rows come from, and how its runs went."
        actions={<NewStreamButton />}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <StreamFilters list={list} connectors={found.connectors} />
        {found.isTruncated && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Only the first {formatCount(found.total)} streams are listed and filtered here.
          </Alert>
        )}
        <PageState
          query={streams}
          loading="Loading streams"
          errorTitle="Cannot list the streams"
          empty={() =>
            found.total === 0 ? (
              <EmptyState
                title="No streams yet"
                description="A stream loads a dataset from a data file, a document-store collection or a CSV on the web, on demand or on a schedule."
                action={<NewStreamButton />}
              />
            ) : (
              found.matching === 0 && (
                <EmptyState
                  title="No stream matches these filters"
                  description={`${plural(found.total, 'stream')} in all, none of them matching. Change or clear the filters.`}
                />
              )
            )
          }
        >
          <StreamsTable
            streams={found.shown}
            connectors={found.connectors}
            pager={{ ...pager, page: Math.min(pager.page, found.lastPage) }}
          />
        </PageState>
      </Paper>
    </>
  );
}
