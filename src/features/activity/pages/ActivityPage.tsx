import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { auditCsvUrl, useAuditEvents } from '../../../api/audit';
import { isApiError } from '../../../api/errors';
import { EmptyState, PageHeader, PageState } from '../../../components';
import { useListController, type ListController } from '../../../hooks/use-list-controller';
import { plural } from '../../../lib/format';
import { ActivityFilters } from '../components/ActivityFilters';
import { EventsTable } from '../components/EventsTable';
import { activitySpec, auditFilters, isFiltered, noFilters } from '../lib/activity-params';

function Body({ list }: { list: ListController<typeof activitySpec> }) {
  const filters = auditFilters(list.params);
  const events = useAuditEvents(filters);
  return (
    <PageState
      query={events}
      loading="Loading the activity"
      error={(error) =>
        isApiError(error) &&
        error.status === 403 && (
          <EmptyState
            title="The activity log is for administrators"
            description="Ask an Admin to give you the Read activity log grant through a role."
          />
        )
      }
      empty={(data) =>
        data.pages.every((page) => page.events.length === 0) &&
        (isFiltered(filters) ? (
          <EmptyState
            title="No event matches these filters"
            action={<Button onClick={() => list.set(noFilters)}>Clear filters</Button>}
          />
        ) : (
          <EmptyState
            title="Nothing recorded yet"
            description="Every change made from now on appears here."
          />
        ))
      }
    >
      {(data) => {
        const rows = data.pages.flatMap((page) => page.events);
        return (
          <Stack spacing={2}>
            <EventsTable events={rows} onActor={list.setters.actor} />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
                {plural(rows.length, 'event')} shown{events.hasNextPage ? ', newest first' : ''}
              </Typography>
              {events.hasNextPage && (
                <Button
                  onClick={() => void events.fetchNextPage()}
                  disabled={events.isFetchingNextPage}
                >
                  {events.isFetchingNextPage ? 'Loading…' : 'Show older events'}
                </Button>
              )}
            </Stack>
          </Stack>
        );
      }}
    </PageState>
  );
}

/** Who did what, when, to which object, across the platform. */
export function ActivityPage() {
  const list = useListController(activitySpec);
  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Every change to sharing, certification, tokens, exports, streams, workflows and documents."
        actions={
          <Button
            component="a"
            href={auditCsvUrl(auditFilters(list.params))}
            download="activity.csv"
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Export CSV
          </Button>
        }
      />
      <ActivityFilters list={list} />
      <Body list={list} />
    </>
  );
}
