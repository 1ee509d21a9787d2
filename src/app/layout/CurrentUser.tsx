import { lazy, Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { useMe } from '../../api/access';
import { useGatewayStatus } from '../../api/gateway';

const UserMenu = lazy(() => import('./UserMenu'));

/**
 * Who the console acts as (the configured token's user, or in team sign-in the person signed in):
 * name and role; its menu adds email, grants and groups, and Sign out in team sign-in.
 */
export function CurrentUser() {
  const { data: me, isError } = useMe();
  const auth = useGatewayStatus().data?.auth;
  // The button, read when the menu opens (as ThemeToggle does).
  const button = useRef<HTMLButtonElement>(null);
  // Undefined until first pressed: the menu's code loads then.
  const [open, setOpen] = useState<boolean>();
  // The platform did not say who the token is, but the gateway knows who signed in: enough to
  // name them and to offer Sign out.
  const person = isError ? auth?.person : undefined;
  if (isError && !person) return null;
  const label = me ? `${me.displayName} · ${me.role}` : (person?.name ?? 'Checking token…');
  return (
    <>
      <Button
        ref={button}
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<AccountCircleOutlinedIcon />}
        // The visible words stay whole in the name (axe: label-content-name-mismatch).
        aria-label={me ? `Signed in as ${label}` : label}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : undefined}
        disabled={!me && !person}
        onClick={() => setOpen(true)}
        data-testid="current-user"
        sx={{
          maxWidth: { xs: 140, sm: 280 },
          textTransform: 'none',
          borderRadius: 4,
          borderColor: 'divider',
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        <span className="label">{label}</span>
      </Button>
      {open !== undefined && (
        <Suspense fallback={null}>
          <UserMenu
            anchor={open ? () => button.current! : null}
            me={me}
            person={person ?? undefined}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
