import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { actionInWords, objectLabel, objectTypeInWords } from '../../../api/audit';
import type { AuditEvent } from '../../../api/contract/audit';
import { ChangeDiff, DataTable, DateTime, type DataColumn } from '../../../components';
import { objectPath } from '../lib/object-path';

const top = { verticalAlign: 'top' } as const;

const Caption = ({ children }: { children: ReactNode }) => (
  <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
    {children}
  </Typography>
);

function ObjectCell({ object }: { object: AuditEvent['object'] }) {
  const to = objectPath(object);
  const label = objectLabel(object);
  return (
    <>
      <Caption>{objectTypeInWords[object.type]}</Caption>
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

function WhenCell({ event }: { event: AuditEvent }) {
  return (
    <>
      <DateTime value={event.at} />
      {event.traceId && <Caption>trace {event.traceId}</Caption>}
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
      <Caption>
        {actor.tokenKind === 'system' ? 'scheduled' : `${actor.tokenKind} token`}
        {event.clientAddress ? ` · ${event.clientAddress}` : ''}
      </Caption>
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
  const columns: DataColumn<AuditEvent>[] = [
    {
      key: 'when',
      header: 'When',
      nowrap: true,
      sx: top,
      cell: (event) => <WhenCell event={event} />,
    },
    {
      key: 'who',
      header: 'Who',
      headerSx: { minWidth: 190 },
      sx: top,
      cell: (event) => <ActorCell event={event} onActor={onActor} />,
    },
    { key: 'action', header: 'Action', sx: top, cell: (event) => actionInWords(event.action) },
    {
      key: 'object',
      header: 'Object',
      headerSx: { minWidth: 160 },
      sx: top,
      cell: (event) => <ObjectCell object={event.object} />,
    },
    {
      key: 'change',
      header: 'Before → after',
      headerSx: { width: '34%' },
      sx: top,
      cell: (event) => <ChangeDiff changes={event.changes} />,
    },
  ];
  return <DataTable label="Activity" columns={columns} rows={events} frame="none" />;
}
