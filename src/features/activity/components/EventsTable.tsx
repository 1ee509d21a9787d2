import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { actionInWords, objectLabel, objectTypeInWords } from '../../../api/audit';
import type { AuditEvent } from '../../../api/contract/audit';
import { ChangeDiff, DateTime } from '../../../components';
import { objectPath } from '../lib/object-path';

const top = { verticalAlign: 'top' } as const;

function ObjectCell({ object }: { object: AuditEvent['object'] }) {
  const to = objectPath(object);
  const label = objectLabel(object);
  return (
    <>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', display: 'block' }}
      >
        {objectTypeInWords[object.type]}
      </Typography>
      {to ? (
        <Link component={RouterLink} to={to}>
          {label}
        </Link>
      ) : (
        label
      )}
    </>
  );
}

function ActorCell({ event, onActor }: { event: AuditEvent; onActor: (id: number) => void }) {
  const { actor } = event;
  const name = actor.name || (actor.id === null ? 'The platform' : `User ${actor.id}`);
  return (
    <>
      {actor.id === null ? (
        name
      ) : (
        <Link
          component="button"
          type="button"
          onClick={() => onActor(actor.id!)}
          sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
          aria-label={`Show only what ${name} did`}
        >
          {name}
        </Link>
      )}
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', display: 'block' }}
      >
        {actor.tokenKind === 'system' ? 'scheduled' : `${actor.tokenKind} token`}
        {event.clientAddress ? ` · ${event.clientAddress}` : ''}
      </Typography>
    </>
  );
}

export function EventsTable({
  events,
  onActor,
}: {
  events: AuditEvent[];
  onActor: (id: number) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Activity">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell sx={{ minWidth: 190 }}>Who</TableCell>
            <TableCell>Action</TableCell>
            <TableCell sx={{ minWidth: 160 }}>Object</TableCell>
            <TableCell sx={{ width: '34%' }}>Before → after</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell sx={{ ...top, whiteSpace: 'nowrap' }}>
                <DateTime value={event.at} />
                {event.traceId && (
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ color: 'text.secondary', display: 'block' }}
                  >
                    trace {event.traceId}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={top}>
                <ActorCell event={event} onActor={onActor} />
              </TableCell>
              <TableCell sx={top}>{actionInWords(event.action)}</TableCell>
              <TableCell sx={top}>
                <ObjectCell object={event.object} />
              </TableCell>
              <TableCell sx={top}>
                <ChangeDiff changes={event.changes} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
