import Typography from '@mui/material/Typography';
import type { AuditEvent } from '../../api/contract/audit';

/** Who acted, by name, and with which kind of token. */
export function EventActor({ actor }: { actor: AuditEvent['actor'] }) {
  return (
    <span>
      {actor.name || (actor.id === null ? 'The platform' : `User ${actor.id}`)}
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', display: 'block' }}
      >
        {actor.tokenKind === 'system' ? 'scheduled' : `${actor.tokenKind} token`}
      </Typography>
    </span>
  );
}
