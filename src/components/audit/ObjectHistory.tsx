import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { actionInWords, useAuditEvents } from '../../api/audit';
import type { AuditObjectType } from '../../api/contract/audit';
import { isApiError } from '../../api/errors';
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

/** The Activity screen's address, filtered to one object (the activity feature owns the route). */
export const objectActivityPath = (objectType: AuditObjectType, objectId: string) =>
  `/activity?${new URLSearchParams({ objectType, objectId })}`;

/** One object's own history (issue 27): who changed it, when, and what changed, newest first. */
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
      <Table size="small" aria-label="History">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Before → after</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((event) => (
            <TableRow key={event.id}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                <DateTime value={event.at} />
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <EventActor actor={event.actor} />
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>{actionInWords(event.action)}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <ChangeDiff changes={event.changes} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
