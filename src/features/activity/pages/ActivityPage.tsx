import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { auditCsvUrl, useAuditEvents } from '../../../api/audit';
import { isApiError } from '../../../api/errors';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components';
import { plural } from '../../../lib/format';
import { ActivityFilters } from '../components/ActivityFilters';
import { EventsTable } from '../components/EventsTable';
import { useActivityParams } from '../hooks/use-activity-params';

function Body({ params }: { params: ReturnType<typeof useActivityParams> }) {
  const events = useAuditEvents(params.filters);
  if (events.isPending) return <LoadingState label="Loading the activity" />;
  if (events.isError) {
    if (isApiError(events.error) && events.error.status === 403)
      return (
        <EmptyState
          title="The activity log is for administrators"
          description="Ask an Admin to give you the Read activity log grant through a role."
        />
      );
    return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  }
  const rows = events.data.pages.flatMap((page) => page.events);
  if (rows.length === 0)
    return params.filtered ? (
      <EmptyState
        title="No event matches these filters"
        action={<Button onClick={params.clear}>Clear filters</Button>}
      />
    ) : (
      <EmptyState
        title="Nothing recorded yet"
        description="Every change made from now on appears here."
      />
    );
  return (
    <Stack spacing={2}>
      <EventsTable events={rows} onActor={params.setActor} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
          {plural(rows.length, 'event')} shown{events.hasNextPage ? ', newest first' : ''}
        </Typography>
        {events.hasNextPage && (
          <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
            {events.isFetchingNextPage ? 'Loading…' : 'Show older events'}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** Issue 27: who did what, when, to which object, across the platform. */
export function ActivityPage() {
  const params = useActivityParams();
  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Every change to sharing, certification, tokens, exports, streams, workflows and documents."
        actions={
          <Button
            component="a"
            href={auditCsvUrl(params.filters)}
            download="activity.csv"
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Export CSV
          </Button>
        }
      />
      <ActivityFilters params={params} />
      <Body params={params} />
    </>
  );
}
