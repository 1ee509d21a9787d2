import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { actionInWords, useAuditEvents } from '../../api/audit';
import type { AuditEvent, AuditObjectType } from '../../api/contract/audit';
import { isApiError } from '../../api/errors';
import { objectActivityPath } from '../../lib/paths';
import { DataTable, type DataColumn } from '../DataTable';
import { DateTime } from '../DateTime';
import { EmptyState } from '../EmptyState';
import { ErrorState } from '../ErrorState';
import { LoadingState } from '../LoadingState';
import { ChangeDiff } from './ChangeDiff';
import { EventActor } from './EventActor';

export interface ObjectHistoryProps {
  objectType: AuditObjectType;
  objectId: string;
}

const top = { verticalAlign: 'top' } as const;

const historyColumns: DataColumn<AuditEvent>[] = [
  { key: 'when', header: 'When', nowrap: true, sx: top, cell: (e) => <DateTime value={e.at} /> },
  { key: 'who', header: 'Who', sx: top, cell: (e) => <EventActor actor={e.actor} /> },
  { key: 'what', header: 'What', sx: top, cell: (e) => actionInWords(e.action) },
  {
    key: 'change',
    header: 'Before → after',
    sx: top,
    cell: (e) => <ChangeDiff changes={e.changes} />,
  },
];

/** One object's own history: who changed it, when, and what changed, newest first. */
export function ObjectHistory({ objectType, objectId }: ObjectHistoryProps) {
  const events = useAuditEvents({ objectType, objectId, limit: 20 });
  if (events.isPending) return <LoadingState label="Loading the history" />;
  if (events.isError) {
    if (isApiError(events.error) && events.error.status === 403)
      return (
        <EmptyState
          title="The history is for administrators"
          description="Only Admins, or holders of the Read activity log grant, see who changed what."
        />
      );
    return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  }
  const rows = events.data.pages.flatMap((page) => page.events);
  if (rows.length === 0)
    return (
      <EmptyState title="No recorded changes" description="Changes made from now on appear here." />
    );
  return (
    <Stack spacing={1}>
      <DataTable label="History" columns={historyColumns} rows={rows} frame="none" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {events.hasNextPage && (
          <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
            Show older changes
          </Button>
        )}
        <Typography variant="body2">
          <Link component={RouterLink} to={objectActivityPath(objectType, objectId)}>
            Open in Activity
          </Link>
        </Typography>
      </Stack>
    </Stack>
  );
}
